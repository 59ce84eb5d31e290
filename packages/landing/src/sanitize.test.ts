import { describe, expect, it } from 'vitest';
import {
  checkStyle,
  isAllowedIframeSrc,
  isSafeImageUrl,
  isSafeLinkUrl,
  looksLikeMarkup,
  normaliseColour,
  STYLE_PROPERTIES,
  toKebabCase,
} from './sanitize.ts';

describe('link URLs', () => {
  it.each([
    'https://example.com/a?b=1&c=2#d',
    'http://example.com',
    'mailto:promo@example.com',
    'tel:+50688887777',
    '/terms',
    './terms',
    '../terms',
    '#form',
    '?utm=1',
    'terms.html',
    '',
    'HTTPS://EXAMPLE.COM',
  ])('accepts %j', (url) => {
    expect(isSafeLinkUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'javascript :alert(1)',
    'java\tscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript&#58;alert(1)',
    'javascript&#0000058alert(1)',
    'javascript&colon;alert(1)',
    '&#x6a;avascript:alert(1)',
    'javascript%3aalert(1)',
    'vbscript:x',
    'data:text/html,x',
    'file:///etc/passwd',
    'ftp://example.com',
    '//evil.example',
    '/\\evil.example',
    'https://a.example/"onclick=x',
    "https://a.example/'x",
    'https://a.example/<x>',
    'https://a.example/a b',
    `https://a.example/${'a'.repeat(2100)}`,
  ])('refuses %j', (url) => {
    expect(isSafeLinkUrl(url)).toBe(false);
  });
});

describe('image URLs', () => {
  it.each(['https://cdn.example/a.png', 'http://cdn.example/a.png', '/assets/a.png', 'a.png', ''])(
    'accepts %j',
    (url) => {
      expect(isSafeImageUrl(url)).toBe(true);
    },
  );
  it.each(['mailto:a@b.c', 'tel:1', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'blob:https://x/1'])(
    'refuses %j',
    (url) => {
      expect(isSafeImageUrl(url)).toBe(false);
    },
  );
});

describe('iframe allow-list', () => {
  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10',
    'https://player.vimeo.com/video/76979871',
    'https://www.google.com/maps/embed?pb=!1m18!1m12',
    'https://www.openstreetmap.org/export/embed.html?bbox=-84.1,9.9,-84.0,10.0&layer=mapnik',
  ])('accepts %s', (url) => {
    expect(isAllowedIframeSrc(url)).toBe(true);
  });
  it.each([
    'http://www.youtube.com/embed/x',
    'https://youtube.com/embed/x',
    'https://www.youtube.com/watch?v=x',
    'https://www.youtube.com:8443/embed/x',
    'https://user:pw@www.youtube.com/embed/x',
    'https://www.youtube.com.evil.example/embed/x',
    'https://evil.example/www.youtube.com/embed/x',
    'https://www.google.com/search?q=x',
    'https://www.openstreetmap.org/',
    '/embed/x',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedIframeSrc(url)).toBe(false);
  });
});

describe('colours', () => {
  it.each([
    ['fff', '#fff'],
    ['#FFF', '#fff'],
    ['c0c0c0', '#c0c0c0'],
    ['#C0C0C0', '#c0c0c0'],
    ['11223344', '#11223344'],
    ['#11223380', '#11223380'],
    [' #abc ', '#abc'],
    ['transparent', 'transparent'],
    ['currentColor', 'currentcolor'],
    ['inherit', 'inherit'],
  ])('accepts %j as %j', (input, css) => {
    expect(normaliseColour(input)).toBe(css);
  });
  it.each(['ff', '#ffff', 'fffff', '#1234567', '123456789', 'ggg', '#', '', 'red', 'rgb(0,0,0)', '#fff;'])(
    'refuses %j',
    (input) => {
      expect(normaliseColour(input)).toBeNull();
    },
  );
  it('reports COLOR_FORMAT for a colour property', () => {
    expect(checkStyle('color', 'blue')).toEqual({ ok: false, code: 'COLOR_FORMAT' });
    expect(checkStyle('backgroundColor', 'abc')).toEqual({ ok: true, value: '#abc' });
    expect(checkStyle('borderColor', '#12345')).toEqual({ ok: false, code: 'COLOR_FORMAT' });
  });
});

