import { describe, expect, it } from 'vitest';
import { intlWall, localDateTimeText, localTime, wallClock } from './local-time.ts';

// The fast reading (an offset kept per quarter hour) must read every instant as Intl does,
// across offset changes: summer time, half-hour and 45-minute zones, a zone that moved a whole day.
const ZONES = [
  'America/Costa_Rica',
  'America/Guatemala',
  'America/El_Salvador',
  'America/Tegucigalpa',
  'America/Managua',
  'America/Panama',
  'America/New_York',
  'America/Havana', // changes at midnight
  'America/Santiago',
  'Europe/London',
  'Australia/Lord_Howe', // a half-hour change
  'Asia/Kathmandu', // +05:45
  'Pacific/Apia', // skipped 30 December 2011
  'UTC',
];

const two = (n: number) => String(n).padStart(2, '0');

function expected(ms: number, zone: string) {
  const w = intlWall(ms, zone);
  const day = `${w.year}-${two(w.month)}-${two(w.day)}`;
  return {
    text: `${day} ${two(w.hour)}:${two(w.minute)}`,
    wall: new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)).toISOString(),
    local: {
      day,
      weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
      minuteOfDay: w.hour * 60 + w.minute,
    },
  };
}

function actual(ms: number, zone: string) {
  const instant = new Date(ms);
  return {
    text: localDateTimeText(instant, zone),
    wall: wallClock(instant, zone).toISOString(),
    local: localTime(instant, zone),
  };
}

describe('local time', () => {
  it('reads Costa Rica as people there do', () => {
    const instant = new Date('2026-06-01T05:59:59.900Z');
    expect(localDateTimeText(instant, 'America/Costa_Rica')).toBe('2026-05-31 23:59');
    expect(wallClock(instant, 'America/Costa_Rica').toISOString()).toBe('2026-05-31T23:59:59.000Z');
    expect(localTime(instant, 'America/Costa_Rica')).toEqual({
      day: '2026-05-31',
      weekday: 0,
      minuteOfDay: 1439,
    });
  });

  it('reads the seconds around each offset change since 1890 as Intl does', () => {
    const offset = (ms: number, zone: string) => {
      const w = intlWall(ms, zone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
    };
    const WEEK = 7 * 86_400_000;
    let changes = 0;
    let offQuarter = 0; // changes inside a quarter hour (local mean time ending): the exact way's share
    for (const zone of ZONES) {
      // a change found week by week (none is undone within a week), then to the second by halving
      let previous = offset(Date.UTC(1890, 0, 1), zone);
      for (let week = Date.UTC(1890, 0, 1); week < Date.UTC(2027, 0, 1); week += WEEK) {
        const next = offset(week + WEEK, zone);
        if (next === previous) continue;
        previous = next;
        let [low, high] = [week, week + WEEK];
        while (high - low > 1000) {
          const middle = low + Math.floor((high - low) / 2000) * 1000;
          if (offset(middle, zone) === offset(low, zone)) low = middle;
          else high = middle;
        }
        changes += 1;
        if (high % (15 * 60_000) !== 0) offQuarter += 1;
        const around = [];
        for (let s = -30; s <= 30; s += 1) around.push(high + s * 1000, high + s * 1000 - 1);
        for (let m = -20; m <= 20; m += 1) around.push(high + m * 60_000);
        for (const at of around) expect(actual(at, zone), `${zone} ${at}`).toEqual(expected(at, zone));
      }
    }
    expect(changes).toBeGreaterThan(300);
    expect(offQuarter).toBeGreaterThan(5);
  });

  it('reads random instants of 1900–2100 as Intl does', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const zone = ZONES[i % ZONES.length] as string;
      const ms = Math.floor(from + random() * (to - from));
      expect(actual(ms, zone), `${zone} ${ms}`).toEqual(expected(ms, zone));
    }
  });
});
