import type { Lot, LotSetup } from '@promo/contract';
import type { Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import { actorOf, type Ctx, inTenant } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { centreExists } from '../centres/index.ts';
import { findLots, insertLot, receiveInShop, unitsInShops } from './lots.repository.ts';
import { lockProduct } from './products.repository.ts';

export async function listLots(ctx: Ctx, productId: string | undefined): Promise<{ items: Lot[] }> {
  const { tenantId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => ({
    items: await findLots(tx, tenantId, productId ? { productId } : {}),
  }));
}

/**
 * One lot of a setup (`i`: its place, for the refusals): its product (locked) must be physical,
 * its shops the tenant's and each named once, and what the product's shops then hold may not
 * exceed its stock. Answers the lot's id.
 */
async function placeLot(
  tx: Tx,
  tenantId: string,
  userId: string,
  lot: LotSetup['lots'][number],
  i: number,
): Promise<string> {
  const product = await lockProduct(tx, tenantId, lot.productId);
  if (!product) throw fieldError(`lots.${i}.productId`, 'LOT_PRODUCT_REQUIRED');
  if (product.kind !== 'physical') throw fieldError(`lots.${i}.productId`, 'CAMPAIGN_KIND_MISMATCH');
  const seen = new Set<string>();
  for (const [j, shop] of lot.shops.entries()) {
    if (seen.has(shop.centreId)) throw fieldError(`lots.${i}.shops.${j}.centreId`, 'DUPLICATE_VALUE');
    seen.add(shop.centreId);
    if (!(await centreExists(tx, tenantId, shop.centreId)))
      throw fieldError(`lots.${i}.shops.${j}.centreId`, 'FIELD_INVALID');
  }
  const lotId = await insertLot(tx, {
    tenantId,
    productId: lot.productId,
    reference: lot.reference || null,
    createdBy: userId,
    shops: lot.shops,
  });
  for (const s of lot.shops) await receiveInShop(tx, tenantId, lot.productId, s);
  // what shops still hold may not exceed the product's remaining stock
  const check = await unitsInShops(tx, tenantId, lot.productId, product.stock);
  if (check && Number(check.in_shops) > Number(check.stock))
    throw fieldError(`lots.${i}.shops`, 'LOT_EXCEEDS_STOCK');
  return lotId;
}

/**
 * A lot setup: each lot places units of a physical product in shops. The products and centres must
 * be the tenant's; the units placed in shops (all lots) may not exceed a product's stock plus what
 * was already handed out. Stock per shop grows by each lot's amounts.
 */
export async function createLots(ctx: Ctx, input: LotSetup): Promise<{ lots: Lot[] }> {
  const { tenantId, userId } = actorOf(ctx);
  return inTenant(ctx, async (tx) => {
    const ids: string[] = [];
    const products = new Set<string>();
    for (const [i, lot] of input.lots.entries()) {
      ids.push(await placeLot(tx, tenantId, userId, lot, i));
      products.add(lot.productId);
    }
    await audit(tx, ctx, {
      tenantId,
      action: 'product.lots',
      entityType: 'product',
      details: { lots: ids.length, products: [...products] },
    });
    return { lots: await findLots(tx, tenantId, { ids }) };
  });
}
