import { z } from 'zod';
import { CodePrefix } from './codes.ts';
import { Id, IsoDateTime, ListQuery, Text } from './common.ts';
import { UploadReport } from './people.ts';
import { PublicTenantTheme } from './tenants.ts';

/**
 * Points, products, lots, marketplaces and the end customer's side of them (issue #8).
 * Route by route, docs/domain.md ("API for #8") names the schema of each request and answer.
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
export const JobQueued = z.object({ jobId: Id });

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

// --- products ----------------------------------------------------------------------------------

export const PRODUCT_KINDS = ['physical', 'digital'] as const;
export const ProductKind = z.enum(PRODUCT_KINDS, { error: 'FIELD_INVALID' });
/** Paid with points, or only obtainable with a redeem code of a batch that names the product. */
export const REDEEM_WITH = ['points', 'code'] as const;
export const RedeemWith = z.enum(REDEEM_WITH, { error: 'FIELD_INVALID' });

const Positive = z
  .number({ error: 'PRODUCT_STOCK_PRICE_POSITIVE' })
  .int({ error: 'PRODUCT_STOCK_PRICE_POSITIVE' })
  .min(1, { error: 'PRODUCT_STOCK_PRICE_POSITIVE' })
  .max(100_000_000, { error: 'NUMBER_TOO_LARGE' });
const ImageUrl = z
  .string()
  .max(2000, { error: 'FIELD_TOO_LONG' })
  .regex(/^(https:\/\/|\/)[^\s]+$/, { error: 'FIELD_INVALID' })
  .describe('https URL or a path of this site');

const ProductFields = z.strictObject({
  name: Text(160),
  description: z.string().max(4000, { error: 'FIELD_TOO_LONG' }).optional(),
  kind: ProductKind,
  redeemWith: RedeemWith.default('points'),
  pricePoints: Positive.nullable().optional().describe('required (> 0) when redeemWith is points'),
  stock: Positive.describe('units offered; > 0 when created'),
  images: z.array(ImageUrl).max(10).default([]),
  active: z.boolean().optional().describe('digital products need uploaded codes to be active'),
});
function checkPrice(
  v: { redeemWith?: string; pricePoints?: number | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.redeemWith === 'points' && (v.pricePoints === undefined || v.pricePoints === null))
    ctx.addIssue({ code: 'custom', path: ['pricePoints'], message: 'PRODUCT_STOCK_PRICE_POSITIVE' });
}
export const CreateProduct = ProductFields.superRefine(checkPrice);
export type CreateProduct = z.infer<typeof CreateProduct>;
export const UpdateProduct = z.strictObject({
  name: Text(160).optional(),
  description: z.string().max(4000, { error: 'FIELD_TOO_LONG' }).nullable().optional(),
  redeemWith: RedeemWith.optional(),
  pricePoints: Positive.nullable().optional(),
  stock: z
    .number({ error: 'PRODUCT_STOCK_PRICE_POSITIVE' })
    .int({ error: 'PRODUCT_STOCK_PRICE_POSITIVE' })
    .min(0, { error: 'PRODUCT_STOCK_PRICE_POSITIVE' })
    .max(100_000_000)
    .optional()
    .describe('units still available; 0 sells out'),
  images: z.array(ImageUrl).max(10).optional(),
  active: z.boolean().optional(),
});
export type UpdateProduct = z.infer<typeof UpdateProduct>;

export const ShopStock = z.object({
  centreId: Id,
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  department: z.string().nullable(),
  received: z.number().int().describe('sum of the lots’ amounts at this shop'),
  claimed: z.number().int(),
  stock: z.number().int().describe('received − claimed'),
});
export type ShopStock = z.infer<typeof ShopStock>;

export const Product = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  kind: ProductKind,
  redeemWith: RedeemWith,
  pricePoints: z.number().int().nullable(),
  stock: z.number().int().describe('units still available (all shops)'),
  images: z.array(z.string()),
  active: z.boolean(),
  codes: z.object({ available: z.number().int(), claimed: z.number().int() }).describe('digital products'),
  shops: z.array(ShopStock).describe('physical products: stock per shop, from the lots'),
  orders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;
