import { qrMatrix } from './symbol.ts';

/**
 * `text`'s QR code as SVG: a light square and one path of horizontal dark runs, `margin` light
 * modules around (the standard's quiet zone is four).
 */
export function qrSvg(text: string, margin = 4): string {
  // the path's numbers are written with at most three digits: a symbol is at most 177 modules wide
  if (!Number.isInteger(margin) || margin < 0 || margin > 100) throw new RangeError(`margin ${margin}`);
  const { size, modules } = qrMatrix(text);
  const full = size + margin * 2;
  // the path written as ASCII bytes: a string of a few hundred small pieces costs more than the symbol
  const path = new PathWriter(size * size * 6);
  for (let y = 0; y < size; y++) {
    let penX = -1;
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      let end = x + 1;
      while (end < size && modules[y * size + end]) end++;
      if (penX < 0) path.move(x + margin, y + margin);
      else path.step(x - penX);
      path.across(end - x);
      penX = end;
      x = end;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<path fill="#ffffff" d="M0 0h${full}v${full}H0z"/><path stroke="#000000" d="${path.text()}"/></svg>`
  );
}

/** An SVG path of horizontal strokes through the middle of module rows: `M{x} {y}.5`, `m{dx} 0`, `h{n}`. */
class PathWriter {
  private readonly bytes: Buffer;
  private at = 0;
  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(capacity + 32);
  }
  move(x: number, y: number): void {
    this.char('M');
    this.number(x);
    this.char(' ');
    this.number(y);
    this.char('.');
    this.char('5');
  }
  step(dx: number): void {
    this.char('m');
    this.number(dx);
    this.char(' ');
    this.char('0');
  }
  across(n: number): void {
    this.char('h');
    this.number(n);
  }
  text(): string {
    return this.bytes.toString('latin1', 0, this.at);
  }
  private char(c: string): void {
    this.bytes[this.at++] = c.charCodeAt(0);
  }
  private number(n: number): void {
    if (n >= 100) this.bytes[this.at++] = 48 + Math.floor(n / 100);
    if (n >= 10) this.bytes[this.at++] = 48 + (Math.floor(n / 10) % 10);
    this.bytes[this.at++] = 48 + (n % 10);
  }
}
