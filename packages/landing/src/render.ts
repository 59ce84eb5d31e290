/**
 * Server-side render of a landing document to an HTML body fragment plus its stylesheet: plain
 * string building, no React on the public page. Text and attribute values are always escaped,
 * only allow-listed attributes are written, and URLs and styles are checked again here, so even a
 * document that skipped `validateDocument()` renders inert.
 */

import { compileCss } from './css.ts';
import type { LandingDocument } from './document.ts';
import { DATE_PARTS, INPUT_TYPES } from './element.ts';
import { elementClass } from './element-class.ts';
import { CONTAINER_TYPES, type ElementType, LANDING_LIMITS, TEXT_TYPES } from './element-types.ts';
import { escapeHtml } from './escape.ts';
import {
  asElement,
  asRecord,
  asString,
  childrenOf,
  type RawElement,
  type RawRecord,
  safeId,
} from './guards.ts';
import { isAllowedIframeSrc, isSafeImageUrl, isSafeLinkUrl } from './sanitize.ts';
import { type ShareTarget, shareLinks } from './share.ts';

export { escapeHtml };

/** Attributes the iframe always carries: sandboxed, no referrer beyond the origin. */
export const IFRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

const FIELD_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
const MASK = /^[0-9A-Za-z*()\-. /+]{1,60}$/;
const PIXELS = /^(\d{1,5})(px)?$/;
const VOID_TYPES: ReadonlySet<ElementType> = new Set(['img', 'input', 'masked-input']);

type Attr = [name: string, value: string | true];

