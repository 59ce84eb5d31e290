import { z } from 'zod';
import { Id, IsoDateTime, ListQuery, Slug, Text } from './common.ts';

export const CAMPAIGN_KINDS = ['reward_code', 'raffle', 'instant_award', 'marketplace', 'points'] as const;
export const CampaignKind = z.enum(CAMPAIGN_KINDS, { error: 'FIELD_INVALID' });
export type CampaignKind = z.infer<typeof CampaignKind>;

/** Derived from the flags: never activated, active, inactive, or archived (read-only). */
export const CAMPAIGN_STATES = ['draft', 'active', 'inactive', 'archived'] as const;
export const CampaignState = z.enum(CAMPAIGN_STATES, { error: 'FIELD_INVALID' });
export type CampaignState = z.infer<typeof CampaignState>;

/** A whole number from 1 to `max` (a setting). */
const WholeAbove0 = (max: number) =>
  z
    .number({ error: 'FIELD_INVALID' })
    .int({ error: 'FIELD_INVALID' })
    .min(1, { error: 'FIELD_INVALID' })
    .max(max, { error: 'FIELD_INVALID' });

/** What a participation does when a known person's e-mail or phone differs from the registered one. */
export const CONTACT_MISMATCH_RULES = ['record', 'refuse'] as const;

const settingsFields = {
  centreIds: z.array(Id).describe('reward codes: centres where codes can be redeemed'),
  centreGroupIds: z.array(Id).describe('reward codes: centre groups where codes can be redeemed'),
  pointsPerParticipation: WholeAbove0(1_000_000).describe(
    'points campaigns: points credited by each accepted participation (none when absent)',
  ),
  pointsExpiryDays: WholeAbove0(3650).describe(
    'points and marketplace campaigns: whole days after which credited points expire',
  ),
  contactMismatch: z
    .enum(CONTACT_MISMATCH_RULES, { error: 'FIELD_INVALID' })
    .describe(
      "a known identity number typed with another e-mail or phone: 'record' (default) keeps the registered contact and records the new one as an unverified claim; 'refuse' refuses the participation (CONTACT_MISMATCH)",
    ),
};

/** Kind-specific settings; each kind's issue adds its own keys. */
export const CampaignSettings = z.object(settingsFields).partial().catchall(z.unknown());

/**
 * A change of settings: merged key by key into the stored ones (lists replace the stored list);
 * a key set to null is removed.
 */
export const CampaignSettingsChange = z
  .object({
    centreIds: settingsFields.centreIds.nullable(),
    centreGroupIds: settingsFields.centreGroupIds.nullable(),
    pointsPerParticipation: settingsFields.pointsPerParticipation.nullable(),
    pointsExpiryDays: settingsFields.pointsExpiryDays.nullable(),
    contactMismatch: settingsFields.contactMismatch.nullable(),
  })
  .partial()
  .catchall(z.unknown());

const CampaignFields = z.strictObject({
  name: Slug.describe('unique in the tenant; the {campaignName} of public URLs'),
  title: Text(160),
  description: z.string().max(4000, { error: 'FIELD_TOO_LONG' }).optional(),
  kind: CampaignKind,
  countryCode: z.string({ error: 'FIELD_REQUIRED' }).regex(/^[A-Z]{2}$/, { error: 'FIELD_INVALID' }),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  redeemFrom: IsoDateTime.nullable().optional(),
  redeemUntil: IsoDateTime.nullable().optional(),
  /** Rich text (an allow-list of HTML: the server keeps it sanitised) or plain text. */
  terms: z.string().max(20_000, { error: 'FIELD_TOO_LONG' }).optional(),
  /** The privacy notice, rich text like the terms. */
  privacy: z.string().max(20_000, { error: 'FIELD_TOO_LONG' }).optional(),
  groupId: Id.nullable().optional(),
  settings: CampaignSettings.optional(),
});

function checkWindows(
  value: { startsAt?: string; endsAt?: string; redeemFrom?: string | null; redeemUntil?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'DATE_RANGE_INVALID' });
  }
  if (
    value.redeemFrom &&
    value.redeemUntil &&
    Date.parse(value.redeemUntil) <= Date.parse(value.redeemFrom)
  ) {
    ctx.addIssue({ code: 'custom', path: ['redeemUntil'], message: 'DATE_RANGE_INVALID' });
  }
}

