import { z } from 'zod';
import { Text } from './common.ts';

export const CountryCode = z
  .string({ error: 'FIELD_REQUIRED' })
  .regex(/^[A-Z]{2}$/, { error: 'FIELD_INVALID' })
  .describe('ISO 3166-1 alpha-2');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const identityFields = {
  label: Text(40),
  pattern: z
    .string({ error: 'FIELD_REQUIRED' })
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(200, { error: 'FIELD_TOO_LONG' })
    .refine(compiles, { error: 'PATTERN_INVALID' }),
  example: z.string().max(40).nullable(),
};

export const IdentityRule = z.strictObject({
  ...identityFields,
  example: identityFields.example.default(null),
});

const Departments = z
  .array(Text(80), { error: 'FIELD_INVALID' })
  .max(100)
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const key = name.toLocaleLowerCase('es');
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: 'DUPLICATE_VALUE' });
      seen.add(key);
    });
  });

/** A country's fields without defaults: a change names only what it changes. */
const countryFields = {
  name: Text(80),
  timeZone: z.string({ error: 'FIELD_REQUIRED' }).max(64).refine(isTimeZone, { error: 'TIME_ZONE_INVALID' }),
  currency: z.string({ error: 'FIELD_REQUIRED' }).regex(/^[A-Z]{3}$/, { error: 'FIELD_INVALID' }),
  phonePrefix: z.string({ error: 'FIELD_REQUIRED' }).regex(/^\+[0-9]{1,4}$/, { error: 'FIELD_INVALID' }),
  phoneDigits: z.number({ error: 'FIELD_INVALID' }).int().min(4).max(15),
  departmentLabel: Text(40),
  departments: Departments,
};

export const Country = z.strictObject({
  ...countryFields,
  code: CountryCode,
  identity: IdentityRule,
  departmentLabel: countryFields.departmentLabel.default('Departamento'),
  departments: Departments.default([]),
});
export type Country = z.infer<typeof Country>;

export const CreateCountry = Country;
export type CreateCountry = z.infer<typeof CreateCountry>;
/** Only the fields sent change; `identity` is merged key by key; `departments` replaces the list. */
export const UpdateCountry = z
  .strictObject({ ...countryFields, identity: z.strictObject(identityFields).partial() })
  .partial();
export type UpdateCountry = z.infer<typeof UpdateCountry>;

export const CountryParams = z.object({ code: CountryCode });

/** Identity number as stored: no spaces or hyphens, and the country's pattern. */
export function identityIssues(value: string, rule: { label: string; pattern: string }) {
  if (/[\s-]/.test(value)) return { code: 'IDENTITY_FORMAT' as const };
  if (!new RegExp(rule.pattern).test(value))
    return { code: 'IDENTITY_PATTERN' as const, params: { label: rule.label } };
  return null;
}
