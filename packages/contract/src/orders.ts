import { z } from 'zod';
import { Id, IsoDateTime, ListQuery } from './common.ts';
import { LedgerKind } from './points.ts';

/** Orders: products redeemed by the end customer, their transactions and the back-office views (issue #8). */

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
 * POST marketplaces/redeem-product, or its legacy name users/reward-codes/product (end-customer
 * token; Idempotency-Key): one unit of a product of the marketplace, paid with points or with a
 * redeem code; physical products name the shop.
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
