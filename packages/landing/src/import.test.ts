import { describe, expect, it } from 'vitest';
import { compileCss } from './css.ts';
import type { LandingDocument } from './document.ts';
import designSample from './fixtures/design-sample-page.v1.json' with { type: 'json' };
import sample from './fixtures/sample-page.json' with { type: 'json' };
import { importDocument } from './import.ts';
import { renderDocument } from './render.ts';
import { validateDocument } from './rules.ts';

describe('importDocument', () => {
  it('reads the design proposal’s sample page into a valid document that renders its form', () => {
    expect(validateDocument(designSample).length).toBeGreaterThan(0);
    const imported = importDocument(designSample);
    expect(validateDocument(imported)).toEqual([]);
    const { html, css } = renderDocument(imported as LandingDocument);
    expect(html).toContain('data-mask="999-9999999-9"');
    expect(html).toContain('name="cedula"');
    expect(html).toContain('class="lp-reward-code lp-rewardCode-13" data-reward-code');
    // labels without htmlFor name the control after them
    expect(html).toContain('<label id="label-8" class="lp-label-8" for="maskedInput-9">Cédula</label>');
    expect(html).toContain('<label id="label-10" class="lp-label-10" for="input-16">Email</label>');
    expect(css).toContain('@media (max-width: 768px){.lp-h1-1{font-size:28px;}');
  });

  it('honours the page’s mobile breakpoint', () => {
    const page = { ...(importDocument(designSample) as LandingDocument) };
    page.page = { ...page.page, mobileBreakpointPx: 600 };
    expect(validateDocument(page)).toEqual([]);
    expect(compileCss(page)).toContain('@media (max-width: 600px){.lp-h1-1{font-size:28px;}');
    page.page = { ...page.page, mobileBreakpointPx: 200 };
    expect(validateDocument(page)).toEqual([{ path: 'page.mobileBreakpointPx', code: 'FIELD_INVALID' }]);
  });

  it('leaves a document of this format as it is', () => {
    expect(importDocument(sample)).toEqual(sample);
  });
});