export const ProductListQuery = ListQuery.extend({
  active: z.enum(['true', 'false']).optional(),
  kind: ProductKind.optional(),
});

// --- lots ------------------------------------------------------------------------------------

/** A lot setup: at least one lot, each with a product and at least one shop with an amount > 0. */
export const LotSetup = z.strictObject({
  lots: z
    .array(
      z.strictObject({
        reference: z.string().trim().max(80).optional().describe('the tenant’s lot number'),
        productId: z.uuid({ error: 'LOT_PRODUCT_REQUIRED' }),
        shops: z
          .array(
            z.strictObject({
              centreId: Id,
              amount: z
                .number({ error: 'LOT_AMOUNT_POSITIVE' })
                .int({ error: 'LOT_AMOUNT_POSITIVE' })
                .min(1, { error: 'LOT_AMOUNT_POSITIVE' })
                .max(10_000_000, { error: 'NUMBER_TOO_LARGE' }),
            }),
            { error: 'LOT_SHOP_REQUIRED' },
          )
          .min(1, { error: 'LOT_SHOP_REQUIRED' }),
      }),
      { error: 'LOT_REQUIRED' },
    )
    .min(1, { error: 'LOT_REQUIRED' })
    .max(500),
});
export type LotSetup = z.infer<typeof LotSetup>;

export const Lot = z.object({
  id: Id,
  reference: z.string().nullable(),
  productId: Id,
  productName: z.string(),
  shops: z.array(
    z.object({ centreId: Id, centreCode: z.string(), centreName: z.string(), amount: z.number() }),
  ),
  createdAt: z.string(),
});
export type Lot = z.infer<typeof Lot>;
export const LotListQuery = z.object({ productId: Id.optional() });
export const LotsCreated = z.object({ lots: z.array(Lot) });

// --- marketplaces ----------------------------------------------------------------------------

/**
 * Template id: 3 to 40 characters, letters, digits and hyphens, starting with a letter and not
 * ending with a hyphen (e.g. `grid-2`, `Showcase`). It names the layout the public page uses.
 */
export const TEMPLATE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9-]{1,38}[A-Za-z0-9]$/;
export const TemplateId = z
  .string({ error: 'MARKETPLACE_TEMPLATE_INVALID' })
  .regex(TEMPLATE_ID_PATTERN, { error: 'MARKETPLACE_TEMPLATE_INVALID' })
  .describe('3-40 letters, digits and hyphens; starts with a letter, does not end with a hyphen');

/** Overrides of the tenant theme for this marketplace (colours as in the theme, banner image). */
export const MarketplaceAppearance = z
  .strictObject({
    primaryColor: z.string().max(9).optional(),
    bannerUrl: ImageUrl.optional(),
    headline: z.string().max(200).optional(),
  })
  .default({});

const MarketplaceFields = z.strictObject({
  name: z
    .string({ error: 'MARKETPLACE_NAME_REQUIRED' })
    .trim()
    .min(1, { error: 'MARKETPLACE_NAME_REQUIRED' })
    .max(120, { error: 'FIELD_TOO_LONG' }),
  templateId: TemplateId,
  campaignId: Id.describe('the points (or marketplace) campaign whose balances it spends'),
  productIds: z
    .array(Id, { error: 'MARKETPLACE_PRODUCT_REQUIRED' })
    .min(1, { error: 'MARKETPLACE_PRODUCT_REQUIRED' })
    .max(500),
  opensAt: IsoDateTime.nullable().optional(),
  closesAt: IsoDateTime.nullable().optional(),
  appearance: MarketplaceAppearance,
  active: z.boolean().optional(),
});
function checkWindow(v: { opensAt?: string | null; closesAt?: string | null }, ctx: z.RefinementCtx) {
  if (v.opensAt && v.closesAt && Date.parse(v.closesAt) <= Date.parse(v.opensAt))
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'DATE_RANGE_INVALID' });
}
export const CreateMarketplace = MarketplaceFields.superRefine(checkWindow);
export type CreateMarketplace = z.infer<typeof CreateMarketplace>;
export const UpdateMarketplace = MarketplaceFields.omit({ campaignId: true })
  .extend({ appearance: MarketplaceAppearance.optional() })
  .partial()
  .superRefine(checkWindow);
