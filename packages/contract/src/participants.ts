import { z } from 'zod';
import { Id, ListQuery } from './common.ts';
import { SEXES } from './forms.ts';

/** Participants: the tenant's CRM of people, unique by identity number. */

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
  emailVerified: z.boolean().describe('the person proved control of the e-mail with a one-time code'),
  phoneVerified: z.boolean().describe('the person proved control of the phone with a one-time code'),
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

export const CLAIM_FIELDS = ['name', 'email', 'phone', 'birthdate', 'sex', 'department'] as const;

/**
 * A detail typed under the person's identity number that differs from the stored one: kept beside
 * it, never replacing it (docs/domain.md "People"). The CRM shows it as a discrepancy.
 */
export const ParticipantClaim = z.object({
  field: z.enum(CLAIM_FIELDS),
  value: z.string(),
  times: z.number().int().describe('how many participations typed it'),
  firstAt: z.string(),
  lastAt: z.string(),
  campaignId: Id.nullable().describe('the campaign it was last typed in'),
});
export type ParticipantClaim = z.infer<typeof ParticipantClaim>;

export const CrmUserInfo = z.object({
  participant: Participant,
  participations: z.array(ParticipationSummary),
  claims: z.array(ParticipantClaim).describe('typed details that differ from the stored ones, newest first'),
});
export type CrmUserInfo = z.infer<typeof CrmUserInfo>;

/** GET participants/{id}/export: everything held about one person, their answers included. */
export const PersonExport = z.object({
  participant: Participant,
  participations: z.array(ParticipationSummary.extend({ answers: z.record(z.string(), z.unknown()) })),
  claims: z.array(ParticipantClaim),
});
export type PersonExport = z.infer<typeof PersonExport>;

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
