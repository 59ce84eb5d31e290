import { z } from 'zod';
import { Id, ListQuery, Text } from './common.ts';
import { identityIssues } from './countries.ts';
import type { ErrorCode } from './errors.ts';
import { emailAsStored } from './person-values.ts';

export const FIELD_TYPES = [
  'text',
  'number',
  'email',
  'phone',
  'date',
  'choice',
  'multichoice',
  'checkbox',
  'cedula',
  'department',
  'sex',
] as const;
export const FieldType = z.enum(FIELD_TYPES, { error: 'FIELD_INVALID' });
export type FieldType = z.infer<typeof FieldType>;

/** The standard fields of a participant and the type each must have. */
export const STANDARD_FIELDS = {
  cedula: 'cedula',
  name: 'text',
  email: 'email',
  phone: 'phone',
  birthdate: 'date',
  sex: 'sex',
  department: 'department',
} as const satisfies Record<string, FieldType>;
export type StandardKey = keyof typeof STANDARD_FIELDS;

export const SEXES = ['female', 'male', 'other'] as const;

export const FormField = z.strictObject({
  key: z
    .string({ error: 'FIELD_REQUIRED' })
    .regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, { error: 'FIELD_INVALID' })
    .describe('answers are keyed by it'),
  type: FieldType,
  label: Text(200),
  required: z.boolean().default(false),
  options: z.array(Text(100)).max(100).optional().describe('choices of choice and multichoice fields'),
});
export type FormField = z.infer<typeof FormField>;

const FormFields = z.array(FormField).min(1, { error: 'FIELD_REQUIRED' }).max(60);

/** What every saved form must hold: distinct keys, standard keys' types, choices, identity, department. */
function checkForm({ fields }: { fields: FormField[] }, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    if (seen.has(field.key))
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: 'DUPLICATE_VALUE' });
    seen.add(field.key);
    const standardType = STANDARD_FIELDS[field.key as StandardKey];
    if (standardType && standardType !== field.type) {
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'type'], message: 'FIELD_INVALID' });
    }
    if ((field.type === 'choice' || field.type === 'multichoice') && !field.options?.length) {
      ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: 'FIELD_REQUIRED' });
    }
  });
  if (!fields.some((f) => f.type === 'cedula' && f.required)) {
    ctx.addIssue({ code: 'custom', path: ['fields'], message: 'IDENTITY_FIELD_REQUIRED' });
  }
  if (!fields.some((f) => f.type === 'department')) {
    ctx.addIssue({ code: 'custom', path: ['fields'], message: 'DEPARTMENT_FIELD_REQUIRED' });
  }
}

export const CampaignForm = z.strictObject({ fields: FormFields }).superRefine(checkForm);
export type CampaignForm = z.infer<typeof CampaignForm>;

/**
 * A campaign's form as read back: the saved form, or no fields at all until one is first saved
 * (a new campaign). Only `CampaignForm` is accepted for saving.
 */
export const StoredCampaignForm = z.object({ fields: z.array(FormField) });
export type StoredCampaignForm = z.infer<typeof StoredCampaignForm>;

/**
 * The `forms` resource (spec §7): the form definitions of the tenant. A form is the form of one
 * campaign, so its id is the campaign's; `PUT campaigns/{id}/form` and `PUT forms/{id}` change the
 * same form.
 */
export const FormDefinition = z.object({
  id: Id.describe('the campaign’s id'),
  campaignId: Id,
  campaignName: z.string(),
  campaignTitle: z.string(),
  fields: z.array(FormField),
  updatedAt: z.string(),
});
export type FormDefinition = z.infer<typeof FormDefinition>;
export const CreateFormDefinition = z
  .strictObject({ campaignId: z.uuid({ error: 'FIELD_REQUIRED' }), fields: FormFields })
  .superRefine(checkForm);
export type CreateFormDefinition = z.infer<typeof CreateFormDefinition>;
/** `q`: part of the campaign's name or title; ordered by campaign name. */
export const FormListQuery = ListQuery.omit({ sort: true });
export type FormListQuery = z.infer<typeof FormListQuery>;

