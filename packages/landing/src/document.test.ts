import { describe, expect, it } from 'vitest';
import { createDocument, LandingDocument } from './document.ts';
import { createElement, LandingElement } from './element.ts';
import { ELEMENT_TYPES, TOP_LEVEL_PARENT } from './element-types.ts';
import sample from './fixtures/sample-page.json' with { type: 'json' };

describe('createElement', () => {
  it('applies the spec default sizes: input height 35px, button width 100px', () => {
    expect(createElement('input').styles).toEqual({ height: '35px' });
    expect(createElement('masked-input').styles).toEqual({ height: '35px' });
    expect(createElement('button').styles).toEqual({ width: '100px' });
    expect(createElement('div').styles).toEqual({});
  });

  it('builds an element of every type that passes the element schema', () => {
    for (const type of ELEMENT_TYPES) {
      const element = createElement(type);
      expect(element.type).toBe(type);
      expect(element.parentId).toBe(TOP_LEVEL_PARENT);
      expect(element.stylesApplyInMobile).toBe(true);
      expect(LandingElement.safeParse(element).success).toBe(true);
    }
  });

  it('takes id, parent, text, attributes and extra styles', () => {
    const element = createElement('button', {
      id: 'send',
      parentId: 'form-1',
      text: 'Enviar',
      attributes: { title: 'Enviar' },
      styles: { color: '#fff' },
    });
    expect(element).toMatchObject({
      attributes: { id: 'send', title: 'Enviar' },
      parentId: 'form-1',
      text: 'Enviar',
      styles: { width: '100px', color: '#fff' },
    });
  });

  it('gives new elements distinct ids usable as CSS classes', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createElement('masked-input').attributes.id));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^masked-input-[0-9a-f]{8}$/);
  });
});

describe('document schema', () => {
  it('accepts the sample page and an empty page', () => {
    expect(LandingDocument.safeParse(sample).success).toBe(true);
    expect(LandingDocument.safeParse(createDocument({ title: 'Promo' })).success).toBe(true);
  });

  it('requires schemaVersion 1', () => {
    expect(LandingDocument.safeParse({ ...createDocument(), schemaVersion: 2 }).success).toBe(false);
  });

  it('keeps the spec fields and refuses unknown ones', () => {
    const element = createElement('p', { text: 'hola' });
    expect(Object.keys(element).sort()).toEqual(
      [
        'attributes',
        'childrens',
        'name',
        'parentId',
        'styles',
        'stylesApplyInMobile',
        'stylesMobile',
        'text',
        'type',
      ].sort(),
    );
    expect(LandingElement.safeParse({ ...element, innerHTML: '<b>x</b>' }).success).toBe(false);
  });
});
