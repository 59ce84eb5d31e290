import { describe, expect, it } from 'vitest';
import { dayRange, nextDay } from './day-range.ts';

describe('day ranges', () => {
  it('steps over month and year ends', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('turns calendar days in Costa Rica into a half-open UTC range', () => {
    expect(dayRange('2026-06-01', '2026-06-01', 'America/Costa_Rica')).toEqual({
      from: '2026-06-01T06:00:00.000Z',
      to: '2026-06-02T06:00:00.000Z',
    });
    expect(dayRange('2026-06-01', '', 'America/Costa_Rica')).toEqual({ from: '2026-06-01T06:00:00.000Z' });
    expect(dayRange(null, 'junk', 'America/Costa_Rica')).toEqual({});
  });
});
