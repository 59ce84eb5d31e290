import { z } from 'zod';
import { Id, IsoDateTime, ListQuery, Text } from './common.ts';
import { CodePrefix } from './reward-codes.ts';
import { UploadReport } from './uploads.ts';

/**
 * Points: the ledger, balances, adjustments, expiry, redeem-code batches and the points report
 * (issue #8; docs/domain.md, "API for #8").
 */

// --- points ----------------------------------------------------------------------------------

/** What moved a balance: credits are positive, debits negative. */
export const LEDGER_KINDS = ['code_credit', 'purchase', 'adjustment', 'redemption', 'expiry'] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

/** One entry of the append-only ledger of a person in a campaign, with the balance after it. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  campaignId: Id,
  kind: LedgerKind,
  amount: z.number().int().describe('signed: credits > 0, debits < 0'),
  balanceAfter: z.number().int().min(0),
  reason: z.string().nullable().describe('adjustments: the admin’s reason'),
  redeemCode: z.string().nullable().describe('code credits: the redeem code'),
  orderId: z.string().nullable().describe('product redemptions: the order'),
  expiresAt: z.string().nullable().describe('credits: when their points expire (campaign policy)'),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const PointsAccountQuery = ListQuery.extend({
  campaignId: Id.optional(),
  cedula: z.string().max(40).optional(),
});
/** One person's balance in one campaign (admin list). Analysts see identity numbers masked. */
export const PointsAccount = z.object({
  participantId: Id,
  cedula: z.string().nullable(),
  name: z.string().nullable(),
  campaignId: Id,
  campaignName: z.string(),
  balance: z.number().int(),
  updatedAt: z.string(),
});
export type PointsAccount = z.infer<typeof PointsAccount>;

export const PersonLedgerQuery = ListQuery.extend({ campaignId: Id.optional() });
/** GET points/people/{id}: a person's balances and ledger (newest first). */
export const PersonPoints = z.object({
  person: z.object({ id: Id, cedula: z.string().nullable(), name: z.string().nullable() }),
  accounts: z.array(PointsAccount),
  ledger: z.object({
    items: z.array(LedgerEntry),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type PersonPoints = z.infer<typeof PersonPoints>;

/** An admin's adjustment: a non-zero number of points with a reason (accepts Idempotency-Key). */
export const PointsAdjustment = z
  .strictObject({
    campaignId: Id,
    participantId: Id.optional(),
    cedula: z.string().min(1).max(40).optional(),
    amount: z
      .number({ error: 'FIELD_REQUIRED' })
      .int({ error: 'FIELD_INVALID' })
      .min(-1_000_000, { error: 'NUMBER_TOO_SMALL' })
      .max(1_000_000, { error: 'NUMBER_TOO_LARGE' })
      .refine((n) => n !== 0, { error: 'FIELD_INVALID' }),
    reason: Text(500),
  })
  .refine((v) => v.participantId !== undefined || v.cedula !== undefined, {
    error: 'FIELD_REQUIRED',
    path: ['cedula'],
  });
export type PointsAdjustment = z.infer<typeof PointsAdjustment>;
export const PointsAdjusted = z.object({ entry: LedgerEntry, balance: z.number().int() });

/** Starts the expiry job (campaign policy `settings.pointsExpiryDays`) now. */
export const ExpirePoints = z.strictObject({ campaignId: Id.optional() });

// --- redeem codes ----------------------------------------------------------------------------

/** What a batch's codes are worth: points, or one unit of a product (a 'redeem with code' product). */
const BatchValue = {
  points: z.number().int().min(1, { error: 'NUMBER_TOO_SMALL' }).max(1_000_000).optional(),
  productId: Id.optional(),
};
function oneValue(v: { points?: number | undefined; productId?: string | undefined }, ctx: z.RefinementCtx) {
  if ((v.points === undefined) === (v.productId === undefined))
    ctx.addIssue({ code: 'custom', path: ['points'], message: 'REDEEM_BATCH_VALUE' });
}

export const CreateRedeemCodeBatch = z
  .strictObject({
    campaignId: Id,
    name: Text(120).optional(),
    count: z
      .number({ error: 'CODE_COUNT_POSITIVE' })
      .int({ error: 'CODE_COUNT_POSITIVE' })
      .min(1, { error: 'CODE_COUNT_POSITIVE' })
      .max(100_000, { error: 'NUMBER_TOO_LARGE' }),
    prefix: CodePrefix.optional(),
    ...BatchValue,
  })
  .superRefine(oneValue);
export type CreateRedeemCodeBatch = z.infer<typeof CreateRedeemCodeBatch>;

/** Multipart fields of `POST uploads/redeem-codes` (sent before the file, which has a `code` column). */
export const RedeemCodeUploadFields = z
  .strictObject({
    campaignId: Id,
    name: Text(120).optional(),
    points: z.coerce.number().int().min(1, { error: 'NUMBER_TOO_SMALL' }).max(1_000_000).optional(),
    productId: Id.optional(),
  })
  .superRefine(oneValue);
export type RedeemCodeUploadFields = z.infer<typeof RedeemCodeUploadFields>;

export const RedeemCodeBatch = z.object({
  id: Id,
  campaignId: Id,
  name: z.string().nullable(),
  points: z.number().int().nullable(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  source: z.enum(['generated', 'uploaded']),
  codes: z.number().int(),
  used: z.number().int(),
  createdAt: z.string(),
});
export type RedeemCodeBatch = z.infer<typeof RedeemCodeBatch>;
export const RedeemCodeBatchListQuery = ListQuery.extend({ campaignId: Id.optional() });
/** 201 of a generated batch; 200 of an upload adds the per-row report. */
export const RedeemCodeBatchCreated = z.object({
  batch: RedeemCodeBatch,
  length: z.number().int().describe('symbols per generated code (0 for uploads)'),
});
export const RedeemCodeUploadResult = z.object({ batch: RedeemCodeBatch, report: UploadReport });
export const BatchCodesQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

// --- report ----------------------------------------------------------------------------------

export const PointsReportQuery = z.object({
  campaignId: Id.optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});
/** Points issued (code credits, purchases, positive adjustments), spent, expired per campaign. */
export const PointsSummary = z.object({
  campaignId: Id,
  campaignName: z.string(),
  issued: z.number().int(),
  spent: z.number().int(),
  expired: z.number().int(),
  adjustedDown: z.number().int(),
  outstanding: z.number().int().describe('sum of the balances now'),
  people: z.number().int(),
});
export type PointsSummary = z.infer<typeof PointsSummary>;
