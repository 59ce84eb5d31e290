import { describe, expect, it } from 'vitest';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement } from './element.ts';
import { elementClass, isReservedClassId } from './element-class.ts';
import { PUBLIC_CSS } from './public-css.ts';
import { renderDocument } from './render.ts';

describe('element classes', () => {
  it('never gives an element a class of the design system, whatever its id', () => {
    // the reward-code element of the templates is `code`: it must not look like the code itself
    const document: LandingDocument = {
      ...createDocument({ title: 'T' }),
      elements: [
        { ...createElement('reward-code', { id: 'code' }), styles: { color: '#f00' } },
        { ...createElement('p', { id: 'message', text: 'Hola' }), styles: { color: '#00f' } },
        { ...createElement('p', { id: 'title', text: 'Título' }), styles: { color: '#0f0' } },
      ],
    };
    const { html, css } = renderDocument(document);
    expect(html).toContain('<div id="code" class="lp-reward-code lp--code" data-reward-code');
    expect(html).toContain('<p id="message" class="lp--message">Hola</p>');
    expect(html).toContain('<p id="title" class="lp-title">Título</p>');
    expect(css).toContain('.lp--code{color:#f00;}');
    expect(css).toContain('.lp--message{color:#00f;}');
    expect(css).toContain('.lp-title{color:#0f0;}');
    expect(css).not.toMatch(/\.lp-(code|message)\{/);
  });

  it('reserves every class the design system styles, and only those', () => {
    for (const name of PUBLIC_CSS.matchAll(/\.lp-([\w-]+)/g)) {
      expect(isReservedClassId(name[1] as string)).toBe(true);
      expect(elementClass(name[1] as string)).toBe(`lp--${name[1]}`);
    }
    for (const id of ['page', 'row', 'column', 'map', 'reward-code', 'qr', 'outcome', 'check'])
      expect(isReservedClassId(id)).toBe(true);
    for (const id of ['title', 'form', 'send', 'intro', 'step-1', 'codes', 'Code'])
      expect(elementClass(id)).toBe(`lp-${id}`);
  });
});
