/**
 * Colours that read at WCAG AA (4.5:1 for text): a colour of the theme (the tenant's or Mantine's)
 * is darkened, or lightened on dark backgrounds, in small steps until it reads on every background
 * it is shown on. The hue stays, so screens keep their look.
 */

/** The contrast the back office aims at: AA for normal text, with a little room for rounding. */
export const AA_TEXT = 4.6;

export function parseHex(hex: string): [number, number, number] {
  let value = hex.replace('#', '');
  if (value.length === 3) value = [...value].map((char) => char + char).join('');
  const number = Number.parseInt(value.slice(0, 6), 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}

/** `hex` moved `amount` (0 to 1) of the way toward black (target 0) or white (target 255). */
export function mix(hex: string, target: number, amount: number): string {
  const channels = parseHex(hex).map((channel) => Math.round(channel + (target - channel) * amount));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const isHex = (value: string) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);

/**
 * `hex` itself when it reads at `ratio` on every background, else the first step toward black
 * (toward white when the backgrounds are dark) that does. Values that are not hex colours (CSS
 * variables, names) are answered as they are.
 */
export function readable(hex: string, backgrounds: readonly string[], ratio = AA_TEXT): string {
  const known = backgrounds.filter(isHex);
  if (!isHex(hex) || known.length === 0) return hex;
  const darkest = Math.min(...known.map(luminance));
  const target = darkest < 0.18 ? 255 : 0;
  for (let step = 0; step <= 40; step += 1) {
    const candidate = step === 0 ? hex.toLowerCase() : mix(hex, target, step / 40);
    if (known.every((background) => contrast(candidate, background) >= ratio)) return candidate;
  }
  return target === 0 ? '#000000' : '#ffffff';
}
