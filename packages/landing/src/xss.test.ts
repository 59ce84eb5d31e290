import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement } from './element.ts';
import { ELEMENT_TYPES } from './element-types.ts';
import { hostile, validHostileDocument } from './hostile-documents.ts';
import { renderDocument, renderHead } from './render.ts';
import { validateDocument } from './rules.ts';
import { findUnsafeOutput, XSS_CASES } from './xss-corpus.ts';

/** The tags of `html` with their quoted attribute values removed: what a browser reads as markup. */
function markupOnly(html: string): string {
  return Array.from(html.matchAll(/<[^>]*>/g), ([tag]) => tag.replace(/="[^"]*"/g, ''))
    .join('')
    .toLowerCase();
}

describe('XSS corpus', () => {
  it('holds at least 40 distinct payloads', () => {
    expect(XSS_CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(XSS_CASES.map((item) => item.name)).size).toBe(XSS_CASES.length);
  });

  it.each(XSS_CASES.map((item) => [item.name, item.document] as const))(
    'validateDocument refuses %s',
    (_, document) => {
      expect(validateDocument(document).length).toBeGreaterThan(0);
    },
  );

  it.each(XSS_CASES.map((item) => [item.name, item.document] as const))(
    'render stays inert for %s',
    (_, document) => {
      const { html, css } = renderDocument(document as LandingDocument);
      expect(findUnsafeOutput(html, css)).toEqual([]);
      expect(markupOnly(html)).not.toMatch(/<script|<svg|<style|<object|<embed|\son\w+|srcdoc/);
      expect(html.toLowerCase()).not.toMatch(/<script|(href|src)="\s*javascript:/);
      const head = renderHead(document as LandingDocument);
      expect(head.toLowerCase()).not.toMatch(/<script|javascript:/);
    },
  );

  it('the output checker itself catches unsafe output', () => {
    expect(findUnsafeOutput('<p>x</p><script>alert(1)</script>', '')).not.toEqual([]);
    expect(findUnsafeOutput('<img src="x" onerror="alert(1)">', '')).not.toEqual([]);
    expect(findUnsafeOutput('<a href="jav&#x09;ascript:x">', '')).toEqual([]);
    expect(findUnsafeOutput('<a href=" javascript:x">', '')).not.toEqual([]);
    expect(findUnsafeOutput('<iframe src="https://evil.example/" sandbox="">', '')).not.toEqual([]);
    expect(findUnsafeOutput('<iframe src="https://www.youtube.com/embed/x">', '')).not.toEqual([]);
    expect(findUnsafeOutput('<p>', '.a{background:url(javascript:x)}')).not.toEqual([]);
    expect(findUnsafeOutput('<p>', '.a{color:red}}</style>')).not.toEqual([]);
    expect(findUnsafeOutput('<p>', '.a{background-image:url("/a.png")}')).toEqual([]);
  });
});

// --- property tests ------------------------------------------------------------------------

const STYLE_KEYS = [
  'color',
  'width',
  'backgroundImage',
  'fontFamily',
  'display',
  'margin',
  'boxShadow',
  'behavior',
  '__proto__',
];

const hostileElement: fc.Arbitrary<unknown> = fc.record({
  type: fc.constantFrom(...ELEMENT_TYPES, 'script', 'svg'),
  name: hostile,
  text: hostile,
  attributes: fc.record({
    id: fc.oneof(fc.constant('ok1'), hostile),
    href: hostile,
    src: hostile,
    alt: hostile,
    title: hostile,
    placeholder: hostile,
    value: hostile,
    fieldKey: hostile,
    mask: hostile,
    htmlFor: hostile,
    width: hostile,
    inputType: hostile,
    target: fc.constantFrom('_blank', '_self', hostile),
  }),
  styles: fc.dictionary(fc.constantFrom(...STYLE_KEYS), hostile),
  stylesMobile: fc.dictionary(fc.constantFrom(...STYLE_KEYS), hostile),
  stylesApplyInMobile: fc.boolean(),
  parentId: fc.constant('dropZone'),
  childrens: fc.constant([]),
});

/** Wraps an element in a form inside a div so form controls and links render with children. */
function hostileDocument(elements: unknown[], title: string): LandingDocument {
  return {
    ...createDocument(),
    page: { title, description: title, shareImageUrl: title, shareTitle: title, shareDescription: title },
    elements: [
      ...elements,
      { ...createElement('form', { id: 'f' }), childrens: elements },
      { ...createElement('a', { id: 'l', attributes: { href: '/x' } }), childrens: elements },
      { ...createElement('select', { id: 's' }), childrens: elements },
    ],
  } as unknown as LandingDocument;
}

describe('render properties', () => {
  it('never outputs executable markup for arbitrary text, attribute and style strings', () => {
    fc.assert(
      fc.property(fc.array(hostileElement, { maxLength: 4 }), hostile, (elements, title) => {
        const document = hostileDocument(elements, title);
        const { html, css } = renderDocument(document, { pageUrl: title });
        expect(findUnsafeOutput(html, css)).toEqual([]);
        expect(markupOnly(html)).not.toMatch(/<script|\son[a-z]+/);
        const head = renderHead(document, { pageUrl: title });
        expect(head).not.toMatch(/<(?!title>|\/title>|meta )/);
      }),
      { numRuns: 400 },
    );
  });

  it('renders text verbatim once the escaping is undone', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const { html } = renderDocument({
          ...createDocument(),
          elements: [createElement('p', { id: 'p', text })],
        });
        const content = html.slice(
          '<div class="lp-page"><p id="p" class="lp-p">'.length,
          -'</p></div>'.length,
        );
        expect(content).not.toMatch(/[<>"']/);
        const decoded = content
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&');
        expect(decoded).toBe(text);
      }),
    );
  });

  it('documents that validate, hostile in every field they allow, render inert', () => {
    const runs = 300;
    let valid = 0;
    fc.assert(
      fc.property(validHostileDocument, (document) => {
        if (validateDocument(document).length > 0) return;
        valid += 1;
        const { html, css } = renderDocument(document);
        expect(findUnsafeOutput(html, css)).toEqual([]);
        expect(markupOnly(html)).not.toMatch(/<script|\son[a-z]+|srcdoc/);
        expect(renderHead(document)).not.toMatch(/<(?!title>|\/title>|meta )/);
      }),
      { numRuns: runs },
    );
    // the generator must keep producing documents the validator accepts, or the property is void
    expect(valid / runs).toBeGreaterThanOrEqual(0.9);
  }, 60_000); // 300 whole documents: about 1 s on a quiet machine, over 5 s on a loaded one
});
