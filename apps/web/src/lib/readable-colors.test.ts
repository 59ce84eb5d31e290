import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast, readable } from './readable-colors.ts';

describe('readable colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's blue 7 under white text: the 4.19 axe reported on the back office's buttons
    expect(contrast('#1c7ed6', '#ffffff')).toBeCloseTo(4.19, 1);
  });

  it('keeps a colour that already reads, and darkens one that does not until it reads on every background', () => {
    expect(readable('#212529', ['#ffffff', '#f8f9fa'])).toBe('#212529');
    // the light preset's muted grey (3.15 on its background)
    const dimmed = readable('#868e96', ['#ffffff', '#f8f9fa']);
    expect(dimmed).not.toBe('#868e96');
    expect(contrast(dimmed, '#f8f9fa')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(dimmed, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // still a grey: the channels move together
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(dimmed.slice(i, i + 2), 16));
    expect(
      Math.max(r as number, g as number, b as number) - Math.min(r as number, g as number, b as number),
    ).toBeLessThan(20);
  });

  it('lightens on dark backgrounds', () => {
    const muted = readable('#6a4fc0', ['#1a1030', '#2b1d4e']);
    expect(contrast(muted, '#1a1030')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(muted, '#2b1d4e')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('leaves what is not a hex colour as it is', () => {
    expect(readable('var(--x)', ['#ffffff'])).toBe('var(--x)');
    expect(readable('#868e96', ['var(--y)'])).toBe('#868e96');
  });
});
