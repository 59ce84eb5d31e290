import { z } from 'zod';
import { Id, ListQuery, Text } from './common.ts';
import { ImageUrl } from './images.ts';

/** Products, paid with points or a redeem code, and the lots that stock them at shops (issue #8). */

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
