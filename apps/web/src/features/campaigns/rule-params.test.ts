import { RuleParams } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_RULE_VALUES, paramsChange, paramsFromValues, valuesFromParams } from './rule-params.ts';

describe('rule params', () => {
  it('builds params the contract accepts for every kind', () => {
    const values = { ...EMPTY_RULE_VALUES, total: 3, allowed: ['San José'] };
    for (const kind of Object.keys(RuleParams) as (keyof typeof RuleParams)[]) {
      const params = paramsFromValues(kind, values);
      expect(RuleParams[kind].safeParse(params).success, kind).toBe(true);
    }
  });

  it('leaves blank numbers out and sorts days', () => {
    expect(paramsFromValues('max_per_identity', { ...EMPTY_RULE_VALUES, perDay: 2 })).toEqual({ perDay: 2 });
    expect(paramsFromValues('schedule', { ...EMPTY_RULE_VALUES, days: ['6', '0'] })).toMatchObject({
      days: [0, 6],
    });
  });

  it('sends a limit the form cleared as null, so that the server removes it', () => {
    expect(paramsChange({ total: 5, perDay: 2 }, { perDay: 3 })).toEqual({ perDay: 3, total: null });
    expect(paramsChange({ years: 18 }, { years: 21 })).toEqual({ years: 21 });
  });

  it('reads saved params back into the form', () => {
    expect(valuesFromParams('schedule', { days: [1, 2], from: '09:00', to: '18:00' })).toMatchObject({
      days: ['1', '2'],
      from: '09:00',
      to: '18:00',
    });
    expect(valuesFromParams('min_age', {}).years).toBe(18);
  });
});
