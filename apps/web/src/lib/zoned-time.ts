/**
 * Campaign dates are edited as wall-clock times in the tenant's time zone (the country's) and sent
 * to the server as UTC ISO strings (`2026-05-01T06:00:00.000Z`). These helpers convert between the
 * two without a date library.
 */

function partsIn(date: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const result: Record<string, number> = {};
  for (const part of parts) if (part.type !== 'literal') result[part.type] = Number(part.value);
  return result;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - (instant - (instant % 1000));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as `YYYY-MM-DDTHH:mm` in the zone (the value of a datetime-local input). */
export function toZonedInput(iso: string | null | undefined, timeZone: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = timeZone ?? 'UTC';
  const p = partsIn(date, zone);
  return `${p.year}-${pad(p.month ?? 1)}-${pad(p.day ?? 1)}T${pad(p.hour ?? 0)}:${pad(p.minute ?? 0)}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A `YYYY-MM-DDTHH:mm` wall-clock time in the zone as a UTC ISO string; undefined when empty or invalid. */
export function fromZonedInput(local: string, timeZone: string | undefined): string | undefined {
  const match = LOCAL.exec(local.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const zone = timeZone ?? 'UTC';
  let instant = wall - offsetAt(wall, zone);
  // A second pass settles times next to a daylight-saving change.
  instant = wall - offsetAt(instant, zone);
  return new Date(instant).toISOString();
}

/** Today's date (YYYY-MM-DD) in the zone, shifted by whole days. */
export function dayIn(timeZone: string | undefined, shiftDays = 0, now = new Date()): string {
  const p = partsIn(new Date(now.getTime() + shiftDays * 86_400_000), timeZone ?? 'UTC');
  return `${p.year}-${pad(p.month ?? 1)}-${pad(p.day ?? 1)}`;
}
