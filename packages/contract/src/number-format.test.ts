import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatQuantity } from './number-format.ts';

describe('the number formatter (spec §9, en-GB)', () => {
  it('shows amounts of money with thousands commas and two decimals', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(1234567)).toBe('1,234,567.00');
    expect(formatNumber(0.005)).toBe('0.01');
    expect(formatNumber(-1500)).toBe('-1,500.00');
  });

  it('shows counts, stock and points whole with thousands commas, and two decimals when they have some', () => {
    expect(formatQuantity(1234567)).toBe('1,234,567');
    expect(formatQuantity(999)).toBe('999');
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity(-1500)).toBe('-1,500');
    expect(formatQuantity(1234.5)).toBe('1,234.50');
    expect(formatQuantity(2.345)).toBe('2.35');
  });

  it('shows rates as percentages by the same rule: whole without decimals, else two', () => {
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0.425)).toBe('42.50%');
    expect(formatPercent(1 / 3)).toBe('33.33%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(12.345)).toBe('1,234.50%');
  });
});
