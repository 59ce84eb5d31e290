/**
 * Colour contrast (WCAG 2 relative luminance), one implementation for the public pages' theme
 * (`@promo/landing`) and the back office's (`apps/web`): a tenant picks any colours, and each is
 * shown only where text in it (or on it) reads, shaded towards black on light backgrounds or
 * towards white on dark ones until it does. The hue stays, so screens keep their look.
 */

type Rgb = [number, number, number];

/** What the back office aims at: AA for normal text (4.5:1), with a little room for rounding. */
export const AA_TEXT = 4.6;

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored) to 0-255 channels; null when it is not one. */
export function parseHex(value: string): Rgb | null {
  const hex = value.replace(/^#/, '').toLowerCase();
  if (!/^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, 1 to 21 (1 when either is not a hex colour). */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [relativeLuminance(x), relativeLuminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved `amount` (0 to 1) of the way towards black (`target` 0) or white (255). */
export function mix(hex: string, target: 0 | 255, amount: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  return toHex(rgb.map((c) => c + (target - c) * amount) as Rgb);
}

/**
 * `colour` when it reads at `minimum` on every one of `against`, else the first of 40 steps
 * towards black (towards white when the darkest background is dark) that does. What is not a hex
 * colour (a CSS variable, a name) is answered as it is.
 */
export function readableShade(colour: string, against: string | readonly string[], minimum = 4.5): string {
  const backgrounds = (typeof against === 'string' ? [against] : against).filter((b) => parseHex(b));
  const base = parseHex(colour);
  if (!base || backgrounds.length === 0) return colour;
  const darkest = Math.min(...backgrounds.map((b) => relativeLuminance(parseHex(b) as Rgb)));
  const target = darkest > 0.18 ? 0 : 255;
  for (let step = 0; step <= 40; step += 1) {
    const shade = step === 0 ? toHex(base) : mix(colour, target, step / 40);
    if (backgrounds.every((b) => contrastRatio(shade, b) >= minimum)) return shade;
  }
  return target === 0 ? '#000000' : '#ffffff';
}

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}
