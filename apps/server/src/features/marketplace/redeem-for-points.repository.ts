import type { ProductRedeemed } from '@promo/contract';
import { type Database, onlyRow, textArrayLiteral } from '../../db/client.ts';
import { findDatabaseError } from '../../platform/http/database-errors.ts';
import type { OrderRefusal } from './orders.repository.ts';

/**
 * What `redeem_product_for_points` answers: 'done' or 'replayed' with the answer's body; a refusal
 * (nothing written) without one. A unit that ran out between the offer's read and its taking is
 * raised by the function (so that its writes are rolled back) and answered here as
 * 'out_of_stock', or 'shop_out_of_stock' when the shop had none left.
 */
export type RedeemForPointsOutcome =
  | { outcome: 'done' | 'replayed'; body: ProductRedeemed }
  | {
      outcome: OrderRefusal;
      body: null;
    };

/**
 * A product for points in one round trip: the SQL function `redeem_product_for_points`
 * (migration 0022, decisions 019 and 025) checks the marketplace and the offer, claims the
 * Idempotency-Key, debits the points, issues the pickup voucher (the first free one of `vouchers`)
 * or claims a product code, writes the order and the stored answer, and takes the product's and
 * the shop's unit last, so that buyers of one product wait on its row only until the commit.
 */
// crosses into campaigns: the marketplace's campaign is checked in the call that places the order (one round trip)
// crosses into products: the offer is read and the product's and the shop's units are taken in the call that places the order, so a unit is never sold twice
// crosses into centres: the shop is read in the call that places the order (one round trip)
// crosses into points: the debit is in the call that places the order, so a balance never goes below zero and a key debits once
// crosses into reward-codes: the pickup voucher is issued in the call that places the order (one round trip)
export async function redeemForPoints(
  db: Database,
  values: {
    tenantId: string;
    campaignId: string;
    participantId: string;
    marketplaceId: string;
    productId: string;
    centreId: string | null;
    now: Date;
    orderId: string;
    vouchers: readonly string[];
    /** The person's scoped key (idempotency_keys) and the key as sent (the ledger entry's). */
    key: string | null;
    ledgerKey: string | null;
    requestHash: string;
  },
): Promise<RedeemForPointsOutcome> {
  const rows = await db
    .call<RedeemForPointsOutcome>(
      { tenantId: values.tenantId },
      {
        name: 'redeem_product_for_points',
        args: [
          values.tenantId,
          values.campaignId,
          values.participantId,
          values.marketplaceId,
          values.productId,
          values.centreId,
          values.now.toISOString(),
          values.orderId,
          textArrayLiteral(values.vouchers),
          values.key,
          values.ledgerKey,
          values.requestHash,
        ],
        // the stock it takes: the product's, or its units at the shop
        lockOrder: `${values.productId} ${values.centreId ?? ''}`,
      },
    )
    .catch((error: unknown) => {
      const raised = findDatabaseError(error);
      if (raised?.code === 'P0001' && raised.message === 'out_of_stock')
        return [{ outcome: 'out_of_stock', body: null } as const];
      if (raised?.code === 'P0001' && raised.message === 'out_of_stock_shop')
        return [{ outcome: 'shop_out_of_stock', body: null } as const];
      throw error;
    });
  return onlyRow(rows, 'redeem_product_for_points');
}
