import { THEME_PRESET_COLORS } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableShade } from './contrast.ts';
import { compileCss } from './css.ts';
import { createDocument } from './document.ts';
import { createElement } from './element.ts';
import { FONT_STACKS, PUBLIC_CSS, publicPageCss, themeVariables } from './public-css.ts';

const variable = (css: string, name: string) => new RegExp(`${name}:([^;}]+)`).exec(css)?.[1] ?? '';

describe('the public page design system', () => {
  it('takes the tenant’s colours and font, shading text colours until they read at 4.5:1', () => {
    const colors = { ...THEME_PRESET_COLORS.light, primary: '#74c0fc', primaryContrast: '#ffffff' };
    const css = themeVariables({ colors, font: 'serif' });
    expect(variable(css, '--lp-font')).toBe(FONT_STACKS.serif);
    const button = variable(css, '--lp-primary');
    expect(contrastRatio(button, variable(css, '--lp-on-primary'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable(css, '--lp-link'), colors.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable(css, '--lp-muted'), colors.surface)).toBeGreaterThanOrEqual(4.5);
    // a colour that already reads well is kept as it is
    expect(readableShade('#0b5394', '#ffffff')).toBe('#0b5394');
    // dark theme: shades go towards white
    const dark = themeVariables({ colors: THEME_PRESET_COLORS['dark-purple'] });
    expect(
      contrastRatio(variable(dark, '--lp-link'), THEME_PRESET_COLORS['dark-purple'].surface),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps every element default at no specificity, so element styles win', () => {
    const rules = PUBLIC_CSS.replace(/@media[^{]+\{/g, '').split('}');
    for (const rule of rules) {
      const selector = rule.split('{')[0]?.trim() ?? '';
      // toasts and the map library's controls are not document elements: nothing to override
      if (!selector || /^\.lp-(toast|page \.lp-map \.leaflet)/.test(selector) || /^(from|to)$/.test(selector))
        continue;
      if (selector.startsWith('@keyframes')) continue;
      expect(selector, rule).toMatch(/^:where\(/);
    }
    const page = { ...createDocument({ title: 'T' }), elements: [createElement('button', { id: 'b' })] };
    const css = publicPageCss() + compileCss(page);
    // the builder's default button width comes after the defaults
    expect(css.indexOf('.lp-b{width:100px;}')).toBeGreaterThan(css.indexOf(':where(.lp-page) button{'));
  });

  it('gives buttons, lists and check rows a 44 px touch target and the page padding', () => {
    expect(PUBLIC_CSS).toContain(
      ':where(.lp-page) button{font:inherit;font-weight:600;line-height:1.2;min-height:2.75rem',
    );
    expect(PUBLIC_CSS).toContain(':where(.lp-page) select{min-height:2.75rem}');
    expect(PUBLIC_CSS).toContain(
      ':where(.lp-check){display:flex;align-items:center;gap:.625rem;min-height:2.75rem',
    );
    expect(PUBLIC_CSS).toMatch(
      /:where\(\.lp-page\)\{box-sizing:border-box;max-width:64rem;margin:0 auto;padding:1\.25rem 1rem/,
    );
  });

  it('gives a call-to-action link its button colours: its rule weighs as much as the link colour’s and comes after it', () => {
    // selectors of this file's kind: `:where(...)` weighs nothing; count ids, then classes,
    // attributes and pseudo-classes, then element names
    const weight = (selector: string) => {
      const bare = selector.replace(/:where\([^)]*\)/g, ' ');
      return [
        (bare.match(/#[\w-]+/g) ?? []).length,
        (bare.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+/g) ?? []).length,
        (bare.match(/(^|[\s>+~])[a-z][\w-]*/gi) ?? []).length,
      ].join('.');
    };
    const rules = PUBLIC_CSS.split('}').map((rule) => rule.split('{') as [string, string?]);
    const link = rules.findIndex(([, body]) => body?.startsWith('color:var(--lp-link)'));
    const cta = rules.findIndex(([selector]) => selector.includes('lp-cta'));
    expect(rules[link]?.[0]).toBe(':where(.lp-page) a');
    expect(rules[cta]?.[1]).toContain('background:var(--lp-primary);color:var(--lp-on-primary)');
    expect(weight(rules[cta]?.[0] ?? '')).toBe(weight(rules[link]?.[0] ?? ''));
    expect(cta).toBeGreaterThan(link);
    // and the button's colours read: on-primary on primary at 4.5:1 at least
    const css = themeVariables({ colors: { ...THEME_PRESET_COLORS.light, primary: '#1c7ed6' } });
    expect(
      contrastRatio(variable(css, '--lp-primary'), variable(css, '--lp-on-primary')),
    ).toBeGreaterThanOrEqual(4.5);
  });
});
