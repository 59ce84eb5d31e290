/**
 * Colour contrast (WCAG 2 relative luminance) for the public page's theme: the tenant picks any
 * colours, the page shows them only where text on them stays readable (4.5:1), shading them
 * towards black or white until it is.
 */

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored) to 0-255 channels; null when it is not one. */
export function parseHex(value: string): Rgb | null {
  const hex = value.replace(/^#/, '').toLowerCase();
  if (!/^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(hex)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(a: Rgb, b: Rgb, share: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] as number) * (1 - share) + (b[i] as number) * share) as Rgb;
}

/**
 * `colour`, or the nearest shade of it (towards black on a light `against`, towards white on a
 * dark one) with at least `minimum` contrast against `against`.
 */
export function readableShade(colour: string, against: string, minimum = 4.5): string {
  const base = parseHex(colour);
  const other = parseHex(against);
  if (!base || !other) return colour;
  const toward: Rgb = luminance(other) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step <= 20; step += 1) {
    const shade = toHex(mix(base, toward, step / 20));
    if (contrastRatio(shade, against) >= minimum) return shade;
  }
  return toHex(toward);
}

/** White or near-black, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}
