import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainTextToHtml, richTextHtml, sanitizeRichText } from './rich-text.ts';

/** The tags and attributes of `html`: what a browser would read as markup. */
function tagsOf(html: string): string[] {
  return Array.from(html.matchAll(/<[^>]*>/g), ([tag]) => tag.toLowerCase());
}
const ALLOWED_TAG =
  /^<\/?(p|br|strong|b|em|i|u|ul|ol|li|h2|h3|h4)>$|^<\/a>$|^<a href="[^"]*" target="_blank" rel="noopener noreferrer">$/;

describe('rich text', () => {
  it('keeps bold, italic, lists, headings and safe links', () => {
    const html =
      '<h2>Bases</h2><p>Participan <strong>mayores</strong> de <em>edad</em>.</p>' +
      '<ul><li>Uno</li><li>Dos</li></ul><ol><li>A</li></ol>' +
      '<p>Vea <a href="https://acme.example/privacidad">la política</a> &amp; más.</p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Bases</h2><p>Participan <strong>mayores</strong> de <em>edad</em>.</p>' +
        '<ul><li>Uno</li><li>Dos</li></ul><ol><li>A</li></ol>' +
        '<p>Vea <a href="https://acme.example/privacidad" target="_blank" rel="noopener noreferrer">la política</a> &amp; más.</p>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" style="x">ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', 'x'],
    ['<a href=" javascript:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>">x</a>', 'x'],
    ['<svg><script>alert(1)</script></svg>tail', 'tail'],
    ['<style>p{}</style><p>a</p>', '<p>a</p>'],
    ['<iframe src="https://evil.example"></iframe>b', 'b'],
    ['<!-- <script>alert(1)</script> -->c', 'c'],
    ['<p>a<b>b</p>', '<p>a<b>b</b></p>'],
    ['</p><p>x', '<p>x</p>'],
    ['<p title="a>b">t</p>', '<p>t</p>'],
    ['1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<textarea><p>x</p></textarea>y', 'y'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>z', 'z'],
    [
      '<a href="/bases" onmouseover="x">b</a>',
      '<a href="/bases" target="_blank" rel="noopener noreferrer">b</a>',
    ],
    ['<script>never closed <p>x</p>', ''],
    ['<p>a<ul><li>b</li></ul></p>', '<p>a</p><ul><li>b</li></ul>'],
    ['<p><b>a<h3>t</h3>', '<p><b>a</b></p><h3>t</h3>'],
  ])('makes %s inert', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('is stable: sanitising its own output changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const once = sanitizeRichText(text);
        expect(sanitizeRichText(once)).toBe(once);
      }),
    );
  });

  it('never outputs a tag or attribute outside the allow-list, whatever the input', () => {
    const pieces = fc.constantFrom(
      '<p>',
      '</p>',
      '<a href="javascript:x">',
      '<a href=https://x.example>',
      '</a>',
      '<script>',
      '</script>',
      '<img src=x onerror=y>',
      '<b onclick=x>',
      '"',
      "'",
      '<',
      '>',
      '&',
      '&#x3c;',
      'texto',
      '<!--',
      '-->',
      '<style>',
      '<ul><li>',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const html = sanitizeRichText(parts.join(''));
        for (const tag of tagsOf(html)) expect(tag).toMatch(ALLOWED_TAG);
        expect(html).not.toMatch(/javascript:|onerror|onclick|<script|<style|<img/i);
      }),
      { numRuns: 500 },
    );
  });

  it('shows plain text as paragraphs, and nothing for empty text', () => {
    expect(plainTextToHtml('Bases <1>\n\nSegunda línea\ny más')).toBe(
      '<p>Bases &lt;1&gt;</p><p>Segunda línea<br>y más</p>',
    );
    expect(richTextHtml('Participación gratuita.')).toBe('<p>Participación gratuita.</p>');
    expect(richTextHtml('<p> </p><p><br></p>')).toBe('');
    expect(richTextHtml(null)).toBe('');
    expect(richTextHtml('<p><b>Hola</b></p><script>x</script>')).toBe('<p><b>Hola</b></p>');
  });
});
