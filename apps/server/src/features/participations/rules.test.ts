import { describe, expect, it } from 'vitest';
import { type RuleInput, ruleChecks } from './rules.ts';

// The checks a participation's rules give, before the database compares the limits
// (participation_refusal): the schedule's window in the tenant's local minutes, across midnight
// too, and the days it names (0 is Sunday).
const schedule = (from: string, to: string, days = [0, 1, 2, 3, 4, 5, 6]): RuleInput => ({
  kind: 'schedule',
  params: { from, to, days },
  groupId: null,
});
const at = (hhmm: string, weekday = 3) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return { department: 'San José', weekday, minuteOfDay: h * 60 + m };
};
const refused = [{ refuse: 'OUTSIDE_SCHEDULE' }];

describe('a schedule rule', () => {
  it.each([
    ['inside a daytime window', schedule('08:00', '17:00'), at('12:00'), []],
    ['at its first minute', schedule('08:00', '17:00'), at('08:00'), []],
    ['at its end (the end is not in it)', schedule('08:00', '17:00'), at('17:00'), refused],
    ['before a daytime window', schedule('08:00', '17:00'), at('07:59'), refused],
    ['in an overnight window, before midnight', schedule('22:00', '06:00'), at('23:30'), []],
    ['in an overnight window, after midnight', schedule('22:00', '06:00'), at('05:59'), []],
    ['outside an overnight window', schedule('22:00', '06:00'), at('12:00'), refused],
    ['at the end of an overnight window', schedule('22:00', '06:00'), at('06:00'), refused],
    ['on a day it does not name', schedule('08:00', '17:00', [1, 2]), at('12:00', 0), refused],
  ])('%s', (_name, rule, facts, checks) => {
    expect(ruleChecks([rule], facts)).toEqual(checks);
  });

  it('keeps the rules order: a limit before a refusal is checked first', () => {
    const limit: RuleInput = { kind: 'max_per_identity', params: { total: 1 }, groupId: 'g' };
    expect(ruleChecks([limit, schedule('08:00', '09:00')], at('12:00'))).toEqual([
      { scope: 'group', total: 1, perDay: undefined },
      { refuse: 'OUTSIDE_SCHEDULE' },
    ]);
  });
});
