import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format.ts';

describe('formatNumber', () => {
  it('uses thousands commas and two decimals', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(-1500)).toBe('-1,500.00');
  });
});

describe('formatDateTime', () => {
  const instant = '2026-03-01T03:30:00Z';

  it('shows the instant in the tenant time zone', () => {
    expect(formatDateTime(instant, 'America/Guatemala', 'en')).toBe('28/02/2026, 21:30');
    expect(formatDateTime(instant, 'Europe/Madrid', 'en')).toBe('01/03/2026, 04:30');
  });

  it('returns an empty text for missing or invalid values', () => {
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });

  it('falls back to the browser zone for an unknown zone', () => {
    expect(formatDateTime(instant, 'Mars/Olympus', 'en')).not.toBe('');
  });
});

describe('formatDate', () => {
  it('shows the calendar day of the tenant', () => {
    expect(formatDate('2026-03-01T03:30:00Z', 'America/Guatemala', 'es')).toBe('28/2/26');
    expect(formatDate('2026-03-01T03:30:00Z', 'UTC', 'en')).toBe('01/03/2026');
  });
});
