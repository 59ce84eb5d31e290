/**
 * Calendar facts of an instant in a time zone (campaign windows, per-day limits, schedules,
 * report cells). Asking `Intl.DateTimeFormat` for the parts of every instant costs about 5 µs; a
 * report of a million rows asks millions of times. So the zone's offset is asked once per quarter
 * hour of time and kept (`offsetAt`), and the wall clock is the instant shifted by it.
 */
export type LocalTime = { day: string; weekday: number; minuteOfDay: number };

/** A wall clock: the local date and time's fields, as numbers. */
type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant (whole seconds) as Intl reads it: the slow, exact way. */
export function intlWall(instantMs: number, timeZone: string): Wall {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instantMs)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset at an instant in milliseconds (local wall clock read as UTC, minus the instant). */
function intlOffset(instantMs: number, timeZone: string): number {
  const second = Math.floor(instantMs / 1000) * 1000;
  const w = intlWall(second, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - second;
}

// Offsets change at whole seconds, and never twice within a quarter hour: when the offset at a
// quarter's first second equals the one at its last, it holds for the whole quarter. A quarter
// with a change in it is answered the exact way, instant by instant.
const QUARTER_MS = 15 * 60_000;
const MAX_QUARTERS_PER_ZONE = 200_000; // about 5.7 years of quarters: a long report's span
const quarters = new Map<string, Map<number, number | null>>();

function offsetAt(instantMs: number, timeZone: string): number {
  let known = quarters.get(timeZone);
  if (!known) {
    known = new Map();
    quarters.set(timeZone, known);
  }
  const quarter = Math.floor(instantMs / QUARTER_MS);
  let offset = known.get(quarter);
  if (offset === undefined) {
    const first = intlOffset(quarter * QUARTER_MS, timeZone);
    const last = intlOffset((quarter + 1) * QUARTER_MS - 1000, timeZone);
    offset = first === last ? first : null;
    if (known.size >= MAX_QUARTERS_PER_ZONE) known.clear();
    known.set(quarter, offset);
  }
  return offset ?? intlOffset(instantMs, timeZone);
}

const FIRST_MS = Date.UTC(1000, 0, 2);
const LAST_MS = Date.UTC(9999, 11, 30);

/** The wall clock of an instant in `timeZone` (to the second). */
function wall(instant: Date, timeZone: string): Wall {
  const ms = instant.getTime();
  // outside four-digit years, Intl's own reading (Date.UTC and the year's numbering differ there)
  if (!(ms >= FIRST_MS && ms <= LAST_MS)) return intlWall(ms, timeZone);
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetAt(ms, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function localTime(instant: Date, timeZone: string): LocalTime {
  const w = wall(instant, timeZone);
  return {
    day: `${w.year}-${two(w.month)}-${two(w.day)}`,
    weekday: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(),
    minuteOfDay: w.hour * 60 + w.minute,
  };
}

/** An instant as people in `timeZone` read it: 'YYYY-MM-DD HH:mm'. */
export function localDateTimeText(instant: Date, timeZone: string): string {
  const w = wall(instant, timeZone);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
}

/**
 * The wall-clock time of an instant in `timeZone`, as a Date whose UTC fields are that local time
 * (what a spreadsheet's zone-less date cell must hold).
 */
export function wallClock(instant: Date, timeZone: string): Date {
  const w = wall(instant, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}
