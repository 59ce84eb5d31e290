import { describe, expect, it } from 'vitest';
import { bulkCustomers, marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

// A physical product's units at a shop are parked in stock slots by the buyers (migration 0022,
// decision 025): what the administrator and the customer see still counts every unit, an
// administrator's stock or active edit applies to the parked units too, and no unit is sold twice.
const t = await createTestApp();
const tenant = await t.createTenant();
const admin = tenant.admin.token;

async function shopWith(stock: number, people: number) {
  const m = await marketSetup(t, tenant, { physicalStock: stock, digitalCodes: 0, price: 1 });
  const customers = await bulkCustomers(t, tenant, m.campaign.id, people, 100);
  const buy = (token: string) =>
    t.request({
      method: 'POST',
      url: '/api/marketplaces/redeem-product',
      token,
      body: { marketplaceId: m.marketplace.id, productId: m.physical.id, centreId: m.shop.id },
    });
  const adminView = async () => {
    const res = await t.request({ url: `/api/products/${m.physical.id}`, token: admin });
    expect(res.status, res.text).toBe(200);
    return res.body as { stock: number; orders: number; shops: Array<{ claimed: number; stock: number }> };
  };
  const parked = async () => {
    const [row] = await t.db.ownerQuery<{ units: number }>(
      'select coalesce(sum(units), 0)::int as units from product_stock_slots where tenant_id = $1 and product_id = $2',
      [tenant.id, m.physical.id],
    );
    return row?.units ?? 0;
  };
  return { m, customers, buy, adminView, parked };
}

describe('stock slots of a physical product', () => {
  it('the administrator and the customer see every unit, parked or not', async () => {
    const { m, customers, buy, adminView, parked } = await shopWith(40, 1);
    const customer = customers[0] as { token: string };
    for (let i = 0; i < 3; i++) expect((await buy(customer.token)).status).toBe(201);
    expect(await parked()).toBeGreaterThan(0); // the buys took their units from a slot
    const view = await adminView();
    expect(view.stock).toBe(37);
    expect(view.orders).toBe(3);
    expect(view.shops).toEqual([expect.objectContaining({ claimed: 3, stock: 37 })]);
    const shop = await t.request({
      url: `/api/public/${tenant.slug}/marketplace/${m.campaign.name}/${m.marketplace.id}`,
      token: customer.token,
    });
    expect(shop.body.products.find((p: { id: string }) => p.id === m.physical.id).stock).toBe(37);
  });

  it('a stock set by the administrator counts the parked units: that many more are sold, no more', async () => {
    const { m, customers, buy, adminView, parked } = await shopWith(40, 4);
    expect((await buy((customers[0] as { token: string }).token)).status).toBe(201);
    expect(await parked()).toBeGreaterThan(0);
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/products/${m.physical.id}`,
      token: admin,
      body: { stock: 2 },
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await adminView()).stock).toBe(2);
    const statuses = await Promise.all(customers.map((c) => buy(c.token).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 201)).toEqual([409, 409]);
    const view = await adminView();
    expect(view).toMatchObject({ stock: 0, orders: 3 });
    expect(view.shops).toEqual([expect.objectContaining({ claimed: 3, stock: 37 })]);
  });

  it('a product deactivated while units are parked sells none of them', async () => {
    const { m, customers, buy, adminView, parked } = await shopWith(40, 1);
    const customer = customers[0] as { token: string };
    expect((await buy(customer.token)).status).toBe(201);
    expect(await parked()).toBeGreaterThan(0);
    const off = await t.request({
      method: 'PATCH',
      url: `/api/products/${m.physical.id}`,
      token: admin,
      body: { active: false },
    });
    expect(off.status, off.text).toBe(200);
    const refused = await buy(customer.token);
    expect(refused.body.error.code).toBe('PRODUCT_NOT_AVAILABLE');
    expect((await adminView()).stock).toBe(39);
  });
});
