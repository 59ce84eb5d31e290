/**
 * What may reach a public page: URL schemes, iframe hosts, CSS properties and values, colours.
 * The validator refuses anything else on save, and the renderer runs the same checks again and
 * drops what fails (defence in depth), so a document that skipped validation still renders inert.
 */
import type { ErrorCode } from '@promo/contract';
import { LANDING_LIMITS } from './element-types.ts';

// Characters a URL may never hold: whitespace and C0/C1 controls (browsers strip or ignore them,
// which is how `java\tscript:` works), quotes, angle brackets, backticks, backslashes, invisible
// separators. Percent-encode them instead.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const URL_FORBIDDEN = /[\u0000-\u0020\u007f-\u00a0"'<>`\\\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  amp: '&',
};

/** The URL as a browser might read it after a careless extra decoding: entities, percent escapes, controls. */
function decodeForCheck(value: string): string {
  let decoded = value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => safeFromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => safeFromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole);
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // not percent-decodable: the raw form is checked as it is
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these inside a scheme.
  return decoded.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\ufeff]/g, '');
}

function safeFromCodePoint(code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function isUrlWithSchemes(value: string, schemes: readonly string[]): boolean {
  if (value.length > LANDING_LIMITS.maxUrlLength || URL_FORBIDDEN.test(value)) return false;
  for (const candidate of [value, decodeForCheck(value)]) {
    const scheme = SCHEME.exec(candidate)?.[1]?.toLowerCase();
    if (scheme === undefined) {
      // relative: a path, query or fragment of this site, never protocol-relative `//host`
      if (candidate.startsWith('//')) return false;
    } else if (!schemes.includes(scheme)) {
      return false;
    }
  }
  return true;
}

export const LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;
export const IMAGE_SCHEMES = ['https', 'http'] as const;

/** An `href`: https, http, mailto, tel or relative. Empty means "no link". */
export function isSafeLinkUrl(value: string): boolean {
  return value === '' || isUrlWithSchemes(value, LINK_SCHEMES);
}

/** An image `src` (or share image, or CSS background): https, http or relative (e.g. `/assets/...`). */
export function isSafeImageUrl(value: string): boolean {
  return value === '' || isUrlWithSchemes(value, IMAGE_SCHEMES);
}

/** Hosts an iframe may show, with the path prefix of their embed pages. Always rendered sandboxed. */
export const IFRAME_ALLOW_LIST: Readonly<Record<string, readonly string[]>> = {
  'www.youtube.com': ['/embed/'],
  'www.youtube-nocookie.com': ['/embed/'],
  'player.vimeo.com': ['/video/'],
  'www.google.com': ['/maps/embed'],
  'www.openstreetmap.org': ['/export/embed.html'],
};

/** An iframe `src`: https only, a host of the allow-list and its embed path; no credentials or port. */
export function isAllowedIframeSrc(value: string): boolean {
  if (!isUrlWithSchemes(value, ['https'])) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const prefixes = IFRAME_ALLOW_LIST[url.hostname];
  if (!prefixes) return false;
  // The raw text must name the same host the parser found, so no parser trick moves the host.
  if (!value.toLowerCase().startsWith(`https://${url.hostname}/`)) return false;
  return prefixes.some((prefix) => url.pathname.startsWith(prefix));
}

/**
 * Plain text (element text, alt, placeholder, title, option value) is rendered escaped, so markup
 * in it is harmless; it is still refused on save because it is an attack or a misunderstanding.
 * Event-handler look-alikes (`onerror=`) count as markup too; `<` followed by a space or digit
 * ("precio < 100") stays allowed.
 */
export function looksLikeMarkup(value: string): boolean {
  return /<\s*[!/?a-zA-Z]/.test(value) || /\bon[a-z]+\s*=/i.test(value);
}

// --- colours ---------------------------------------------------------------------------------

const HEX_COLOUR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const COLOUR_KEYWORDS = new Set(['transparent', 'currentcolor', 'inherit']);

/**
 * A colour as the builder stores it: 3, 6 or 8 hex digits with an optional '#' (spec), or the
 * keywords transparent, currentColor, inherit. Returns the CSS form ('#' added, lower case) or null.
 */
export function normaliseColour(value: string): string | null {
  const trimmed = value.trim();
  const hex = HEX_COLOUR.exec(trimmed)?.[1];
  if (hex !== undefined) return `#${hex.toLowerCase()}`;
  const lower = trimmed.toLowerCase();
  return COLOUR_KEYWORDS.has(lower) ? lower : null;
}

export function isColour(value: string): boolean {
  return normaliseColour(value) !== null;
}

// --- CSS -------------------------------------------------------------------------------------

const GLOBAL_KEYWORDS = ['inherit', 'initial', 'unset'];
const ALIGN = ['flex-start', 'flex-end', 'center', 'baseline', 'stretch', 'start', 'end', 'normal'];

/** Properties with a closed set of values. */
const ENUM_VALUES: Record<string, readonly string[]> = {
  display: ['block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid', 'inline-grid', 'none'],
  position: ['static', 'relative', 'absolute', 'sticky'],
  overflow: ['visible', 'hidden', 'auto', 'scroll', 'clip'],
  textAlign: ['left', 'right', 'center', 'justify', 'start', 'end'],
  fontStyle: ['normal', 'italic', 'oblique'],
  fontWeight: [
    'normal',
    'bold',
    'lighter',
    'bolder',
    '100',
    '200',
    '300',
    '400',
    '500',
    '600',
    '700',
    '800',
    '900',
  ],
  textTransform: ['none', 'uppercase', 'lowercase', 'capitalize'],
  flexDirection: ['row', 'row-reverse', 'column', 'column-reverse'],
  flexWrap: ['nowrap', 'wrap', 'wrap-reverse'],
  justifyContent: [
    'flex-start',
    'flex-end',
    'center',
    'space-between',
    'space-around',
    'space-evenly',
    'start',
    'end',
    'stretch',
    'normal',
  ],
  alignItems: ALIGN,
  alignSelf: [...ALIGN, 'auto'],
  objectFit: ['fill', 'contain', 'cover', 'none', 'scale-down'],
  cursor: ['auto', 'default', 'pointer', 'text'],
  borderStyle: [
    'none',
    'solid',
    'dashed',
    'dotted',
    'double',
    'hidden',
    'groove',
    'ridge',
    'inset',
    'outset',
  ],
  backgroundRepeat: ['repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'space', 'round'],
  whiteSpace: ['normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line'],
  verticalAlign: ['baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom'],
  listStyleType: ['none', 'disc', 'circle', 'square', 'decimal'],
};

/** Properties holding exactly one colour. */
const COLOUR_PROPERTIES = new Set(['color', 'backgroundColor', 'borderColor']);

/** Properties with free-form values, checked by the generic value rule. */
const FREE_PROPERTIES = [
  'width',
  'height',
  'minWidth',
  'maxWidth',
  'minHeight',
  'maxHeight',
  'margin',
  'marginTop',
  'marginRight',
  'marginBottom',
  'marginLeft',
  'padding',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'backgroundSize',
  'backgroundPosition',
  'fontSize',
  'lineHeight',
  'letterSpacing',
  'textDecoration',
  'border',
  'borderTop',
  'borderRight',
  'borderBottom',
  'borderLeft',
  'borderWidth',
  'borderRadius',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'flex',
  'flexGrow',
  'flexShrink',
  'flexBasis',
  'order',
  'gap',
  'rowGap',
  'columnGap',
  'gridTemplateColumns',
  'boxShadow',
  'textShadow',
  'opacity',
  'top',
  'right',
  'bottom',
  'left',
  'zIndex',
];

/** Every CSS property a style map may hold (camelCase, as the builder stores them). */
export const STYLE_PROPERTIES: ReadonlySet<string> = new Set([
  ...FREE_PROPERTIES,
  ...Object.keys(ENUM_VALUES),
  ...COLOUR_PROPERTIES,
  'backgroundImage',
  'fontFamily',
]);

/** Functions a free-form value may call. No url(), expression(), image-set(), var() or attr(). */
const CSS_FUNCTIONS = new Set([
  'calc',
  'min',
  'max',
  'clamp',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'linear-gradient',
  'radial-gradient',
  'repeat',
  'minmax',
]);
// Letters, digits, space and # % . , ( ) + - * / _ only: no ; { } < > \ : @ ! & quotes or backticks.
const FREE_VALUE = /^[A-Za-z0-9 #%.,()+\-*/_]+$/;
const FONT_NAME = `(?:[A-Za-z][A-Za-z0-9 -]*|"[A-Za-z0-9 -]+"|'[A-Za-z0-9 -]+')`;
const FONT_FAMILY = new RegExp(`^${FONT_NAME}(?:\\s*,\\s*${FONT_NAME})*$`);
const BACKGROUND_URL = /^url\(\s*(["']?)([^"'()\s]*)\1\s*\)$/i;

function isSafeFreeValue(value: string): boolean {
  if (!FREE_VALUE.test(value) || value.includes('/*') || value.includes('*/')) return false;
  let depth = 0;
  for (const char of value) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  if (depth !== 0) return false;
  for (const match of value.matchAll(/([A-Za-z-]*)\(/g)) {
    if (!CSS_FUNCTIONS.has((match[1] ?? '').toLowerCase())) return false;
  }
  return true;
}

export type StyleCheck = { ok: true; value: string } | { ok: false; code: ErrorCode };

/**
 * Checks one style declaration and returns the CSS value to emit. Used by the validator (which
 * reports the code) and by the CSS compiler (which drops what fails).
 */
export function checkStyle(property: string, rawValue: unknown): StyleCheck {
  if (!STYLE_PROPERTIES.has(property)) return { ok: false, code: 'UNKNOWN_FIELD' };
  if (typeof rawValue !== 'string') return { ok: false, code: 'FIELD_INVALID' };
  const value = rawValue.trim();
  const max =
    property === 'backgroundImage'
      ? LANDING_LIMITS.maxBackgroundImageLength
      : LANDING_LIMITS.maxStyleValueLength;
  if (value.length > max) return { ok: false, code: 'FIELD_TOO_LONG' };
  if (value === '') return { ok: false, code: 'FIELD_INVALID' };
  if (COLOUR_PROPERTIES.has(property)) {
    const colour = normaliseColour(value);
    return colour === null ? { ok: false, code: 'COLOR_FORMAT' } : { ok: true, value: colour };
  }
  const allowed = ENUM_VALUES[property];
  if (allowed) {
    const lower = value.toLowerCase();
    return allowed.includes(lower) || GLOBAL_KEYWORDS.includes(lower)
      ? { ok: true, value: lower }
      : { ok: false, code: 'FIELD_INVALID' };
  }
  if (property === 'fontFamily') {
    return FONT_FAMILY.test(value) ? { ok: true, value } : { ok: false, code: 'FIELD_INVALID' };
  }
  if (property === 'backgroundImage') {
    if (value.toLowerCase() === 'none') return { ok: true, value: 'none' };
    const url = BACKGROUND_URL.exec(value)?.[2];
    if (url !== undefined) {
      return url !== '' && isSafeImageUrl(url)
        ? { ok: true, value: `url("${url}")` }
        : { ok: false, code: 'FIELD_INVALID' };
    }
  }
  return isSafeFreeValue(value) ? { ok: true, value } : { ok: false, code: 'FIELD_INVALID' };
}

/** `backgroundColor` -> `background-color`. */
export function toKebabCase(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
