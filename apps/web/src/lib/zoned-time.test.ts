import { describe, expect, it } from 'vitest';
import { dayIn, fromZonedInput, toZonedInput } from './zoned-time.ts';

describe('zoned time', () => {
  it('reads a wall-clock time in Costa Rica (UTC-6) as UTC', () => {
    expect(fromZonedInput('2026-05-01T00:00', 'America/Costa_Rica')).toBe('2026-05-01T06:00:00.000Z');
    expect(toZonedInput('2026-05-01T06:00:00.000Z', 'America/Costa_Rica')).toBe('2026-05-01T00:00');
  });

  it('round-trips across a daylight-saving zone', () => {
    for (const local of ['2026-01-15T10:30', '2026-07-15T23:59', '2026-03-29T12:00']) {
      const iso = fromZonedInput(local, 'Europe/Madrid');
      expect(toZonedInput(iso, 'Europe/Madrid')).toBe(local);
    }
    expect(fromZonedInput('2026-07-15T12:00', 'Europe/Madrid')).toBe('2026-07-15T10:00:00.000Z');
  });

  it('gives undefined or empty for missing input', () => {
    expect(fromZonedInput('', 'UTC')).toBeUndefined();
    expect(fromZonedInput('2026-13', 'UTC')).toBeUndefined();
    expect(toZonedInput(null, 'UTC')).toBe('');
  });

  it('names the day in the zone', () => {
    const now = new Date('2026-05-01T03:00:00Z');
    expect(dayIn('America/Costa_Rica', 0, now)).toBe('2026-04-30');
    expect(dayIn('UTC', 0, now)).toBe('2026-05-01');
    expect(dayIn('UTC', -1, now)).toBe('2026-04-30');
  });
});
