/**
 * A QR symbol's penalty under each mask: the standard's four rules as the `qrcode` package applies
 * them (runs of five or more modules of one colour in a row or column, 2×2 blocks of one colour,
 * finder-like 1:1:3:1:1 patterns with four light modules on one side, the dark share's distance
 * from half). The lowest decides the mask (`symbol.ts`).
 */

/** A symbol's rows and columns, each as the bits of one integer (bit x of row y is module x, y). */
export type Lines = { rows: Int32Array; columns: Int32Array };

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The symbol's rows and columns as integers, for `penaltyOfLines` (up to 31 modules a side). */
export function linesOf(modules: Uint8Array, size: number): Lines {
  const rows = new Int32Array(size);
  const columns = new Int32Array(size);
  for (let y = 0; y < size; y++) {
    let row = 0;
    for (let x = 0; x < size; x++) {
      const dark = modules[y * size + x] as number;
      row |= dark << x;
      columns[x] = (columns[x] as number) | (dark << y);
    }
    rows[y] = row;
  }
  return { rows, columns };
}

/**
 * The penalty with each row and column as the bits of one integer (versions 1–3, the reward codes'
 * sizes): the same rules without a branch per module, which is what made them slow.
 */
export function penaltyOfLines({ rows, columns }: Lines, size: number): number {
  const full = 2 ** size - 1;
  const inner = 2 ** (size - 1) - 1;
  let runs = 0;
  let finders = 0;
  let blocks = 0;
  let dark = 0;
  const finderStarts = 2 ** (size - 10) - 1;
  for (let i = 0; i < size * 2; i++) {
    const line = (i < size ? rows[i] : columns[i - size]) as number;
    // runs: bit k of `same` says module k is the colour of k + 1; a run of n ≥ 5 starts n - 4
    // windows of five, and costs n - 2: the windows, and 2 more at the run's first window
    const same = ~(line ^ (line >>> 1)) & inner;
    const fives = same & (same >>> 1) & (same >>> 2) & (same >>> 3);
    runs += bitCount(fives) + 2 * bitCount(fives & ~(same << 1));
    // finder-like: 1011101 with 0000 before or after it, at every start k at once
    const light = ~line & full;
    const core = (line >>> 4) & (light >>> 5) & (line >>> 6) & (light >>> 1) & (light >>> 9);
    const before = light & (light >>> 2) & (light >>> 3) & (line >>> 7) & (line >>> 8) & (line >>> 10);
    const after = line & (line >>> 2) & (line >>> 3) & (light >>> 7) & (light >>> 8) & (light >>> 10);
    finders += bitCount(core & (before | after) & finderStarts);
  }
  for (let y = 0; y < size; y++) {
    const row = rows[y] as number;
    dark += bitCount(row);
    if (y === size - 1) break;
    const sameDown = ~(row ^ (rows[y + 1] as number)) & full;
    blocks += bitCount(sameDown & (sameDown >>> 1) & ~(row ^ (row >>> 1)) & inner);
  }
  const balance = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10);
  return runs + blocks * 3 + finders * 40 + balance * 10;
}

/** The penalty module by module, for the larger versions. */
export function penaltyOfModules(modules: Uint8Array, size: number): number {
  let runs = 0;
  let finders = 0;
  let dark = 0;
  for (let a = 0; a < size; a++) {
    let rowRun = 0;
    let columnRun = 0;
    let rowLast = -1;
    let columnLast = -1;
    let rowBits = 0;
    let columnBits = 0;
    for (let b = 0; b < size; b++) {
      const inRow = modules[a * size + b] as number;
      const inColumn = modules[b * size + a] as number;
      dark += inRow;
      if (inRow === rowLast) rowRun++;
      else {
        if (rowRun >= 5) runs += rowRun - 2;
        rowLast = inRow;
        rowRun = 1;
      }
      if (inColumn === columnLast) columnRun++;
      else {
        if (columnRun >= 5) runs += columnRun - 2;
        columnLast = inColumn;
        columnRun = 1;
      }
      rowBits = ((rowBits << 1) & 0x7ff) | inRow;
      columnBits = ((columnBits << 1) & 0x7ff) | inColumn;
      if (b >= 10) {
        if (rowBits === 0x5d0 || rowBits === 0x05d) finders++;
        if (columnBits === 0x5d0 || columnBits === 0x05d) finders++;
      }
    }
    if (rowRun >= 5) runs += rowRun - 2;
    if (columnRun >= 5) runs += columnRun - 2;
  }
  let blocks = 0;
  for (let y = 0; y < size - 1; y++)
    for (let x = 0; x < size - 1; x++) {
      const at = y * size + x;
      const sum =
        (modules[at] as number) +
        (modules[at + 1] as number) +
        (modules[at + size] as number) +
        (modules[at + size + 1] as number);
      if (sum === 0 || sum === 4) blocks++;
    }
  const balance = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10);
  return runs + blocks * 3 + finders * 40 + balance * 10;
}