export type UpdateMarketplace = z.infer<typeof UpdateMarketplace>;

export const Marketplace = z.object({
  id: Id,
  name: z.string(),
  templateId: z.string(),
  campaignId: Id,
  campaignName: z.string(),
  productIds: z.array(Id),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  appearance: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  publicPath: z.string().describe('/{tenant}/marketplace/{campaign}/{id}'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Marketplace = z.infer<typeof Marketplace>;
export const MarketplaceListQuery = ListQuery.extend({ campaignId: Id.optional() });

// --- the end customer ------------------------------------------------------------------------

/** Path of the public authentication and pages: `{tenant}` slug and `{campaign}` name. */
export const CustomerCampaignParams = z.object({ tenant: z.string().max(40), campaign: z.string().max(40) });
export const CustomerMarketplaceParams = CustomerCampaignParams.extend({ id: Id });

/** Step 1: the identity number; a one-time code goes to the person's e-mail. */
export const CustomerAuthRequest = z.strictObject({
  cedula: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(40, { error: 'FIELD_TOO_LONG' })
    .regex(/^[^\s-]+$/, { error: 'FIELD_INVALID' })
    .describe('no spaces or hyphens'),
});
export const CustomerAuthChallenge = z.object({
  sentTo: z.string().describe('the masked e-mail the code went to'),
  expiresAt: z.string(),
});
export type CustomerAuthChallenge = z.infer<typeof CustomerAuthChallenge>;
/** Step 2: the identity number and the six-digit code. */
export const CustomerAuthVerify = CustomerAuthRequest.extend({
  code: z.string({ error: 'FIELD_REQUIRED' }).regex(/^[0-9]{6}$/, { error: 'OTP_INVALID' }),
});
/** The end-customer token: Bearer on the public marketplace and transactions calls only. */
export const CustomerSession = z.object({
  token: z.string(),
  expiresAt: z.string(),
  person: z.object({
    id: Id.describe('the {id} of transactions/{campaign}/{id}'),
    name: z.string().nullable(),
  }),
  campaign: z.object({ name: z.string(), title: z.string() }),
  balance: z.number().int(),
  marketplaces: z.array(z.object({ id: Id, name: z.string() })),
});
export type CustomerSession = z.infer<typeof CustomerSession>;

export const PublicProduct = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  kind: ProductKind,
  redeemWith: RedeemWith,
  pricePoints: z.number().int().nullable(),
  images: z.array(z.string()),
  stock: z.number().int(),
  shops: z.array(
    z.object({
      centreId: Id,
      name: z.string(),
      address: z.string().nullable(),
      department: z.string().nullable(),
      stock: z.number().int(),
    }),
  ),
});
export type PublicProduct = z.infer<typeof PublicProduct>;

export const PublicMarketplace = z.object({
  marketplace: z.object({
    id: Id,
    name: z.string(),
    templateId: z.string(),
    appearance: z.record(z.string(), z.unknown()),
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    open: z.boolean(),
  }),
  tenant: PublicTenantTheme,
  campaign: z.object({ name: z.string(), title: z.string() }),
  person: z.object({ name: z.string().nullable() }).nullable().describe('null in the admin preview'),
  balance: z.number().int().nullable(),
  products: z.array(PublicProduct),
});
export type PublicMarketplace = z.infer<typeof PublicMarketplace>;

/** What the person receives: a digital product's code, or a pickup voucher (code + shop). */
export const OrderDelivery = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('product_code'), productCode: z.string() }),
  z.object({
    kind: z.literal('pickup'),
    voucherCode: z.string().describe('redeemed by an operator of that shop like a reward code'),
    shop: z.object({
      centreId: Id,
      code: z.string(),
      name: z.string(),
      address: z.string().nullable(),
      hours: z.string().nullable(),
    }),
  }),
]);
export type OrderDelivery = z.infer<typeof OrderDelivery>;

