import { z } from 'zod';
import { Id, IsoDateTime, ListQuery, Text } from './common.ts';
import type { ErrorCode } from './errors.ts';

/** Letters and digits people cannot confuse (no 0/O, no 1/I): 32 symbols, 5 bits each. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const CodePrefix = z
  .string()
  .regex(/^[A-Z0-9]{1,10}$/, { error: 'FIELD_INVALID' })
  .describe('up to 10 capital letters or digits');

/** A code as people type it: letters and digits, case and separators ignored. */
export const CodeInput = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(64, { error: 'INVALID_PRIZE_CODE' })
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''));

export const GenerateCodes = z.union([
  z.strictObject({
    campaignId: Id,
    count: z
      .number({ error: 'CODE_COUNT_POSITIVE' })
      .int({ error: 'CODE_COUNT_POSITIVE' })
      .min(1, { error: 'CODE_COUNT_POSITIVE' })
      .max(10_000_000, { error: 'NUMBER_TOO_LARGE' }),
    prefix: CodePrefix.optional(),
  }),
  z.strictObject({
    campaignId: Id,
    codes: z.array(z.string().min(1).max(64)).min(1, { error: 'CODE_COUNT_POSITIVE' }).max(10_000),
  }),
]);
export type GenerateCodes = z.infer<typeof GenerateCodes>;

export const CODE_STATUSES = ['available', 'assigned', 'redeemed', 'revoked'] as const;
export const CodeStatus = z.enum(CODE_STATUSES);

export const RedemptionInfo = z.object({
  id: Id,
  centreId: z.string(),
  centreCode: z.string(),
  centreName: z.string(),
  operatorId: z.string().nullable(),
  redeemedAt: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});

/**
 * What a marketplace pickup voucher hands over at the counter: the product ordered and its units.
 * Null for a code that is not a voucher.
 */
export const VoucherProduct = z.object({
  id: Id,
  name: z.string(),
  quantity: z.number().int().describe('units of the product the voucher covers'),
});
export type VoucherProduct = z.infer<typeof VoucherProduct>;

/**
 * Why an operator's centre cannot redeem a code now: the catalogue's code of the refusal a
 * redemption there would answer. The server decides it with the same rule as the redemption
 * (`reward_code_refusal`), in this order: revoked, redeemed, campaign archived, outside the
 * redemption window, centre not allowed.
 */
export const REDEEM_REFUSALS = [
  'CODE_REVOKED',
  'CODE_ALREADY_REDEEMED',
  'CAMPAIGN_NOT_ACTIVE',
  'CODE_OUTSIDE_REDEMPTION_WINDOW',
  'CENTRE_NOT_ALLOWED',
] as const satisfies readonly ErrorCode[];
export const RedeemRefusal = z.enum(REDEEM_REFUSALS);
export type RedeemRefusal = z.infer<typeof RedeemRefusal>;

export const RewardCode = z.object({
  code: z.string(),
  status: CodeStatus,
  campaign: z.object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    redeemFrom: z.string().nullable(),
    redeemUntil: z.string().nullable(),
  }),
  person: z.object({ id: z.string(), name: z.string().nullable(), cedula: z.string().nullable() }).nullable(),
  assignedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  redemptions: z.array(RedemptionInfo),
  /** A marketplace pickup voucher's product (what the counter hands over); null for other codes. */
  product: VoucherProduct.nullable(),
  /** For an operator: whether their centre may redeem it now (`redeemRefusal` is null). */
  redeemableHere: z.boolean().optional(),
  /** For an operator: why their centre cannot redeem it now, null when it can. */
  redeemRefusal: RedeemRefusal.nullable().optional(),
});
export type RewardCode = z.infer<typeof RewardCode>;

export const CodeParams = z.object({ code: z.string().min(1).max(64) });
export const CedulaParams = z.object({ cedula: z.string().min(1).max(40) });
export const DisableCode = z.strictObject({ code: CodeInput, reason: z.string().max(300).optional() });
export const AssignByCedula = z.strictObject({ campaignId: Id, cedula: z.string().min(1).max(40) });

