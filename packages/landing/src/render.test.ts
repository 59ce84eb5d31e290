import { describe, expect, it } from 'vitest';
import { createDocument, LandingDocument } from './document.ts';
import { createElement, type LandingElement } from './element.ts';
import sample from './fixtures/sample-page.json' with { type: 'json' };
import { escapeHtml, IFRAME_SANDBOX, pageDescription, renderDocument, renderHead } from './render.ts';
import { findUnsafeOutput } from './xss-corpus.ts';

function page(...elements: LandingElement[]): LandingDocument {
  return { ...createDocument({ title: 'T' }), elements };
}
const html = (...elements: LandingElement[]) => renderDocument(page(...elements)).html;
const inner = (...elements: LandingElement[]) =>
  html(...elements).replace(/^<div class="lp-page">|<\/div>$/g, '');
const withChildren = (element: LandingElement, ...childrens: LandingElement[]): LandingElement => ({
  ...element,
  childrens: childrens.map((child) => ({ ...child, parentId: element.attributes.id })),
});

describe('renderDocument', () => {
  it('renders the sample page with forms, widgets and inert output', () => {
    const { html: out, css } = renderDocument(LandingDocument.parse(sample));
    expect(out).toContain('<form id="form-7" class="lp-form-7" method="post" data-landing-form>');
    expect(out).toContain('name="cedula"');
    expect(out).toContain('data-mask="999-9999999-9"');
    expect(out).toContain('<input id="input-16" class="lp-input-16" type="email" name="email" required>');
    expect(out).toContain(
      '<div id="reward-code-13" class="lp-reward-code lp-reward-code-13" data-reward-code',
    );
    expect(out).toContain('<div id="map-14" class="lp-map lp-map-14" data-map></div>');
    expect(out).toContain('<button id="button-12" class="lp-button-12" type="submit">Send</button>');
    expect(out).toContain('Terms &amp; conditions');
    expect(css).toContain('@media (max-width: 768px){.lp-h1-1{font-size:28px;}');
    expect(findUnsafeOutput(out, css)).toEqual([]);
  });

  it('escapes text and attribute values', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(inner(createElement('p', { id: 'p', text: '<script>alert("x")</script> & co' }))).toBe(
      '<p id="p" class="lp-p">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>',
    );
    expect(inner(createElement('img', { id: 'i', attributes: { src: '/a.png', alt: '"><b>' } }))).toBe(
      '<img id="i" class="lp-i" src="/a.png" alt="&quot;&gt;&lt;b&gt;" loading="lazy" decoding="async">',
    );
  });

  it('names form controls by fieldKey (or name) and types buttons by context', () => {
    const form = withChildren(
      createElement('form', { id: 'f' }),
      createElement('input', {
        id: 'i1',
        attributes: { fieldKey: 'phone', name: 'ignored', inputType: 'tel', placeholder: '8888-8888' },
      }),
      createElement('textarea', { id: 't', attributes: { name: 'comment' } }),
      withChildren(
        createElement('select', { id: 's', attributes: { fieldKey: 'department', required: true } }),
        createElement('option', { id: 'o', text: 'San José', attributes: { value: 'SJ' } }),
      ),
      createElement('button', { id: 'b', text: 'Enviar' }),
    );
    expect(inner(form, createElement('button', { id: 'b2', text: 'Ir' }))).toBe(
      '<form id="f" class="lp-f" method="post" data-landing-form>' +
        '<input id="i1" class="lp-i1" type="tel" name="phone" placeholder="8888-8888">' +
        '<textarea id="t" class="lp-t" name="comment"></textarea>' +
        '<select id="s" class="lp-s" name="department" required><option id="o" class="lp-o" value="SJ">San José</option></select>' +
        '<button id="b" class="lp-b" type="submit">Enviar</button></form>' +
        '<button id="b2" class="lp-b2" type="button">Ir</button>',
    );
  });

  it('marks the day, month and year lists of a date field; other parts are dropped', () => {
    const form = createElement('form', { attributes: { id: 'f' } });
    const part = (id: string, datePart: unknown) =>
      createElement('select', { attributes: { id, fieldKey: 'birthdate', datePart } as never });
    const out = inner(
      withChildren(form, part('d', 'day'), part('m', 'month'), part('y', 'year'), part('x', 'hour')),
    );
    const parts = [...out.matchAll(/<select [^>]*name="birthdate"( data-date-part="(\w+)")?>/g)].map(
      (m) => m[2] ?? null,
    );
    expect(parts).toEqual(['day', 'month', 'year', null]);
    expect(LandingDocument.safeParse(page(withChildren(form, part('x', 'hour')))).success).toBe(false);
  });

  it('renders links with safe targets, rows and columns, and sandboxed iframes', () => {
    expect(
      inner(
        createElement('a', {
          id: 'a',
          text: 'x',
          attributes: { href: 'https://e.example', target: '_blank' },
        }),
      ),
    ).toBe('<a id="a" class="lp-a" href="https://e.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(inner(withChildren(createElement('row', { id: 'r' }), createElement('column', { id: 'c' })))).toBe(
      '<div id="r" class="lp-row lp-r"><div id="c" class="lp-column lp-c"></div></div>',
    );
    const video = inner(
      createElement('iframe', {
        id: 'v',
        attributes: { src: 'https://player.vimeo.com/video/1', width: '640px' },
      }),
    );
    expect(video).toContain(`sandbox="${IFRAME_SANDBOX}"`);
    expect(video).toContain('width="640"');
  });

  it('re-checks URLs and drops iframes off the allow-list even without validation', () => {
    expect(
      inner(createElement('a', { id: 'a', text: 'x', attributes: { href: 'javascript:alert(1)' } })),
    ).toBe('<a id="a" class="lp-a">x</a>');
    expect(inner(createElement('img', { id: 'i', attributes: { src: 'data:image/png;base64,AA' } }))).toBe(
      '<img id="i" class="lp-i" alt="" loading="lazy" decoding="async">',
    );
    expect(inner(createElement('iframe', { id: 'f', attributes: { src: 'https://evil.example/' } }))).toBe(
      '',
    );
  });

  it('drops unknown attributes, unknown types, unsafe ids and non-options inside selects', () => {
    const raw = {
      ...createDocument(),
      elements: [
        { type: 'p', attributes: { id: 'p', onclick: 'alert(1)', style: 'x' }, text: 'hi', childrens: [] },
        { type: 'script', attributes: { id: 's' }, text: 'alert(1)', childrens: [] },
        {
          type: 'div',
          attributes: { id: '"><script>' },
          childrens: [{ type: 'p', attributes: {}, text: 'kid' }],
        },
        {
          type: 'select',
          attributes: { id: 'sel' },
          childrens: [{ type: 'img', attributes: { id: 'i', src: '/a.png' } }],
        },
        'junk',
        null,
      ],
    } as unknown as LandingDocument;
    expect(renderDocument(raw).html).toBe(
      '<div class="lp-page"><p id="p" class="lp-p">hi</p><div><p>kid</p></div><select id="sel" class="lp-sel"></select></div>',
    );
  });

  it('stops at the depth limit and the element budget', () => {
    let element: unknown = { type: 'p', attributes: { id: 'deepest' }, text: 'deep' };
    for (let i = 0; i < 100; i += 1) element = { type: 'div', attributes: {}, childrens: [element] };
    const out = renderDocument({
      ...createDocument(),
      elements: [element],
    } as unknown as LandingDocument).html;
    expect(out).not.toContain('deepest');
    expect(out.match(/<div>/g)?.length).toBe(30);
  });

  it('renders the head with escaped title, description and a safe share image', () => {
    const document = {
      ...createDocument({
        title: 'Gane & <viaje>',
        description: 'Dígalo "ya"',
        shareImageUrl: '/assets/s.png',
      }),
    };
    expect(renderHead(document, { pageUrl: 'https://promo.example/acme/landing/verano' })).toBe(
      '<title>Gane &amp; &lt;viaje&gt;</title><meta name="description" content="Dígalo &quot;ya&quot;">' +
        '<link rel="canonical" href="https://promo.example/acme/landing/verano">' +
        '<meta property="og:title" content="Gane &amp; &lt;viaje&gt;">' +
        '<meta property="og:description" content="Dígalo &quot;ya&quot;">' +
        '<meta property="og:url" content="https://promo.example/acme/landing/verano">' +
        '<meta property="og:image" content="https://promo.example/assets/s.png">' +
        '<meta name="twitter:card" content="summary_large_image">' +
        '<meta name="twitter:title" content="Gane &amp; &lt;viaje&gt;">' +
        '<meta name="twitter:description" content="Dígalo &quot;ya&quot;">' +
        '<meta name="twitter:image" content="https://promo.example/assets/s.png">',
    );
    expect(
      renderHead(
        { ...document, page: { title: 'x', shareImageUrl: 'javascript:alert(1)' } },
        { pageUrl: 'https://promo.example/p' },
      ),
    ).not.toContain('og:image');
  });

  it('describes a page without a description by the first paragraph it shows, cut near 160 characters', () => {
    const thanks = {
      ...createDocument({ title: 'Gracias' }),
      elements: [
        createElement('h1', { id: 'h', text: '¡Gracias!' }),
        withChildren(
          createElement('div', { id: 'box' }),
          createElement('p', { id: 'empty', text: '  ' }),
          createElement('p', { id: 'text', text: 'Mucha  suerte. Anunciaremos "pronto" a los ganadores.' }),
        ),
        createElement('p', { id: 'later', text: 'Otro párrafo' }),
      ],
    } as LandingDocument;
    expect(pageDescription(thanks)).toBe('Mucha suerte. Anunciaremos "pronto" a los ganadores.');
    expect(renderHead(thanks)).toContain(
      '<meta name="description" content="Mucha suerte. Anunciaremos &quot;pronto&quot; a los ganadores.">',
    );
    const long = {
      ...thanks,
      elements: [createElement('p', { id: 'p', text: `${'palabra '.repeat(40)}fin` })],
    };
    const cut = pageDescription(long as LandingDocument) ?? '';
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/ palabra…$/);
    // the page's own description wins; a page with no paragraph has none
    expect(pageDescription({ ...thanks, page: { title: 'x', description: 'Propia' } })).toBe('Propia');
    const bare = { ...thanks, elements: [createElement('h1', { id: 'h', text: 'Solo título' })] };
    expect(renderHead(bare as LandingDocument)).not.toContain('name="description"');
  });

  it('puts a check box beside its label, and names the control after a label without htmlFor', () => {
    const form = withChildren(
      createElement('form', { id: 'f' }),
      createElement('label', { id: 'l1', text: 'Correo' }),
      createElement('input', { id: 'mail', attributes: { fieldKey: 'email' } }),
      createElement('label', { id: 'l2', text: 'Acepto', attributes: { htmlFor: 'ok' } }),
      createElement('input', {
        id: 'ok',
        attributes: { name: 'consent', inputType: 'checkbox', value: 'si' },
      }),
    );
    const out = inner(form);
    expect(out).toContain('<label id="l1" class="lp-l1" for="mail">Correo</label>');
    // a control no label names is named by its title
    const dateParts = withChildren(
      createElement('form', { id: 'g' }),
      createElement('label', { id: 'l3', text: 'Fecha', attributes: { htmlFor: 'day' } }),
      createElement('select', {
        id: 'day',
        attributes: { fieldKey: 'birthdate', datePart: 'day', title: 'Día' },
      }),
      createElement('select', {
        id: 'month',
        attributes: { fieldKey: 'birthdate', datePart: 'month', title: 'Mes' },
      }),
    );
    expect(inner(dateParts)).toContain('<select id="day" class="lp-day" title="Día" name="birthdate"');
    expect(inner(dateParts)).toContain(
      '<select id="month" class="lp-month" title="Mes" aria-label="Mes" name="birthdate"',
    );
    expect(out).toContain(
      '<div class="lp-check"><input id="ok" class="lp-ok" type="checkbox" name="consent" value="si"><label id="l2" class="lp-l2" for="ok">Acepto</label></div>',
    );
  });
});
