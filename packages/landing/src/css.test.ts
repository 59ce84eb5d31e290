import { describe, expect, it } from 'vitest';
import { BASE_CSS, compileCss, compileDeclarations, DESKTOP_MEDIA, MOBILE_MEDIA } from './css.ts';
import { createDocument, type LandingDocument } from './document.ts';
import { createElement, type LandingElement } from './element.ts';

function page(...elements: LandingElement[]): LandingDocument {
  return { ...createDocument({ title: 'T' }), elements };
}

/** The compiled CSS without the base rules. */
const own = (document: LandingDocument) => compileCss(document).slice(BASE_CSS.length);

describe('compileCss', () => {
  it('gives each element a class named after its id, kebab-casing properties', () => {
    const h1 = createElement('h1', { id: 'title', styles: { fontSize: '48px', backgroundColor: 'FFF' } });
    expect(own(page(h1))).toBe('.lp-title{font-size:48px;background-color:#fff;}');
  });

  it('puts mobile styles in one max-width 768px media query after the desktop rules', () => {
    const a = {
      ...createElement('p', { id: 'a', styles: { color: '#000' } }),
      stylesMobile: { color: '#f00' },
    };
    const b = { ...createElement('p', { id: 'b' }), stylesMobile: { fontSize: '12px' } };
    expect(own(page(a, b))).toBe(
      `.lp-a{color:#000;}${MOBILE_MEDIA}{.lp-a{color:#f00;}.lp-b{font-size:12px;}}`,
    );
    expect(MOBILE_MEDIA).toBe('@media (max-width: 768px)');
  });

  it('stylesApplyInMobile true: desktop styles apply everywhere and mobile overrides them', () => {
    const element = {
      ...createElement('div', { id: 'd', styles: { width: '50%', color: '#111' } }),
      stylesMobile: { width: '100%' },
    };
    const css = own(page(element));
    expect(css).toBe(`.lp-d{width:50%;color:#111;}${MOBILE_MEDIA}{.lp-d{width:100%;}}`);
    expect(css.indexOf('width:50%')).toBeLessThan(css.indexOf('width:100%'));
  });

  it('stylesApplyInMobile false: desktop styles only above the breakpoint', () => {
    const element = {
      ...createElement('div', { id: 'd', styles: { width: '50%' } }),
      stylesMobile: { height: '10px' },
      stylesApplyInMobile: false,
    };
    expect(own(page(element))).toBe(
      `${DESKTOP_MEDIA}{.lp-d{width:50%;}}${MOBILE_MEDIA}{.lp-d{height:10px;}}`,
    );
    expect(DESKTOP_MEDIA).toBe('@media (min-width: 769px)');
  });

  it('compiles nested elements in document order and page styles on .lp-page', () => {
    const child = createElement('p', { id: 'child', parentId: 'parent', styles: { color: '#222' } });
    const parent = { ...createElement('div', { id: 'parent', styles: { gap: '8px' } }), childrens: [child] };
    const document = {
      ...page(parent),
      page: { title: 'T', styles: { backgroundColor: '#fafafa' }, stylesMobile: { padding: '4px' } },
    };
    expect(own(document)).toBe(
      `.lp-page{background-color:#fafafa;}.lp-parent{gap:8px;}.lp-child{color:#222;}${MOBILE_MEDIA}{.lp-page{padding:4px;}}`,
    );
  });

  it('turns width/height attributes into declarations that styles override', () => {
    const img = createElement('img', {
      id: 'i',
      attributes: { width: '300', height: '50%' },
      styles: { width: '100%' },
    });
    expect(own(page(img))).toBe('.lp-i{width:300px;height:50%;width:100%;}');
  });

  it('applies the spec default sizes', () => {
    expect(own(page(createElement('input', { id: 'in' }), createElement('button', { id: 'b' })))).toBe(
      '.lp-in{height:35px;}.lp-b{width:100px;}',
    );
  });

  it('drops declarations that fail the checks and elements with unsafe ids', () => {
    expect(compileDeclarations({ color: 'red', width: '1px;x:y', fontSize: '12px', behavior: 'x' })).toBe(
      'font-size:12px;',
    );
    const unsafe = { ...createElement('div', { styles: { color: '#000' } }), attributes: { id: 'x}body{' } };
    expect(own(page(unsafe))).toBe('');
  });

  it('survives malformed documents', () => {
    for (const input of [
      null,
      {},
      { elements: 'x' },
      { elements: [null, 1, { type: 'div' }] },
      { page: 3 },
    ]) {
      expect(compileCss(input as unknown as LandingDocument)).toBe(BASE_CSS);
    }
  });
});