export const RedeemCode = z.strictObject({ code: CodeInput });
export const Redemption = z.object({
  redemption: z.object({
    id: Id,
    code: z.string(),
    centreCode: z.string(),
    redeemedAt: z.string(),
    /** The pickup voucher's product, null for other codes (absent in answers stored before 0028). */
    product: VoucherProduct.nullable().optional(),
  }),
});
export type Redemption = z.infer<typeof Redemption>;
export const ReverseRedemption = z.strictObject({ reason: Text(300) });

export const RedemptionListQuery = ListQuery.extend({
  centreId: Id.optional(),
  campaignId: Id.optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
});
export const RedemptionRow = z.object({
  id: Id,
  code: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  centreId: z.string(),
  centreCode: z.string(),
  centreName: z.string(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  redeemedAt: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type RedemptionRow = z.infer<typeof RedemptionRow>;

export const CodesSummary = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  generated: z.number().int(),
  available: z.number().int(),
  assigned: z.number().int(),
  redeemed: z.number().int(),
  revoked: z.number().int(),
});
export type CodesSummary = z.infer<typeof CodesSummary>;

export const ReportQuery = z.object({
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
  centreId: Id.optional(),
  campaignId: Id.optional(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const GeneratedCodes = z.union([
  z.object({ generated: z.number().int(), length: z.number().int() }),
  z.object({ jobId: Id }),
]);
export type GeneratedCodes = z.infer<typeof GeneratedCodes>;

// --- a campaign's codes as a list ------------------------------------------------------------

/**
 * Which codes of a campaign: text (a code, or its holder's identity number or name), state,
 * the date of their current state (created, assigned, redeemed or revoked) and the centre
 * where they were redeemed (or, for a pickup voucher, the shop it is bound to).
 */
export const CodeFilter = z.object({
  q: z.string().trim().max(100, { error: 'FIELD_TOO_LONG' }).optional(),
  status: CodeStatus.optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
  centreId: Id.optional(),
});
export type CodeFilter = z.infer<typeof CodeFilter>;

/** `GET /api/reward-codes`: a page after the code `after` (keyset, in code order). */
export const CodeListQuery = CodeFilter.extend({
  campaignId: Id,
  after: z.string().max(64).optional(),
  pageSize: z.coerce.number({ error: 'FIELD_INVALID' }).int().min(1).max(200).default(50),
});
export type CodeListQuery = z.infer<typeof CodeListQuery>;

export const CodeListRow = z.object({
  code: z.string(),
  status: CodeStatus,
  holderName: z.string().nullable(),
  /** Masked for analysts. */
  holderCedula: z.string().nullable(),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  centreCode: z.string().nullable(),
  centreName: z.string().nullable(),
});
export type CodeListRow = z.infer<typeof CodeListRow>;

export const CodeList = z.object({
  items: z.array(CodeListRow),
  /** Codes matching the filter, all pages. */
  total: z.number().int(),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type CodeList = z.infer<typeof CodeList>;

export const CodeExportQuery = CodeFilter.extend({
  campaignId: Id,
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** Revokes, in one go, the codes of a campaign a filter selects, or those a file lists. */
export const RevokeCodes = z.union([
  z.strictObject({ campaignId: Id, filter: CodeFilter, reason: z.string().trim().max(300).optional() }),
  z.strictObject({
    campaignId: Id,
    codes: z
      .array(z.string().min(1).max(64))
      .min(1, { error: 'CODE_COUNT_POSITIVE' })
      .max(100_000, { error: 'NUMBER_TOO_LARGE' }),
    reason: z.string().trim().max(300).optional(),
  }),
]);
export type RevokeCodes = z.infer<typeof RevokeCodes>;

export const CodesRevoked = z.object({
  revoked: z.number().int(),
  /** Listed codes that were not revoked: unknown in the campaign, redeemed or revoked already (up to 100). */
  notRevoked: z.array(z.string()),
  notRevokedCount: z.number().int(),
});
export type CodesRevoked = z.infer<typeof CodesRevoked>;
