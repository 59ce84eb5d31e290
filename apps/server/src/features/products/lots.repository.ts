import type { Lot } from '@promo/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { productLotShops, productLots } from '../../db/schema.ts';

type LotRow = {
  id: string;
  reference: string | null;
  product_id: string;
  product_name: string;
  created_at: Date;
  centre_id: string;
  centre_code: string;
  centre_name: string;
  amount: number;
};

/** Lot rows (one per shop of a lot) folded into lots. */
function toLots(rows: LotRow[]): Lot[] {
  const lots = new Map<string, Lot>();
  for (const r of rows) {
    const lot = lots.get(r.id) ?? {
      id: r.id,
      reference: r.reference,
      productId: r.product_id,
      productName: r.product_name,
      shops: [],
      createdAt: new Date(r.created_at).toISOString(),
    };
    lot.shops.push({
      centreId: r.centre_id,
      centreCode: r.centre_code,
      centreName: r.centre_name,
      amount: Number(r.amount),
    });
    lots.set(r.id, lot);
  }
  return [...lots.values()];
}

/** Lots with their shops, oldest first (of one product, or these ids). */
// crosses into centres: lots with their shops' names, ordered by shop name in one statement
export async function findLots(
  tx: Tx,
  tenantId: string,
  filter: { productId?: string; ids?: string[] },
): Promise<Lot[]> {
  const rows = await queryRows<LotRow>(
    tx,
    sql`select l.id, l.reference, l.product_id, p.name as product_name, l.created_at,
               s.centre_id, c.code as centre_code, c.name as centre_name, s.amount
        from product_lots l
        join products p on p.tenant_id = l.tenant_id and p.id = l.product_id
        join product_lot_shops s on s.tenant_id = l.tenant_id and s.lot_id = l.id
        join redemption_centres c on c.tenant_id = s.tenant_id and c.id = s.centre_id
        where l.tenant_id = ${tenantId}
          ${filter.productId ? sql`and l.product_id = ${filter.productId}` : sql``}
          ${filter.ids ? sql`and l.id in (select jsonb_array_elements_text(${JSON.stringify(filter.ids)}::jsonb)::uuid)` : sql``}
        order by l.created_at, l.id, c.name`,
  );
  return toLots(rows);
}

/** Writes a lot and its amounts per shop; answers the lot's id. */
export async function insertLot(
  tx: Tx,
  lot: {
    tenantId: string;
    productId: string;
    reference: string | null;
    createdBy: string;
    shops: Array<{ centreId: string; amount: number }>;
  },
): Promise<string> {
  const { tenantId } = lot;
  const [lotRow] = await tx
    .insert(productLots)
    .values({ tenantId, productId: lot.productId, reference: lot.reference, createdBy: lot.createdBy })
    .returning({ id: productLots.id });
  if (!lotRow) throw new Error('lot insert returned no row');
  await tx
    .insert(productLotShops)
    .values(lot.shops.map((s) => ({ tenantId, lotId: lotRow.id, centreId: s.centreId, amount: s.amount })));
  return lotRow.id;
}

/** Adds received units to a product's stock in a shop. */
export async function receiveInShop(
  tx: Tx,
  tenantId: string,
  productId: string,
  shop: { centreId: string; amount: number },
): Promise<void> {
  await tx.execute(
    sql`insert into product_shop_stock (tenant_id, product_id, centre_id, received)
        values (${tenantId}, ${productId}, ${shop.centreId}, ${shop.amount})
        on conflict (tenant_id, product_id, centre_id) do update set received = product_shop_stock.received + excluded.received`,
  );
}

/** What a product's shops still hold, beside its stock. */
export async function unitsInShops(
  tx: Tx,
  tenantId: string,
  productId: string,
  stock: number,
): Promise<{ in_shops: number; stock: number } | undefined> {
  const [check] = await queryRows<{ in_shops: number; stock: number }>(
    tx,
    sql`select coalesce(sum(received - claimed), 0)::int as in_shops, ${stock}::int as stock
        from product_shop_stock where tenant_id = ${tenantId} and product_id = ${productId}`,
  );
  return check;
}