describe('style declarations', () => {
  it('refuses properties outside the allow-list', () => {
    for (const property of [
      'background',
      'behavior',
      'MozBinding',
      'content',
      'filter',
      '__proto__',
      'all',
    ]) {
      expect(checkStyle(property, 'x')).toEqual({ ok: false, code: 'UNKNOWN_FIELD' });
    }
  });

  it.each([
    ['width', '100%'],
    ['width', 'calc(100% - 20px)'],
    ['margin', '0 auto'],
    ['boxShadow', '0 2px 4px rgba(0, 0, 0, 0.2)'],
    ['gridTemplateColumns', 'repeat(3, minmax(0, 1fr))'],
    ['fontFamily', '"Open Sans", Arial, sans-serif'],
    ['fontFamily', "'Roboto'"],
    ['backgroundImage', 'linear-gradient(90deg, #fff 0%, #000 100%)'],
    ['opacity', '0.5'],
    ['zIndex', '10'],
    ['border', '1px solid #ccc'],
  ])('accepts %s: %s', (property, value) => {
    expect(checkStyle(property, value)).toEqual({ ok: true, value });
  });

  it('normalises background images to url("...") and enum values to lower case', () => {
    expect(checkStyle('backgroundImage', "url('/assets/bg.jpg')")).toEqual({
      ok: true,
      value: 'url("/assets/bg.jpg")',
    });
    expect(checkStyle('backgroundImage', 'url(https://cdn.example/bg.jpg)')).toEqual({
      ok: true,
      value: 'url("https://cdn.example/bg.jpg")',
    });
    expect(checkStyle('backgroundImage', 'none')).toEqual({ ok: true, value: 'none' });
    expect(checkStyle('display', 'FLEX')).toEqual({ ok: true, value: 'flex' });
  });

  it.each([
    ['display', 'table'],
    ['position', 'fixed'],
    ['width', '1px;color:red'],
    ['width', '1px}'],
    ['width', '1px!important'],
    ['width', 'expression(alert(1))'],
    ['width', 'url(https://x.example/a)'],
    ['width', 'var(--x)'],
    ['width', 'calc(1px'],
    ['width', 'calc(1px))('],
    ['width', '1px /* x */'],
    ['width', 'a:b'],
    ['width', '@import'],
    ['width', '"x"'],
    ['width', ''],
    ['width', 42],
    ['fontFamily', 'Arial; color: red'],
    ['fontFamily', '"Arial'],
    ['backgroundImage', 'url(javascript:alert(1))'],
    ['backgroundImage', 'url("//evil.example/x.png")'],
    ['backgroundImage', 'url()'],
    ['backgroundImage', 'url(a.png) , url(b.png)'],
  ])('refuses %s: %j', (property, value) => {
    expect(checkStyle(property, value).ok).toBe(false);
  });

  it('refuses values longer than the limit with FIELD_TOO_LONG', () => {
    expect(checkStyle('width', `${'1'.repeat(201)}px`)).toEqual({ ok: false, code: 'FIELD_TOO_LONG' });
  });

  it('converts camelCase to kebab-case', () => {
    expect(toKebabCase('backgroundColor')).toBe('background-color');
    expect(toKebabCase('borderTopLeftRadius')).toBe('border-top-left-radius');
    expect(toKebabCase('gap')).toBe('gap');
  });

  it('holds the properties the spec names', () => {
    for (const property of [
      'width',
      'height',
      'marginTop',
      'paddingLeft',
      'color',
      'fontSize',
      'borderRadius',
      'gap',
      'display',
      'boxShadow',
    ]) {
      expect(STYLE_PROPERTIES.has(property)).toBe(true);
    }
  });
});

describe('markup in plain text', () => {
  it.each(['<b>', '</p>', '<!--', '<?xml', '< script>', 'x onerror=1', 'a" onclick ="b'])(
    'flags %j',
    (value) => {
      expect(looksLikeMarkup(value)).toBe(true);
    },
  );
  it.each([
    'Precio < 100',
    '3 <4',
    'Gane un viaje!',
    'once upon a time',
    'a > b',
    'Tom & Jerry',
    'Promo = 2x1',
  ])('allows %j', (value) => {
    expect(looksLikeMarkup(value)).toBe(false);
  });
});