/** Free text: letters (any accent), digits, spaces and ordinary punctuation; no markup or symbols. */
const SAFE_TEXT = /^[\p{L}\p{M}\p{N} .,'’\-()#/&°:;!?¿¡"]*$/u;
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type AnswerIssue = { path: string; code: ErrorCode; params?: Record<string, string | number> };

export type AnswerRules = {
  phoneDigits: number;
  identity: { label: string; pattern: string };
  departments: readonly string[];
  /** Today's date in the campaign's time zone, YYYY-MM-DD. */
  today: string;
  minAge: number;
};

/** Whole years between a birthdate and today (both YYYY-MM-DD). */
export function ageOn(birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The issue with one answer, or null. Shared by the server and the public form script. */
export function answerIssue(field: FormField, raw: unknown, rules: AnswerRules): AnswerIssue | null {
  const path = `answers.${field.key}`;
  const empty =
    raw === undefined ||
    raw === null ||
    raw === '' ||
    (Array.isArray(raw) && raw.length === 0) ||
    raw === false;
  if (empty) {
    if (!field.required) return null;
    if (field.type === 'date' && field.key === 'birthdate') return { path, code: 'BIRTHDATE_REQUIRED' };
    return {
      path,
      code: field.type === 'cedula' || field.type === 'text' ? 'FIELD_REQUIRED' : 'REQUIRED_ANSWER',
    };
  }
  switch (field.type) {
    case 'text':
      if (typeof raw !== 'string') return { path, code: 'FIELD_INVALID' };
      if (raw.length > 200) return { path, code: 'FIELD_TOO_LONG', params: { max: 200 } };
      return SAFE_TEXT.test(raw) ? null : { path, code: 'SPECIAL_CHARACTERS' };
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? null : { path, code: 'FIELD_INVALID' };
    case 'email': {
      // typed in any case: checked (and stored) as `emailAsStored` keeps it
      const email = typeof raw === 'string' ? emailAsStored(raw) : null;
      if (email === null || /\s/.test(email)) return { path, code: 'EMAIL_FORMAT' };
      return EMAIL.test(email) && email.length <= 254 ? null : { path, code: 'FIELD_INVALID' };
    }
    case 'phone':
      return typeof raw === 'string' && new RegExp(`^\\d{${rules.phoneDigits}}$`).test(raw)
        ? null
        : { path, code: 'PHONE_DIGITS', params: { digits: rules.phoneDigits } };
    case 'cedula': {
      if (typeof raw !== 'string' || raw.length > 40) return { path, code: 'FIELD_INVALID' };
      const issue = identityIssues(raw, rules.identity);
      return issue ? { path, ...issue } : null;
    }
    case 'date': {
      if (typeof raw !== 'string' || !isRealDate(raw)) return { path, code: 'FIELD_INVALID' };
      if (field.key === 'birthdate') {
        if (raw > rules.today) return { path, code: 'FIELD_INVALID' };
        if (ageOn(raw, rules.today) < rules.minAge)
          return { path, code: 'UNDERAGE', params: { years: rules.minAge } };
      }
      return null;
    }
    case 'department':
      return typeof raw === 'string' && rules.departments.includes(raw)
        ? null
        : { path, code: 'FIELD_INVALID' };
    case 'sex':
      return typeof raw === 'string' && (SEXES as readonly string[]).includes(raw)
        ? null
        : { path, code: 'FIELD_INVALID' };
    case 'choice':
      return typeof raw === 'string' && field.options?.includes(raw) ? null : { path, code: 'FIELD_INVALID' };
    case 'multichoice':
      return Array.isArray(raw) && raw.every((v) => typeof v === 'string' && field.options?.includes(v))
        ? null
        : { path, code: 'FIELD_INVALID' };
    case 'checkbox':
      return typeof raw === 'boolean' ? null : { path, code: 'FIELD_INVALID' };
  }
}

/** The answers as they are stored: e-mail addresses as `emailAsStored` keeps them, the rest as given. */
export function answersAsStored(
  fields: readonly FormField[],
  answers: Record<string, unknown>,
): Record<string, unknown> {
  const stored = { ...answers };
  for (const field of fields) {
    const value = stored[field.key];
    if (field.type === 'email' && typeof value === 'string') stored[field.key] = emailAsStored(value);
  }
  return stored;
}

/** Every issue with a set of answers: each field's own, and answers no field asks for. */
export function answersIssues(
  fields: readonly FormField[],
  answers: Record<string, unknown>,
  rules: AnswerRules,
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  for (const field of fields) {
    const issue = answerIssue(field, answers[field.key], rules);
    if (issue) issues.push(issue);
  }
  const known = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(answers))
    if (!known.has(key)) issues.push({ path: `answers.${key}`, code: 'UNKNOWN_FIELD' });
  return issues;
}

// --- participation ---------------------------------------------------------------------------

export const ParticipationRequest = z.strictObject({
  answers: z.record(z.string().max(40), z.unknown()),
  consent: z.literal(true, { error: 'CONSENT_REQUIRED' }),
  landingId: Id.optional(),
});
export type ParticipationRequest = z.infer<typeof ParticipationRequest>;

export const ParticipationOutcome = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reward_code'),
    code: z.string(),
    qrSvg: z.string().optional().describe('the code as a QR code (SVG), to show at the counter'),
  }),
  z.object({
    kind: z.literal('instant_award'),
    won: z.boolean(),
    prize: z
      .object({
        name: z.string(),
        value: z.number().optional(),
        department: z.string().nullable().optional(),
        centre: z.object({ name: z.string(), address: z.string().nullable() }).nullable().optional(),
      })
      .optional()
      .describe('what was won and where to claim it (centre, else department)'),
  }),
  z.object({ kind: z.literal('raffle'), entries: z.number().int() }),
  z.object({ kind: z.literal('points'), balance: z.number() }),
  z.object({ kind: z.literal('registered') }),
]);
export type ParticipationOutcome = z.infer<typeof ParticipationOutcome>;

export const ParticipationResponse = z.object({ participationId: Id, outcome: ParticipationOutcome });
export type ParticipationResponse = z.infer<typeof ParticipationResponse>;

export const PublicCampaignParams = z.object({ tenant: z.string().max(40), campaign: z.string().max(40) });

/** What a public page needs to show a campaign's form and check it before sending. */
export const PublicCampaign = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  privacy: z.string().nullable(),
  kind: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  available: z.boolean().describe('active and inside its participation window now'),
  fields: z.array(FormField),
  country: z.object({
    code: z.string(),
    phonePrefix: z.string(),
    phoneDigits: z.number().int(),
    identity: z.object({ label: z.string(), pattern: z.string() }),
    departmentLabel: z.string(),
    departments: z.array(z.string()),
    timeZone: z.string(),
  }),
});
export type PublicCampaign = z.infer<typeof PublicCampaign>;

/**
 * A phone as stored: its national digits. "+506 8888 7777" (printed with the country's calling
 * code) is 88887777; a number without the code keeps every digit.
 */
export function nationalPhone(raw: string, country: { phoneDigits: number; phonePrefix: string }): string {
  const digits = raw.replace(/\D/g, '');
  const prefix = country.phonePrefix.replace(/\D/g, '');
  return prefix && digits.length === country.phoneDigits + prefix.length && digits.startsWith(prefix)
    ? digits.slice(prefix.length)
    : digits;
}
