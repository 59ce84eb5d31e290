/**
 * Rich text of a campaign's terms and privacy notice: a small allow-list of HTML (paragraphs,
 * line breaks, bold, italic, underline, lists, headings h2-h4, links). `richTextHtml()` is used to
 * store (the server keeps its output) and again to render, so even a value that skipped the
 * server renders inert. No DOM: a tokenizer keeps allowed tags without attributes (a link keeps a
 * safe `href` only), drops every other tag (the content of script-like elements too), escapes text
 * and closes whatever is left open. Plain text (no allowed tag: older campaigns, API clients)
 * becomes paragraphs.
 */
import { escapeHtml } from './escape.ts';
import { isSafeLinkUrl } from './sanitize.ts';

/** The tags a rich text keeps. */
export const RICH_TEXT_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'a',
]);

/** Elements dropped with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'textarea',
  'title',
  'noscript',
  'noembed',
  'noframes',
  'svg',
  'math',
  'select',
  'xmp',
  'plaintext',
  'head',
]);

/** Longest stored rich text (characters of HTML), as the campaign schema allows. */
export const RICH_TEXT_MAX_LENGTH = 20_000;
const MAX_DEPTH = 20;
/** Blocks that end an open paragraph, as the HTML parser does (`<p>a<ul>` is `<p>a</p><ul>`). */
const CLOSES_PARAGRAPH = new Set(['p', 'ul', 'ol', 'h2', 'h3', 'h4']);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<[!?/][^>]*>?|<|[^<]+/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const ENTITY = /&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text as HTML: markup characters escaped, well-formed character references kept as they are. */
function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '&') {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(text)?.[0];
      if (entity) {
        out += entity;
        i += entity.length - 1;
        continue;
      }
    }
    out += escapeHtml(char);
  }
  return out;
}

/** An attribute value with its character references decoded (what the browser would read). */
function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

function linkHref(attributes: string): string | null {
  const match = HREF.exec(attributes);
  const raw = match ? (match[1] ?? match[2] ?? match[3] ?? '') : '';
  const href = decodeAttribute(raw).trim();
  return href !== '' && isSafeLinkUrl(href) ? href : null;
}

/** The allow-listed, well-formed HTML of `html` (see the module comment). */
export function sanitizeRichText(html: string): string {
  const input = html.slice(0, RICH_TEXT_MAX_LENGTH * 2);
  const lower = input.toLowerCase();
  /** Open allowed elements; `null` marks an `<a>` without a safe link (its end tag is dropped). */
  const open: (string | null)[] = [];
  let out = '';
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(input); match; match = TOKEN.exec(input)) {
    const [whole, slash, rawName, attributes = ''] = match;
    if (rawName === undefined) {
      if (whole === '<') out += '&lt;';
      else if (whole[0] !== '<') out += escapeText(whole);
      continue;
    }
    const name = rawName.toLowerCase();
    const closing = slash === '/';
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = lower.indexOf(`</${name}`, TOKEN.lastIndex);
      const after = end < 0 ? -1 : lower.indexOf('>', end);
      TOKEN.lastIndex = after < 0 ? input.length : after + 1;
      continue;
    }
    if (!RICH_TEXT_TAGS.has(name)) continue;
    if (name === 'br') {
      if (!closing) out += '<br>';
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      const nullLink = name === 'a' ? open.lastIndexOf(null) : -1;
      if (nullLink > at) {
        for (const tag of open.splice(nullLink).reverse()) if (tag) out += `</${tag}>`;
        continue;
      }
      if (at < 0) continue;
      for (const tag of open.splice(at).reverse()) if (tag) out += `</${tag}>`;
      continue;
    }
    const paragraph = CLOSES_PARAGRAPH.has(name) ? open.lastIndexOf('p') : -1;
    if (paragraph >= 0) for (const tag of open.splice(paragraph).reverse()) if (tag) out += `</${tag}>`;
    if (open.length >= MAX_DEPTH) continue;
    if (name === 'a') {
      const href = linkHref(attributes);
      if (!href) {
        open.push(null);
        continue;
      }
      out += `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">`;
    } else out += `<${name}>`;
    open.push(name);
  }
  for (const tag of open.reverse()) if (tag) out += `</${tag}>`;
  return out;
}

const RICH_TAG = /<\/?(?:p|br|strong|b|em|i|u|ul|ol|li|h2|h3|h4|a)(?:[\s/>]|$)/i;

/** Plain text as paragraphs (blank lines between them) with line breaks, escaped. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${part.split(/\r?\n/).map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/**
 * A terms or privacy text as safe HTML: rich text sanitised, plain text as paragraphs; '' when
 * there is nothing to show (no text, or only empty paragraphs).
 */
export function richTextHtml(value: string | null | undefined): string {
  if (!value?.trim()) return '';
  const html = RICH_TAG.test(value) ? sanitizeRichText(value) : plainTextToHtml(value);
  const visible = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\u00a0/g, '');
  return visible.trim() === '' ? '' : html;
}