export const CreateCampaign = CampaignFields.superRefine(checkWindows);
export type CreateCampaign = z.infer<typeof CreateCampaign>;
/** Only the fields sent change; `settings` is merged key by key into the stored ones. */
export const UpdateCampaign = CampaignFields.omit({ kind: true })
  .extend({
    settings: CampaignSettingsChange,
    version: z
      .number({ error: 'FIELD_INVALID' })
      .int({ error: 'FIELD_INVALID' })
      .positive({ error: 'FIELD_INVALID' })
      .describe(
        'the version the change was made on (the campaign as read); when someone saved the campaign since, the change is refused (STALE_WRITE) and nothing is written. Without it the change applies to whatever is stored.',
      ),
  })
  .partial()
  .superRefine(checkWindows);
export type UpdateCampaign = z.infer<typeof UpdateCampaign>;

export const Campaign = z.object({
  id: Id,
  name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  kind: CampaignKind,
  countryCode: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  redeemFrom: z.string().nullable(),
  redeemUntil: z.string().nullable(),
  terms: z.string().nullable(),
  privacy: z.string().nullable(),
  groupId: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  archived: z.boolean(),
  state: CampaignState,
  hasForm: z.boolean(),
  /** Grows by one on every save of the campaign; send it back in PATCH to refuse a stale save. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignListQuery = ListQuery.extend({
  kind: CampaignKind.optional(),
  state: CampaignState.optional(),
  archived: z.enum(['true', 'false', 'any']).default('false'),
  groupId: Id.optional(),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;

export const ActiveStatus = z.strictObject({ active: z.boolean({ error: 'FIELD_REQUIRED' }) });

// --- campaign groups -------------------------------------------------------------------------

export const CampaignGroupInput = z.strictObject({
  name: Text(120),
  description: z.string().max(2000).optional(),
  campaignIds: z.array(Id, { error: 'CAMPAIGN_GROUP_EMPTY' }).min(1, { error: 'CAMPAIGN_GROUP_EMPTY' }),
});
export type CampaignGroupInput = z.infer<typeof CampaignGroupInput>;

export const CampaignGroup = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  campaignIds: z.array(z.string()),
  createdAt: z.string(),
});
export type CampaignGroup = z.infer<typeof CampaignGroup>;

// --- campaign rules ("campaign rulers") ------------------------------------------------------

const HourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'FIELD_INVALID' });

export const RuleParams = {
  max_per_identity: z
    .strictObject({
      total: z.number().int().min(1, { error: 'REPETITION_COUNT_POSITIVE' }).optional(),
      perDay: z.number().int().min(1, { error: 'REPETITION_COUNT_POSITIVE' }).optional(),
    })
    .refine((p) => p.total !== undefined || p.perDay !== undefined, {
      error: 'FIELD_REQUIRED',
      path: ['total'],
    }),
  min_age: z.strictObject({ years: z.number().int().min(0).max(120).default(18) }),
  departments: z.strictObject({
    allowed: z.array(Text(80)).min(1, { error: 'FIELD_REQUIRED' }),
  }),
  schedule: z.strictObject({
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, { error: 'FIELD_REQUIRED' })
      .describe('0 Sunday … 6 Saturday'),
    from: HourMinute,
    to: HourMinute,
  }),
  max_codes_per_identity: z.strictObject({
    max: z.number().int().min(1, { error: 'REPETITION_COUNT_POSITIVE' }),
  }),
  one_prize_per_identity: z.strictObject({}),
} as const;

export const RULE_KINDS = Object.keys(RuleParams) as Array<keyof typeof RuleParams>;
export type RuleKind = keyof typeof RuleParams;
export const RuleKindSchema = z.enum(RULE_KINDS as [RuleKind, ...RuleKind[]], { error: 'FIELD_INVALID' });

export const CreateRule = z
  .strictObject({
    campaignId: Id.optional(),
    groupId: Id.optional().describe('a rule shared by every campaign of the group'),
    kind: RuleKindSchema,
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((value, ctx) => {
    if (!value.campaignId === !value.groupId) {
      ctx.addIssue({ code: 'custom', path: ['campaignId'], message: 'CAMPAIGN_REQUIRED' });
    }
    const result = RuleParams[value.kind]?.safeParse(value.params);
    if (result && !result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ ...issue, path: ['params', ...issue.path] } as z.core.$ZodRawIssue);
    }
  });
export type CreateRule = z.infer<typeof CreateRule>;

export const UpdateRule = z.strictObject({
  params: z
    .record(z.string(), z.unknown())
    .describe('merged key by key into the rule’s parameters; a key set to null is removed'),
});
export type UpdateRule = z.infer<typeof UpdateRule>;

export const Rule = z.object({
  id: Id,
  campaignId: z.string().nullable(),
  groupId: z.string().nullable(),
  kind: RuleKindSchema,
  params: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Rule = z.infer<typeof Rule>;
export const RuleListQuery = z.object({ campaignId: Id.optional(), groupId: Id.optional() });
