import { z } from 'zod';
import { Id, ListQuery, Text } from './common.ts';
import { SEXES } from './forms.ts';

// --- blacklist -------------------------------------------------------------------------------

export const BLACKLIST_KINDS = ['cedula', 'phone', 'email'] as const;
export const BlacklistKind = z.enum(BLACKLIST_KINDS, { error: 'FIELD_INVALID' });
export type BlacklistKind = z.infer<typeof BlacklistKind>;

/** The form in which values are stored and compared: no spaces or hyphens, e-mail in lowercase. */
export function normaliseBlacklistValue(kind: BlacklistKind, value: string): string {
  const trimmed = value.trim();
  if (kind === 'email') return trimmed.toLowerCase();
  return trimmed.replace(/[\s-]/g, '').toUpperCase();
}

export const CreateBlacklistEntry = z.strictObject({
  kind: BlacklistKind,
  value: Text(254),
  reason: Text(500),
  campaignId: Id.optional().describe('absent: the whole tenant'),
});
export type CreateBlacklistEntry = z.infer<typeof CreateBlacklistEntry>;

export const BlacklistEntry = z.object({
  id: Id,
  kind: BlacklistKind,
  value: z.string(),
  reason: z.string(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntry>;
export const BlacklistListQuery = ListQuery.extend({
  kind: BlacklistKind.optional(),
  campaignId: Id.optional(),
});

// --- participants (the CRM) ------------------------------------------------------------------

export const Participant = z.object({
  id: Id,
  cedula: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthdate: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  department: z.string().nullable(),
  consentAt: z.string().nullable(),
  erased: z.boolean(),
  participations: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Participant = z.infer<typeof Participant>;

export const ParticipantListQuery = ListQuery.extend({ campaignId: Id.optional() });

export const CrmUserInfoQuery = z.object({ cedula: z.string().min(1, { error: 'FIELD_REQUIRED' }).max(40) });

export const ParticipationSummary = z.object({
  id: Id,
  campaignId: Id,
  campaignName: z.string(),
  campaignTitle: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  deviceClass: z.number().int(),
  outcome: z.record(z.string(), z.unknown()),
});

export const CrmUserInfo = z.object({
  participant: Participant,
  participations: z.array(ParticipationSummary),
});
export type CrmUserInfo = z.infer<typeof CrmUserInfo>;

/** A person created from the back-office; the country decides phone and identity formats. */
export const CrmCreateUser = z.strictObject({
  countryCode: z.string().regex(/^[A-Z]{2}$/, { error: 'FIELD_INVALID' }),
  cedula: z.string({ error: 'FIELD_REQUIRED' }).min(1, { error: 'FIELD_REQUIRED' }).max(40),
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
  birthdate: z.string().max(20).optional(),
  sex: z.enum(SEXES, { error: 'FIELD_INVALID' }).optional(),
  department: z.string().max(100).optional(),
});
export type CrmCreateUser = z.infer<typeof CrmCreateUser>;

// --- statistics ------------------------------------------------------------------------------

export const StatisticsQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FIELD_INVALID' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'FIELD_INVALID' })
    .optional(),
});
export const GeneralStatistics = z.object({
  participations: z.number().int(),
  participants: z.number().int(),
  byDay: z.array(z.object({ day: z.string(), participations: z.number().int() })),
  byDevice: z.array(z.object({ deviceClass: z.number().int(), participations: z.number().int() })),
});
export const DepartmentStatistics = z.array(
  z.object({ department: z.string(), participations: z.number().int() }),
);
export const AGE_BANDS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+', 'under-18', 'unknown'] as const;
export const AgeStatistics = z.array(
  z.object({ band: z.string(), sex: z.string(), participations: z.number().int() }),
);
export const DepartmentSexStatistics = z.array(
  z.object({ department: z.string(), sex: z.string(), participations: z.number().int() }),
);

/** The answer of every upload: what was taken and, row by row, what was refused and why. */
export const UploadReport = z.object({
  total: z.number().int().describe('data rows read'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int().optional().describe('rows already present and left as they were'),
  refused: z
    .array(
      z.object({
        row: z.number().int().describe('line number in the file, the header being line 1'),
        errors: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
      }),
    )
    .describe('the refused rows in line order, at most the first 1,000'),
  refusedTotal: z
    .number()
    .int()
    .optional()
    .describe('how many rows were refused in all (more than listed when over 1,000)'),
});
export type UploadReport = z.infer<typeof UploadReport>;
