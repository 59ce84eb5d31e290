import type { ErrorCode, RuleParams } from '@promo/contract';
import type { z } from 'zod';

type Params<K extends keyof typeof RuleParams> = z.infer<(typeof RuleParams)[K]>;

/** What the rules of a participation are evaluated against (the counts are compared in SQL). */
export type ParticipationFacts = {
  department: string | null;
  weekday: number;
  minuteOfDay: number;
};

export type RuleInput = { kind: string; params: unknown; groupId: string | null };

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * A rule's check, in the rules' order: a refusal already decided (the rule needs no count), or a
 * per-identity limit to compare with the person's earlier participations in its scope. Both
 * paths hand the checks to the SQL function `participation_refusal`, the one home of the
 * comparison (db/functions/participation_refusal.sql).
 */
export type RuleCheck =
  | { refuse: ErrorCode }
  | { scope: 'campaign' | 'group'; total?: number; perDay?: number };

/** The checks of the campaign's rules for these facts; rules that pass without counts are left out. */
export function ruleChecks(rules: readonly RuleInput[], facts: ParticipationFacts): RuleCheck[] {
  const checks: RuleCheck[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'max_per_identity': {
        const p = rule.params as Params<'max_per_identity'>;
        checks.push({ scope: rule.groupId ? 'group' : 'campaign', total: p.total, perDay: p.perDay });
        break;
      }
      case 'departments': {
        const p = rule.params as Params<'departments'>;
        if (!facts.department || !p.allowed.includes(facts.department))
          checks.push({ refuse: 'DEPARTMENT_NOT_ALLOWED' });
        break;
      }
      case 'schedule': {
        const p = rule.params as Params<'schedule'>;
        const from = minutes(p.from);
        const to = minutes(p.to);
        const inHours =
          from <= to
            ? facts.minuteOfDay >= from && facts.minuteOfDay < to
            : facts.minuteOfDay >= from || facts.minuteOfDay < to;
        if (!p.days.includes(facts.weekday) || !inHours) checks.push({ refuse: 'OUTSIDE_SCHEDULE' });
        break;
      }
      default:
        // min_age is checked with the answers; code and prize limits by their kinds
        break;
    }
  }
  return checks;
}

/** The minimum age the campaign asks for: its rule, else adults only (18). */
export function minimumAge(rules: readonly RuleInput[]): number {
  const rule = rules.find((r) => r.kind === 'min_age');
  return rule ? (rule.params as Params<'min_age'>).years : 18;
}

/** The number of codes a person may hold in a campaign: its rule, else one. */
export function maxCodesPerIdentity(rules: readonly RuleInput[]): number {
  const rule = rules.find((r) => r.kind === 'max_codes_per_identity');
  return rule ? (rule.params as Params<'max_codes_per_identity'>).max : 1;
}
