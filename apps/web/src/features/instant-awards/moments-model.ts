import { fromZonedInput } from '../../lib/zoned-time.ts';

export type PrizeRef = { id: string; name: string };
export type ParsedMoments = { moments: { at: string; prizeId: string }[]; badLines: number[] };

/** A calendar date and a clock time that exist (no 13th month, no 24:61). */
function isRealTime(day: string, time: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

/**
 * Moments set by hand, one a line: `YYYY-MM-DD HH:mm, prize name` in the tenant's time zone (the
 * prize by its name, case and spaces ignored). Blank lines are skipped; the numbers (1-based) of
 * the lines that cannot be read are answered so the screen can name them.
 */
export function parseMoments(text: string, prizes: PrizeRef[], timeZone: string | undefined): ParsedMoments {
  const byName = new Map(prizes.map((p) => [p.name.trim().toLowerCase(), p.id]));
  const moments: ParsedMoments['moments'] = [];
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})\s*[,;]\s*(.+)$/.exec(line);
    const at =
      match && isRealTime(match[1] as string, match[2] as string)
        ? fromZonedInput(`${match[1]}T${match[2]}`, timeZone)
        : undefined;
    const prizeId = match ? byName.get((match[3] as string).trim().toLowerCase()) : undefined;
    if (at && prizeId) moments.push({ at, prizeId });
    else badLines.push(index + 1);
  });
  return { moments, badLines };
}