/**
 * POST users/reward-codes/product (end-customer token; Idempotency-Key): one unit of a product of
 * the marketplace, paid with points or with a redeem code; physical products name the shop.
 */
export const RedeemProduct = z.strictObject({
  marketplaceId: Id,
  productId: Id,
  centreId: Id.optional().describe('physical products: the shop where it is picked up'),
  code: z
    .string()
    .trim()
    .min(1)
    .max(64, { error: 'INVALID_PRIZE_CODE' })
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
    .optional()
    .describe("a redeem code instead of points ('redeem with code' products)"),
});
export type RedeemProduct = z.infer<typeof RedeemProduct>;

export const CustomerOrder = z.object({
  id: Id,
  productId: Id,
  productName: z.string(),
  paidWith: z.enum(['points', 'code']),
  points: z.number().int(),
  delivery: OrderDelivery,
  createdAt: z.string(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;
export const ProductRedeemed = z.object({ order: CustomerOrder, balance: z.number().int() });
export type ProductRedeemed = z.infer<typeof ProductRedeemed>;

/** POST marketplace-code: a redeem code credits points, or (with its product's batch) gives the product. */
export const RedeemMarketplaceCode = z.strictObject({
  code: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(64, { error: 'INVALID_PRIZE_CODE' })
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, '')),
  centreId: Id.optional().describe('when the code gives a physical product'),
});
export const MarketplaceCodeRedeemed = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('points'), points: z.number().int(), balance: z.number().int() }),
  z.object({ kind: z.literal('product'), order: CustomerOrder, balance: z.number().int() }),
]);
export type MarketplaceCodeRedeemed = z.infer<typeof MarketplaceCodeRedeemed>;

/** The person's transactions: ledger entries and orders, newest first. */
export const CustomerTransaction = z.object({
  at: z.string(),
  kind: z.union([LedgerKind, z.literal('code_order')]),
  amount: z.number().int().describe('points; 0 for a product obtained with a code'),
  balanceAfter: z.number().int().nullable(),
  description: z.string(),
  order: CustomerOrder.nullable(),
});
export type CustomerTransaction = z.infer<typeof CustomerTransaction>;
export const CustomerTransactionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const CustomerTransactions = z.object({
  balance: z.number().int(),
  items: z.array(CustomerTransaction),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomerTransactions = z.infer<typeof CustomerTransactions>;

// --- orders and reports (back-office) --------------------------------------------------------

export const Order = z.object({
  id: Id,
  marketplaceId: Id,
  campaignId: Id,
  participantId: Id,
  cedula: z.string().nullable(),
  personName: z.string().nullable(),
  productId: Id,
  productName: z.string(),
  paidWith: z.enum(['points', 'code']),
  points: z.number().int(),
  redeemCode: z.string().nullable(),
  centreId: z.string().nullable(),
  centreCode: z.string().nullable(),
  centreName: z.string().nullable(),
  voucherCode: z.string().nullable(),
  voucherStatus: z.string().nullable().describe('the pickup voucher: assigned, redeemed or revoked'),
  createdAt: z.string(),
});
export type Order = z.infer<typeof Order>;
export const OrderListQuery = ListQuery.extend({
  marketplaceId: Id.optional(),
  campaignId: Id.optional(),
  productId: Id.optional(),
  centreId: Id.optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
});

export const OrderReportQuery = z.object({
  campaignId: Id.optional(),
  marketplaceId: Id.optional(),
  centreId: Id.optional(),
  productId: Id.optional(),
  from: IsoDateTime.optional(),
  to: IsoDateTime.optional(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

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
