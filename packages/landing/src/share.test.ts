import { describe, expect, it } from 'vitest';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement } from './element.ts';
import { SHARE_LIMITS } from './element-types.ts';
import { renderDocument, renderHead } from './render.ts';
import { canPlace, validateDocument } from './rules.ts';

const PAGE_URL = 'https://promo.example/acme/landing/verano?page=2';

function withShare(page: Partial<LandingDocument['page']> = {}): LandingDocument {
  return {
    ...createDocument({ title: 'Verano', ...page }),
    elements: [createElement('share-buttons', { id: 'sh' })],
  };
}

describe('share buttons element', () => {
  it('is a valid element anywhere but inside a link', () => {
    expect(validateDocument(withShare())).toEqual([]);
    const link = { ...createElement('a', { id: 'a', attributes: { href: '/x' } }) };
    const document = { ...createDocument({ title: 'x' }), elements: [link] };
    expect(canPlace(document, 'share-buttons', 'a')).toEqual({ ok: false, code: 'FIELD_INVALID' });
    expect(canPlace(document, 'share-buttons', 'dropZone')).toEqual({ ok: true });
  });

  it('renders plain links to WhatsApp, Facebook and X with the page address, and a copy button', () => {
    const { html } = renderDocument(withShare({ shareTitle: 'Gane & viaje' }), { pageUrl: PAGE_URL });
    const encoded = encodeURIComponent(PAGE_URL);
    expect(html).toContain('role="group" aria-label="Compartir"');
    expect(html).toContain(
      `href="https://wa.me/?text=${encodeURIComponent(`Gane & viaje ${PAGE_URL}`).replace(/&/g, '&amp;')}"`,
    );
    expect(html).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${encoded}"`);
    expect(html).toContain(
      `href="https://x.com/intent/post?url=${encoded}&amp;text=${encodeURIComponent('Gane & viaje')}"`,
    );
    expect(html.match(/target="_blank" rel="noopener noreferrer"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Compartir en WhatsApp (abre una ventana nueva)">WhatsApp</a>');
    expect(html).toContain(
      `<button type="button" class="lp-share-link" data-share-copy="${PAGE_URL}">Copiar enlace</button>`,
    );
    expect(html).not.toContain('<script');
  });

  it('escapes a hostile page address and title', () => {
    const hostile = '"><script>alert(1)</script>';
    const { html } = renderDocument(withShare({ title: hostile }), { pageUrl: hostile });
    expect(html).not.toContain('<script');
    expect(html).toContain('data-share-copy="&quot;&gt;&lt;script&gt;');
  });
});

describe('share meta tags', () => {
  it('uses the share title, description and image, absolute, with og:url and a large card', () => {
    const head = renderHead(
      withShare({
        description: 'Página',
        shareTitle: 'Compartido',
        shareDescription: 'Texto al compartir',
        shareImageUrl: '/assets/acme/0b8f2d8e-1c1a-4d55-9a6e-3c9f1d2b7a10.webp',
      }),
      { pageUrl: PAGE_URL },
    );
    expect(head).toContain('<title>Verano</title><meta name="description" content="Página">');
    expect(head).toContain('<meta property="og:title" content="Compartido">');
    expect(head).toContain('<meta property="og:description" content="Texto al compartir">');
    expect(head).toContain(`<meta property="og:url" content="${PAGE_URL}">`);
    expect(head).toContain(
      '<meta property="og:image" content="https://promo.example/assets/acme/0b8f2d8e-1c1a-4d55-9a6e-3c9f1d2b7a10.webp">',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain('<meta name="twitter:title" content="Compartido">');
  });

  it('falls back to the page title and description, and a small card without an image', () => {
    const head = renderHead(withShare({ description: 'Página' }), { pageUrl: PAGE_URL });
    expect(head).toContain('<meta property="og:title" content="Verano">');
    expect(head).toContain('<meta property="og:description" content="Página">');
    expect(head).toContain('<meta name="twitter:card" content="summary">');
    expect(head).not.toContain('og:image');
  });

  it('refuses share texts that are too long or hold markup', () => {
    const long = 'x'.repeat(SHARE_LIMITS.title + 1);
    expect(validateDocument(withShare({ shareTitle: long }))).toEqual([
      { path: 'page.shareTitle', code: 'FIELD_TOO_LONG' },
    ]);
    expect(
      validateDocument(withShare({ shareDescription: 'y'.repeat(SHARE_LIMITS.description + 1) })),
    ).toEqual([{ path: 'page.shareDescription', code: 'FIELD_TOO_LONG' }]);
    expect(validateDocument(withShare({ shareTitle: '<b>hola</b>' }))).toEqual([
      { path: 'page.shareTitle', code: 'FIELD_INVALID' },
    ]);
    expect(validateDocument(withShare({ shareTitle: 'x'.repeat(SHARE_LIMITS.title) }))).toEqual([]);
  });
});
