/**
 * Test support (fast-check): hostile strings, and landing documents that pass validation while
 * carrying them in every text, attribute, URL and style field, so the render property tests check
 * what a tenant can really save, not only documents the validator refuses anyway.
 */
import fc from 'fast-check';
import type { LandingDocument } from './document.ts';
import type { LandingElement } from './element.ts';
import {
  CONTAINER_TYPES,
  ELEMENT_TYPES,
  type ElementType,
  LANDING_LIMITS,
  LANDING_SCHEMA_VERSION,
  SINGLETON_TYPES,
  TOP_LEVEL_PARENT,
} from './element-types.ts';
import { placementCode } from './placement.ts';
import {
  checkStyle,
  isAllowedIframeSrc,
  isSafeImageUrl,
  isSafeLinkUrl,
  looksLikeMarkup,
  STYLE_PROPERTIES,
} from './sanitize.ts';

/** Strings biased towards the characters and fragments injections are made of. */
export const hostile = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc
    .array(
      fc.constantFrom(
        '<',
        '>',
        '"',
        "'",
        '`',
        '&',
        '#',
        ';',
        ':',
        '/',
        '\\',
        '(',
        ')',
        '{',
        '}',
        '=',
        ' ',
        '\t',
        '\n',
        '\u0000',
        'script',
        'javascript',
        'JaVaScRiPt',
        'data',
        'on',
        'onerror',
        'onload',
        'url',
        'expression',
        '@import',
        'style',
        'iframe',
        'srcdoc',
        'svg',
        'img',
        'alert(1)',
        '&#58;',
        '&#x3a;',
        '&colon;',
        '%3A',
        '*/',
        '/*',
        'https',
        'www.youtube.com',
        'embed',
        'x',
      ),
      { maxLength: 14 },
    )
    .map((parts) => parts.join('')),
);

/** Hostile text the validator accepts: quotes, ampersands, entities, `javascript:`, `< 1`. */
const hostileText = fc
  .oneof(
    hostile,
    fc
      .array(
        fc.constantFrom('"', "'", '&', '&lt;script&gt;', '&#60;img', '"/>', "'>", '< 1', 'javascript:', '`'),
        {
          maxLength: 8,
        },
      )
      .map((parts) => parts.join('')),
  )
  .filter((value) => !looksLikeMarkup(value));

/** URL pieces: encoded and entity forms of quotes, brackets and schemes, and scheme look-alikes. */
const URL_PIECES = [
  '%22',
  '%27',
  '%3C',
  '%3E',
  '&quot;',
  '&#34;',
  '&#x3a;',
  '?',
  '#',
  '=',
  '&',
  '/',
  'x',
  '%00',
];
const urlTail = (pieces: string[]) =>
  fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join(''));

const url = (
  prefixes: string[],
  isAccepted: (value: string) => boolean,
  pieces = [...URL_PIECES, 'javascript:', 'onerror='],
) =>
  fc
    .tuple(fc.constantFrom(...prefixes), urlTail(pieces))
    .map(([prefix, tail]) => prefix + tail)
    .filter(isAccepted);

const linkUrl = url(
  ['https://example.com/', 'http://a.b/', 'mailto:a@b.c?', 'tel:+1', '/', '?', '#', ''],
  isSafeLinkUrl,
);
const imageUrl = url(['https://example.com/', 'http://a.b/', '/assets/', ''], isSafeImageUrl);
// findUnsafeOutput, bluntly on purpose, refuses `javascript:` anywhere in CSS and a url() that
// starts with anything but a scheme, `/` or a path character: CSS urls stay within that
const cssUrl = url(['https://example.com/', 'http://a.b/', '/assets/'], isSafeImageUrl, URL_PIECES);
const iframeUrl = url(
  ['https://www.youtube.com/embed/', 'https://player.vimeo.com/video/'],
  isAllowedIframeSrc,
);