function attrs(list: readonly (Attr | null)[]): string {
  let out = '';
  for (const item of list) {
    if (!item) continue;
    const [name, value] = item;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

function text(
  attributes: RawRecord,
  key: string,
  max: number = LANDING_LIMITS.maxAttributeLength,
): string | undefined {
  return asString(attributes[key])?.slice(0, max);
}

function pixels(attributes: RawRecord, key: 'width' | 'height'): Attr | null {
  const digits = PIXELS.exec(asString(attributes[key]) ?? '')?.[1];
  return digits === undefined ? null : [key, digits];
}

function fieldName(attributes: RawRecord): Attr | null {
  const name = asString(attributes.fieldKey) ?? asString(attributes.name);
  return name !== undefined && FIELD_NAME.test(name) ? ['name', name] : null;
}

function optional(name: string, value: string | undefined): Attr | null {
  return value === undefined ? null : [name, value];
}

/** A control no label names, with a title: the title becomes its accessible name too. */
function unlabelledTitle(element: RawElement, ctx: Context): Attr | null {
  const title = text(element.attributes, 'title');
  return title && element.id && !ctx.labelled.has(element.id) ? ['aria-label', title] : null;
}

type Context = {
  depth: number;
  inForm: boolean;
  budget: { left: number };
  /** For a label without `htmlFor`: the id of the control right after it. */
  labelFor?: string | undefined;
  /** Ids of the controls some label names; the others are named by their title (aria-label). */
  labelled: ReadonlySet<string>;
  /** What share buttons share: the page's address and title. */
  share: ShareTarget;
  /** Trusted HTML of the caller that fills every map element (its box and list of centres). */
  mapContent: string;
};

const CLASS_BY_TYPE: Partial<Record<ElementType, string>> = {
  row: 'lp-row',
  column: 'lp-column',
  map: 'lp-map',
  'reward-code': 'lp-reward-code',
  'share-buttons': 'lp-share',
};

/** Tag and attributes of one element, or null when it must not be rendered at all. */
function openTag(element: RawElement, ctx: Context): { tag: string; attributes: (Attr | null)[] } | null {
  const { type, attributes: a, id } = element;
  const classes = [CLASS_BY_TYPE[type], id === undefined ? undefined : elementClass(id)]
    .filter(Boolean)
    .join(' ');
  const common: (Attr | null)[] = [
    optional('id', id),
    classes ? ['class', classes] : null,
    optional('title', text(a, 'title')),
  ];
  switch (type) {
    case 'row':
    case 'column':
    case 'div':
      return { tag: 'div', attributes: common };
    case 'map':
      return { tag: 'div', attributes: [...common, ['data-map', true]] };
    case 'reward-code':
      return { tag: 'div', attributes: [...common, ['data-reward-code', true], ['aria-live', 'polite']] };
    case 'share-buttons':
      return { tag: 'div', attributes: [...common, ['role', 'group'], ['aria-label', 'Compartir']] };
    case 'a': {
      const href = asString(a.href);
      const blank = a.target === '_blank';
      return {
        tag: 'a',
        attributes: [
          ...common,
          href && isSafeLinkUrl(href) ? ['href', href] : null,
          blank ? ['target', '_blank'] : null,
          blank ? ['rel', 'noopener noreferrer'] : null,
        ],
      };
    }
    case 'img': {
      const src = asString(a.src);
      return {
        tag: 'img',
        attributes: [
          ...common,
          src && isSafeImageUrl(src) ? ['src', src] : null,
          ['alt', text(a, 'alt') ?? ''],
          pixels(a, 'width'),
          pixels(a, 'height'),
          ['loading', 'lazy'],
          ['decoding', 'async'],
        ],
      };
    }
    case 'iframe': {
      const src = asString(a.src);
      if (!src || !isAllowedIframeSrc(src)) return null;
      return {
        tag: 'iframe',
        attributes: [
          ...common,
          ['src', src],
          ['sandbox', IFRAME_SANDBOX],
          ['allow', 'fullscreen; picture-in-picture; encrypted-media'],
          ['referrerpolicy', 'strict-origin-when-cross-origin'],
          ['loading', 'lazy'],
          pixels(a, 'width'),
          pixels(a, 'height'),
        ],
      };
    }
    case 'form':
      return { tag: 'form', attributes: [...common, ['method', 'post'], ['data-landing-form', true]] };
    case 'input':
    case 'masked-input': {
      const inputType = asString(a.inputType);
      const kind =
        type === 'input' && (INPUT_TYPES as readonly unknown[]).includes(inputType) ? inputType : 'text';
      const mask = asString(a.mask);
      const checkable = kind === 'checkbox' || kind === 'radio';
      return {
        tag: 'input',
        attributes: [
          ...common,
          unlabelledTitle(element, ctx),
          ['type', kind ?? 'text'],
          fieldName(a),
          optional('placeholder', text(a, 'placeholder')),
          checkable ? optional('value', text(a, 'value')) : null,
          a.required === true ? ['required', true] : null,
          type === 'masked-input' && mask !== undefined && MASK.test(mask) ? ['data-mask', mask] : null,
        ],
      };
    }
    case 'textarea':
    case 'select': {
      const part = asString(a.datePart);
      return {
        tag: type,
        attributes: [
          ...common,
          unlabelledTitle(element, ctx),
          fieldName(a),
          type === 'textarea' ? optional('placeholder', text(a, 'placeholder')) : null,
          a.required === true ? ['required', true] : null,
          type === 'select' && (DATE_PARTS as readonly unknown[]).includes(part)
            ? ['data-date-part', part as string]
            : null,
        ],
      };
    }
    case 'option':
      return { tag: 'option', attributes: [...common, optional('value', text(a, 'value'))] };
    case 'button':
      return { tag: 'button', attributes: [...common, ['type', ctx.inForm ? 'submit' : 'button']] };
    case 'label': {
      const target = safeId({ id: a.htmlFor }) ?? ctx.labelFor;
      return { tag: 'label', attributes: [...common, optional('for', target)] };
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'p':
    case 'ul':
    case 'ol':
    case 'li':
      return { tag: type, attributes: common };
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

const LABELLED_TYPES: ReadonlySet<ElementType> = new Set(['input', 'masked-input', 'textarea', 'select']);

function isCheckable(element: RawElement | null): element is RawElement {
  const kind = element?.attributes.inputType;
  return element?.type === 'input' && (kind === 'checkbox' || kind === 'radio');
}

/** Whether `label` names `control`: its `htmlFor` is the control's id, or it has none. */
function names(label: RawElement | null, control: RawElement | null): boolean {
  if (label?.type !== 'label' || !control?.id) return false;
  const target = asString(label.attributes.htmlFor);
  return target === undefined || target === control.id;
}

/**
 * The children of one parent, in order. A check box or radio and the label beside it (before or
 * after) render together in `.lp-check`, the box first; a label without `htmlFor` right before a
 * control names that control.
 */
function renderChildren(items: unknown[], ctx: Context, parentType: ElementType | null): string {
  let out = '';
  for (let i = 0; i < items.length; i += 1) {
    const current = asElement(items[i]);
    const next = asElement(items[i + 1]);
    const pair = isCheckable(next) && names(current, next) ? 'label-first' : null;
    const pairAfter = isCheckable(current) && names(next, current) ? 'box-first' : null;
    if (pair || pairAfter) {
      const [box, label] = pair ? [items[i + 1], items[i]] : [items[i], items[i + 1]];
      const boxId = (pair ? next : current)?.id;
      out += `<div class="lp-check">${renderElement(box, ctx, parentType)}${renderElement(label, { ...ctx, labelFor: boxId }, parentType)}</div>`;
      i += 1;
      continue;
    }
    const labelFor = current?.type === 'label' && next && LABELLED_TYPES.has(next.type) ? next.id : undefined;
    out += renderElement(items[i], { ...ctx, labelFor }, parentType);
  }
  return out;
}

/** The ids of the controls named by a label (its `htmlFor`, or the control right after it). */
function labelledIds(items: unknown[], into: Set<string>, depth: number): Set<string> {
  for (let i = 0; i < items.length; i += 1) {
    const current = asElement(items[i]);
    if (!current) continue;
    if (current.type === 'label') {
      const next = asElement(items[i + 1]);
      const target =
        safeId({ id: current.attributes.htmlFor }) ??
        (next && LABELLED_TYPES.has(next.type) ? next.id : undefined);
      if (target) into.add(target);
    }
    if (depth < LANDING_LIMITS.maxDepth) labelledIds(childrenOf(current.raw.childrens), into, depth + 1);
  }
  return into;
}

function renderElement(value: unknown, ctx: Context, parentType: ElementType | null): string {
  const element = asElement(value);
  if (!element || ctx.budget.left <= 0) return '';
  if (parentType === 'select' && element.type !== 'option') return '';
  ctx.budget.left -= 1;
  const open = openTag(element, ctx);
  if (!open) return '';
  const start = `<${open.tag}${attrs(open.attributes)}>`;
  if (VOID_TYPES.has(element.type)) return start;
  let inner = '';
  if (element.type === 'share-buttons') inner += shareLinks(ctx.share);
  if (element.type === 'map') inner += ctx.mapContent;
  const content = asString(element.raw.text);
  if (content !== undefined && TEXT_TYPES.has(element.type))
    inner += escapeHtml(content.slice(0, LANDING_LIMITS.maxTextLength));
  if (CONTAINER_TYPES.has(element.type) && ctx.depth < LANDING_LIMITS.maxDepth) {
    const child: Context = {
      depth: ctx.depth + 1,
      inForm: ctx.inForm || element.type === 'form',
      budget: ctx.budget,
      labelled: ctx.labelled,
      share: ctx.share,
      mapContent: ctx.mapContent,
    };
    inner += renderChildren(childrenOf(element.raw.childrens), child, element.type);
  }
  return `${start}${inner}</${open.tag}>`;
}

export type RenderedLanding = {
  /** Body fragment: `<div class="lp-page">...</div>`. */
  html: string;
  /** The page's stylesheet, for a `<style>` element (with the page's CSP nonce) or a cached file. */
  css: string;
};

/**
 * Renders `document` (validated or not) to an inert HTML fragment and its CSS. `header` (trusted
 * HTML of the caller, e.g. the tenant's logo) goes first inside the page; `mapContent` (trusted
 * HTML too) fills the map elements, so their content is there at first paint.
 */
export function renderDocument(
  document: LandingDocument,
  options: {
    header?: string;
    pageUrl?: string;
    mapContent?: string;
    /** What share buttons share; the page's own address and share title unless given. */
    share?: ShareTarget;
  } = {},
): RenderedLanding {
  const elements = childrenOf(asRecord(document)?.elements);
  const ctx: Context = {
    depth: 1,
    inForm: false,
    budget: { left: LANDING_LIMITS.maxElements },
    labelled: labelledIds(elements, new Set(), 1),
    share: options.share ?? { url: options.pageUrl ?? '', title: shareMeta(document).title },
    mapContent: options.mapContent ?? '',
  };
  const body = renderChildren(elements, ctx, null);
  return {
    html: `<div class="lp-page">${options.header ?? ''}${body}</div>`,
    css: compileCss(document).replace(/</g, '\\3c '),
  };
}

const SNIPPET_LENGTH = 160;

/** The text of the first non-empty paragraph of the page (depth first), for search results. */
function firstParagraph(items: unknown[], depth: number): string | undefined {
  for (const item of items) {
    const element = asElement(item);
    if (!element) continue;
    const own = element.type === 'p' ? asString(element.raw.text)?.replace(/\s+/g, ' ').trim() : undefined;
    if (own) return own;
    if (depth < LANDING_LIMITS.maxDepth) {
      const inner = firstParagraph(childrenOf(element.raw.childrens), depth + 1);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * The page's meta description: its own, else the first paragraph it shows (cut at a word near 160
 * characters), so that a page nobody wrote a description for (a thank-you page) still has one.
 */
export function pageDescription(document: LandingDocument): string | undefined {
  const own = asString(asRecord(asRecord(document)?.page)?.description)?.trim();
  if (own) return own.slice(0, 500);
  const text = firstParagraph(childrenOf(asRecord(document)?.elements), 1);
  if (!text || text.length <= SNIPPET_LENGTH) return text;
  const cut = text.slice(0, SNIPPET_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The page's share title, description and image (falling back to its title and description). */
export function shareMeta(document: LandingDocument): {
  title: string;
  description?: string;
  image?: string;
} {
  const page = asRecord(asRecord(document)?.page) ?? {};
  const title = asString(page.shareTitle) || (asString(page.title) ?? '');
  const description = asString(page.shareDescription) || pageDescription(document);
  const image = asString(page.shareImageUrl);
  return {
    title: title.slice(0, 200),
    ...(description ? { description: description.slice(0, 500) } : {}),
    ...(image && isSafeImageUrl(image) ? { image } : {}),
  };
}

/** `path` as an absolute http(s) address against `origin`, or undefined. */
export function absoluteUrl(path: string, origin: string | undefined): string | undefined {
  try {
    const url = new URL(path, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `<title>`, description, the canonical address and the share meta tags (Open Graph and Twitter
 * card) of the page, escaped. `pageUrl` (absolute) gives og:url and the canonical link, and makes
 * a relative share image absolute. `entry`, for a page that is not where people start (the
 * thank-you page of a group), is the page that is (the group's form page): the canonical link and
 * every share tag name it, so a shared address or a link preview invites to take part.
 */
export function renderHead(
  document: LandingDocument,
  options: { pageUrl?: string; entry?: { document: LandingDocument; url: string } } = {},
): string {
  const page = asRecord(asRecord(document)?.page) ?? {};
  const title = asString(page.title)?.slice(0, 200) ?? '';
  const description = pageDescription(document);
  const shared = options.entry ?? (options.pageUrl ? { document, url: options.pageUrl } : undefined);
  const share = shareMeta(shared?.document ?? document);
  const sharedUrl = shared ? absoluteUrl(shared.url, undefined) : undefined;
  const image = share.image === undefined ? undefined : absoluteUrl(share.image, sharedUrl);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  let head = `<title>${escapeHtml(title)}</title>`;
  if (description !== undefined) head += meta('name', 'description', description);
  if (sharedUrl) head += `<link rel="canonical" href="${escapeHtml(sharedUrl)}">`;
  head += meta('property', 'og:title', share.title);
  if (share.description !== undefined) head += meta('property', 'og:description', share.description);
  if (sharedUrl) head += meta('property', 'og:url', sharedUrl);
  if (image) head += meta('property', 'og:image', image);
  head += meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary');
  head += meta('name', 'twitter:title', share.title);
  if (share.description !== undefined) head += meta('name', 'twitter:description', share.description);
  if (image) head += meta('name', 'twitter:image', image);
  return head;
}
