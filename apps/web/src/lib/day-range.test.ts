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

  // decision 015: a date-only value is the tenant's local midnight; the spec's "fixed 06:00 UTC"
  // is that midnight in the UTC-6 countries, and Panama (UTC-5) gets 05:00 UTC
  it('builds a date-only value as local midnight: 06:00 UTC in Guatemala, 05:00 UTC in Panama', () => {
    for (const zone of ['America/Guatemala', 'America/Costa_Rica', 'America/Tegucigalpa']) {
      expect(dayRange('2026-03-08', '2026-11-01', zone)).toEqual({
        from: '2026-03-08T06:00:00.000Z',
        to: '2026-11-02T06:00:00.000Z',
      });
    }
    expect(dayRange('2026-03-08', '2026-11-01', 'America/Panama')).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
  });
});