/** Style values near the edge of what is allowed: functions, comments, urls, quotes, escapes. */
const styleEntry = fc
  .tuple(
    fc.constantFrom(...STYLE_PROPERTIES),
    fc.oneof(
      fc.constantFrom(
        '#abc',
        'transparent',
        'block',
        'center',
        'bold',
        'none',
        '10px',
        'calc(100% - 2px)',
        'Arial, "Open Sans"',
      ),
      cssUrl.map((value) => `url("${value}")`),
      fc
        .array(
          fc.constantFrom(
            'calc(',
            'expression(',
            ')',
            '/*',
            '*/',
            '"',
            '\\',
            ';',
            '}',
            '<',
            '1px',
            ' ',
            '-',
            '#',
            '%',
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        )
        .map((parts) => parts.join('')),
    ),
  )
  .filter(([property, value]) => checkStyle(property, value).ok);
const styles = fc.array(styleEntry, { maxLength: 4 }).map((entries) => Object.fromEntries(entries));

const id = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,10}$/);

/** Attributes allowed on `type`, the free-text ones hostile. */
function attributesOf(type: ElementType) {
  return fc.record(
    {
      width: fc.stringMatching(/^(auto|\d{1,5}(px|%|em|rem|vw|vh)?)$/),
      height: fc.stringMatching(/^(auto|\d{1,5}(px|%|em|rem|vw|vh)?)$/),
      target: fc.constantFrom('_self', '_blank'),
      alt: hostileText,
      title: hostileText,
      placeholder: hostileText,
      value: hostileText,
      name: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,10}$/),
      fieldKey: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,10}$/),
      inputType: fc.constantFrom('text', 'email', 'tel', 'number', 'date', 'checkbox', 'radio'),
      required: fc.boolean(),
      mask: fc.stringMatching(/^[0-9A-Za-z*()\-. /+]{0,20}$/),
      datePart: fc.constantFrom('day', 'month', 'year'),
      htmlFor: id,
      ...(type === 'a' ? { href: linkUrl } : {}),
      ...(type === 'img' ? { src: imageUrl } : {}),
      ...(type === 'iframe' ? { src: iframeUrl } : {}),
    },
    { requiredKeys: [] },
  );
}

/** A tree whose elements may stand where they are (row > column, select > option, fields in forms). */
function elementUnder(ancestors: ElementType[]): fc.Arbitrary<LandingElement> {
  const types = ELEMENT_TYPES.filter(
    (type) => !SINGLETON_TYPES.has(type) && placementCode(type, ancestors) === null,
  );
  return fc.constantFrom(...types).chain((type) =>
    fc.record({
      type: fc.constant(type),
      name: hostileText.filter((value) => value.length <= LANDING_LIMITS.maxNameLength),
      text: hostileText,
      attributes: attributesOf(type).map((attributes) => ({ ...attributes, id: '' })),
      styles,
      stylesMobile: styles,
      stylesApplyInMobile: fc.boolean(),
      childrens:
        CONTAINER_TYPES.has(type) && ancestors.length < 3
          ? fc.array(elementUnder([type, ...ancestors]), { maxLength: 3 })
          : fc.constant([]),
      parentId: fc.constant(''),
    }),
  );
}

/** Unique ids in document order, and each child's parentId its parent's id. */
function linkIds(elements: LandingElement[], parentId: string, next: () => string): LandingElement[] {
  return elements.map((element) => {
    const elementId = next();
    return {
      ...element,
      attributes: { ...element.attributes, id: elementId },
      parentId,
      childrens: linkIds(element.childrens, elementId, next),
    };
  });
}

/** A document meant to pass `validateDocument()`, hostile wherever the format leaves room. */
export const validHostileDocument: fc.Arbitrary<LandingDocument> = fc
  .record({
    title: hostileText,
    description: hostileText,
    shareImageUrl: imageUrl,
    elements: fc.array(elementUnder([]), { minLength: 1, maxLength: 4 }),
    pageStyles: styles,
  })
  .map(({ title, description, shareImageUrl, elements, pageStyles }) => {
    let count = 0;
    return {
      schemaVersion: LANDING_SCHEMA_VERSION,
      page: { title, description, shareImageUrl, styles: pageStyles },
      elements: linkIds(elements, TOP_LEVEL_PARENT, () => `e${++count}`),
    };
  });
