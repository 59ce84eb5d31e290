/** Shapes the statistics answers into the series the charts draw, and CSV text for downloads. */
import type { AgeStatistics, DepartmentStatistics, GeneralStatistics } from '@promo/contract';

/** Every day of the range, with 0 for days without participations (the line has no gaps). */
export function fillDays(
  byDay: GeneralStatistics['byDay'],
  from: string | undefined,
  to: string | undefined,
): { day: string; participations: number }[] {
  const counts = new Map(byDay.map((row) => [row.day.slice(0, 10), row.participations]));
  const days = [...counts.keys()].sort();
  const start = from ?? days[0];
  const end = to ?? days[days.length - 1];
  if (!start || !end || start > end) return [];
  const result: { day: string; participations: number }[] = [];
  const cursor = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  // A year of days at most: longer ranges keep only the days with data.
  if ((last.getTime() - cursor.getTime()) / 86_400_000 > 366) {
    return days.map((day) => ({ day, participations: counts.get(day) ?? 0 }));
  }
  while (cursor <= last) {
    const day = cursor.toISOString().slice(0, 10);
    result.push({ day, participations: counts.get(day) ?? 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return result;
}

/** Departments by participations, most first. */
export function departmentBars(rows: DepartmentStatistics): { department: string; participations: number }[] {
  return [...rows].sort(
    (a, b) => b.participations - a.participations || a.department.localeCompare(b.department),
  );
}

const BAND_ORDER = ['under-18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'unknown'];

/**
 * The age pyramid: one row per band (oldest on top), women to the left as negative numbers and
 * men to the right; other or unknown sex is counted apart.
 */
export function agePyramid(
  rows: AgeStatistics,
): { band: string; female: number; male: number; other: number }[] {
  const bands = new Map<string, { band: string; female: number; male: number; other: number }>();
  for (const row of rows) {
    const entry = bands.get(row.band) ?? { band: row.band, female: 0, male: 0, other: 0 };
    if (row.sex === 'female') entry.female -= row.participations;
    else if (row.sex === 'male') entry.male += row.participations;
    else entry.other += row.participations;
    bands.set(row.band, entry);
  }
  const rank = (band: string) => {
    const index = BAND_ORDER.indexOf(band);
    return index === -1 ? BAND_ORDER.length : index;
  };
  return [...bands.values()].sort((a, b) => rank(b.band) - rank(a.band));
}

export const DEVICE_KEYS: Record<number, 'mobile' | 'tablet' | 'desktop'> = {
  1: 'mobile',
  2: 'tablet',
  3: 'desktop',
};

/** Device classes (1 mobile, 2 tablet, 3 desktop, others unknown) with their share. */
export function deviceSplit(
  rows: GeneralStatistics['byDevice'],
): { device: string; participations: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const device = DEVICE_KEYS[row.deviceClass] ?? 'unknown';
    totals.set(device, (totals.get(device) ?? 0) + row.participations);
  }
  return ['mobile', 'tablet', 'desktop', 'unknown']
    .filter((device) => totals.has(device))
    .map((device) => ({ device, participations: totals.get(device) ?? 0 }));
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text (with a BOM for spreadsheet programs) of rows with the same keys. */
export function toCsv(rows: readonly Record<string, unknown>[], header?: readonly string[]): string {
  const columns = header ?? (rows[0] ? Object.keys(rows[0]) : []);
  const lines = [
    columns.map(csvCell).join(','),
    ...rows.map((row) => columns.map((key) => csvCell(row[key])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
