import type { RuleKind } from '@promo/contract';

/** The inputs of every rule form; each kind reads its own. */
export type RuleFormValues = {
  total: number | '';
  perDay: number | '';
  years: number | '';
  allowed: string[];
  days: string[];
  from: string;
  to: string;
  max: number | '';
};

export const EMPTY_RULE_VALUES: RuleFormValues = {
  total: '',
  perDay: '',
  years: 18,
  allowed: [],
  days: ['1', '2', '3', '4', '5'],
  from: '08:00',
  to: '20:00',
  max: 1,
};

const num = (value: unknown): number | '' => (typeof value === 'number' ? value : '');

export function valuesFromParams(kind: RuleKind, params: Record<string, unknown>): RuleFormValues {
  const values = { ...EMPTY_RULE_VALUES };
  switch (kind) {
    case 'max_per_identity':
      return { ...values, total: num(params.total), perDay: num(params.perDay) };
    case 'min_age':
      return { ...values, years: num(params.years) === '' ? 18 : num(params.years) };
    case 'departments':
      return { ...values, allowed: Array.isArray(params.allowed) ? params.allowed.map(String) : [] };
    case 'schedule':
      return {
        ...values,
        days: Array.isArray(params.days) ? params.days.map(String) : [],
        from: typeof params.from === 'string' ? params.from : '',
        to: typeof params.to === 'string' ? params.to : '',
      };
    case 'max_codes_per_identity':
      return { ...values, max: num(params.max) };
    default:
      return values;
  }
}

/** The `params` the server expects for a kind; blank numbers are left out. */
export function paramsFromValues(kind: RuleKind, values: RuleFormValues): Record<string, unknown> {
  const optional = (value: number | '') => (value === '' || Number.isNaN(value) ? undefined : value);
  switch (kind) {
    case 'max_per_identity': {
      const params: Record<string, unknown> = {};
      if (optional(values.total) !== undefined) params.total = values.total;
      if (optional(values.perDay) !== undefined) params.perDay = values.perDay;
      return params;
    }
    case 'min_age':
      return optional(values.years) === undefined ? {} : { years: values.years };
    case 'departments':
      return { allowed: values.allowed };
    case 'schedule':
      return {
        days: values.days.map(Number).sort((a, b) => a - b),
        from: values.from,
        to: values.to,
      };
    case 'max_codes_per_identity':
      return optional(values.max) === undefined ? {} : { max: values.max };
    case 'one_prize_per_identity':
      return {};
  }
}

/**
 * The change that turns a rule's stored params into `params`: the server merges params key by
 * key, so a key the form no longer has (a blank limit) is sent as null, which removes it.
 */
export function paramsChange(
  stored: Record<string, unknown>,
  params: Record<string, unknown>,
): Record<string, unknown> {
  const removed = Object.keys(stored).filter((key) => !(key in params));
  return { ...params, ...Object.fromEntries(removed.map((key) => [key, null])) };
}

/** A one-line description of a rule's parameters. */
export function describeRule(
  kind: RuleKind,
  params: Record<string, unknown>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (kind) {
    case 'max_per_identity':
      return [
        params.total !== undefined ? t('rules.describe.total', { count: params.total }) : '',
        params.perDay !== undefined ? t('rules.describe.perDay', { count: params.perDay }) : '',
      ]
        .filter(Boolean)
        .join(' · ');
    case 'min_age':
      return t('rules.describe.years', { count: params.years ?? 18 });
    case 'departments':
      return Array.isArray(params.allowed) ? params.allowed.join(', ') : '';
    case 'schedule': {
      const days = Array.isArray(params.days)
        ? params.days.map((day) => t(`rules.days.${day}`)).join(', ')
        : '';
      return `${days} · ${String(params.from ?? '')}–${String(params.to ?? '')}`;
    }
    case 'max_codes_per_identity':
      return t('rules.describe.max', { count: params.max });
    case 'one_prize_per_identity':
      return t('rules.describe.onePrize');
  }
}
