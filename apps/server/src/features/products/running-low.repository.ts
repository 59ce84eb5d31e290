import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * When a product is running low (the home's "Productos por agotarse"): the units it has left are at
 * most a fifth of the units it has offered (left + ordered), or at most five, whichever is more.
 * A share, so that 9 of 10 is not news and 200 of 1 000 is; a floor of a few units, so that the
 * last units of a small stock are (decision 044).
 */
export const RUNNING_LOW = { percent: 20, units: 5 } as const;

/** The active products of a tenant running low, fewest units left first (at most `limit`). */
// crosses into marketplace: the units a product has given out are its orders
export async function productsRunningLow(tx: Tx, tenantId: string, limit = 20) {
  const rows = await queryRows<{ id: string; name: string; stock: number }>(
    tx,
    sql`select p.id, p.name, p.stock from (
          select p.id, p.name, p.stock + parked_units(p.tenant_id, p.id) as stock,
                 (select count(*) from orders o where o.tenant_id = p.tenant_id and o.product_id = p.id) as ordered
            from products p where p.tenant_id = ${tenantId} and p.active) p
        where p.stock <= ${RUNNING_LOW.units}
           or p.stock * 100 <= ${RUNNING_LOW.percent} * (p.stock + p.ordered)
        order by p.stock, p.name limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, stock: Number(r.stock) }));
}
