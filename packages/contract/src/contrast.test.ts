import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio as contrast, readableShade, textOn } from './contrast.ts';

describe('readable colours (public pages and back office)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // Mantine's blue 7 under white text: the 4.19 axe reported on the back office's buttons
    expect(contrast('#1c7ed6', '#ffffff')).toBeCloseTo(4.19, 1);
  });

  it('keeps a colour that already reads, and darkens one that does not until it reads on every background', () => {
    expect(readableShade('#212529', ['#ffffff', '#f8f9fa'], AA_TEXT)).toBe('#212529');
    // the light preset's muted grey (3.15 on its background)
    const dimmed = readableShade('#868e96', ['#ffffff', '#f8f9fa'], AA_TEXT);
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
    const muted = readableShade('#6a4fc0', ['#1a1030', '#2b1d4e'], AA_TEXT);
    expect(contrast(muted, '#1a1030')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(muted, '#2b1d4e')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('leaves what is not a hex colour as it is', () => {
    expect(readableShade('var(--x)', ['#ffffff'], AA_TEXT)).toBe('var(--x)');
    expect(readableShade('#868e96', ['var(--y)'], AA_TEXT)).toBe('#868e96');
  });

  it('takes one background as well as several, and picks white or near-black text for a fill', () => {
    expect(readableShade('#0b5394', '#ffffff')).toBe('#0b5394');
    expect(contrast(readableShade('#ffd43b', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(textOn('#0b5394')).toBe('#ffffff');
    expect(textOn('#ffd43b')).toBe('#111111');
  });
});
