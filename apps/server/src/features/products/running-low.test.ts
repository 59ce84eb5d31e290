import { describe, expect, it } from 'vitest';
import { bulkCustomers, marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

/**
 * "Productos por agotarse" on the home: a product is running low when what it has left is at most
 * a fifth of what it has offered (left + ordered) or at most five units (decision 044).
 */
describe('products running low', async () => {
  const tenant = await t.createTenant();
  const admin = tenant.admin.token;
  const small = await marketSetup(t, tenant, { physicalStock: 10, digitalCodes: 0, price: 30 });
  const large = await marketSetup(t, tenant, { physicalStock: 30, digitalCodes: 0, price: 30 });
  const buyers = await bulkCustomers(t, tenant, small.campaign.id, 5, 30);
  const largeBuyers = await bulkCustomers(t, tenant, large.campaign.id, 24, 30);

  /** `count` orders of the setup's physical product, each by one of `people`. */
  async function order(setup: typeof small, people: typeof buyers) {
    for (const person of people) {
      const res = await t.request({
        method: 'POST',
        url: '/api/users/reward-codes/product',
        token: person.token,
        body: { marketplaceId: setup.marketplace.id, productId: setup.physical.id, centreId: setup.shop.id },
      });
      expect(res.status, res.text).toBe(201);
    }
  }
  const stockOf = async (productId: string) => {
    const res = await t.request({ url: '/api/home', token: admin });
    expect(res.status).toBe(200);
    const lowStock = res.body.attention.lowStock as { id: string; stock: number }[];
    return lowStock.find((product) => product.id === productId)?.stock ?? 'not listed';
  };

  it('9 of 10 left is not running low; 5 of 10 is (five units or fewer)', async () => {
    await order(small, buyers.slice(0, 1));
    expect(await stockOf(small.physical.id)).toBe('not listed');
    await order(small, buyers.slice(1, 4));
    expect(await stockOf(small.physical.id)).toBe('not listed');
    await order(small, buyers.slice(4, 5));
    expect(await stockOf(small.physical.id)).toBe(5);
  });

  it('7 of 30 left is not running low; 6 of 30 is (a fifth)', async () => {
    await order(large, largeBuyers.slice(0, 23));
    expect(await stockOf(large.physical.id)).toBe('not listed');
    await order(large, largeBuyers.slice(23, 24));
    expect(await stockOf(large.physical.id)).toBe(6);
  });
});
