import { expect } from 'vitest';
import { bulkCustomers, marketSetup } from './market-fixtures.ts';
import type { TestApp, TestTenant } from './test-app.ts';

/** Sends `requests` with at most `inFlight` at a time; answers their statuses. */
async function inWaves(requests: Array<() => Promise<{ status: number }>>, inFlight: number) {
  const statuses: number[] = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, requests.length) }, async () => {
      while (next < requests.length) {
        const i = next++;
        statuses[i] = (await (requests[i] as () => Promise<{ status: number }>)()).status;
      }
    }),
  );
  return statuses;
}

/** `buyers` people at once on a physical product of `stock` units: exactly `stock` orders. */
export async function stockRace(t: TestApp, tenant: TestTenant, stock: number, buyers: number) {
  const m = await marketSetup(t, tenant, { physicalStock: stock, digitalCodes: 0, price: 10 });
  const people = await bulkCustomers(t, tenant, m.campaign.id, buyers, 10);
  const statuses = await inWaves(
    people.map(
      (p) => () =>
        t.request({
          method: 'POST',
          url: '/api/users/reward-codes/product',
          token: p.token,
          body: { marketplaceId: m.marketplace.id, productId: m.physical.id, centreId: m.shop.id },
        }),
    ),
    buyers,
  );
  expect(statuses.filter((s) => s === 201)).toHaveLength(stock);
  expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
  const [counts] = await t.db.ownerQuery<{ orders: number; stock: number; claimed: number; debits: number }>(
    `select (select count(*)::int from orders where tenant_id = $1 and product_id = $2) as orders,
            (select stock from products where tenant_id = $1 and id = $2) as stock,
            (select claimed from product_shop_stock where tenant_id = $1 and product_id = $2) as claimed,
            (select count(*)::int from points_ledger where tenant_id = $1 and campaign_id = $3 and kind = 'redemption') as debits`,
    [tenant.id, m.physical.id, m.campaign.id],
  );
  expect(counts).toEqual({ orders: stock, stock: 0, claimed: stock, debits: stock });
}

/**
 * `spends` product redemptions of 1 point by `people` people holding `balance` each, of which
 * `retries` repeat an earlier request's Idempotency-Key (sent alongside it): every balance equals
 * the sum of its ledger, none is negative, and no key debits twice.
 */
export async function spendRace(
  t: TestApp,
  tenant: TestTenant,
  sizes: { people: number; spends: number; retries: number; balance: number; inFlight: number },
) {
  const m = await marketSetup(t, tenant, { physicalStock: sizes.spends, digitalCodes: 0, price: 1 });
  const people = await bulkCustomers(t, tenant, m.campaign.id, sizes.people, sizes.balance);
  const firsts = sizes.spends - sizes.retries;
  const requests: Array<() => Promise<{ status: number }>> = [];
  for (let i = 0; i < sizes.spends; i++) {
    const n = i < firsts ? i : (i - firsts) * Math.floor(firsts / sizes.retries); // a retry repeats request n
    const person = people[n % people.length] as { token: string };
    requests.push(() =>
      t.request({
        method: 'POST',
        url: '/api/users/reward-codes/product',
        token: person.token,
        headers: { 'idempotency-key': `spend-${n}` },
        body: { marketplaceId: m.marketplace.id, productId: m.physical.id, centreId: m.shop.id },
      }),
    );
  }
  // retries interleaved with the first sends
  const order = requests.map((r, i) => ({
    r,
    k: i < firsts ? i : (i - firsts) * Math.floor(firsts / sizes.retries) + 0.5,
  }));
  order.sort((a, b) => a.k - b.k);
  const statuses = await inWaves(
    order.map((o) => o.r),
    sizes.inFlight,
  );
  expect(statuses.filter((s) => s !== 201 && s !== 422)).toEqual([]);
  const accounts = await t.db.ownerQuery<{
    balance: number;
    ledger: number;
    negative: number;
    debits: number;
    keys: number;
  }>(
    `select a.balance, coalesce(sum(l.amount), 0)::int as ledger,
            count(*) filter (where l.balance_after < 0)::int as negative,
            count(*) filter (where l.kind = 'redemption')::int as debits,
            count(distinct l.idempotency_key)::int as keys
     from points_accounts a join points_ledger l on l.tenant_id = a.tenant_id and l.campaign_id = a.campaign_id
       and l.participant_id = a.participant_id
     where a.tenant_id = $1 and a.campaign_id = $2 group by a.participant_id, a.balance`,
    [tenant.id, m.campaign.id],
  );
  expect(accounts).toHaveLength(sizes.people);
  for (const a of accounts) {
    expect(a.balance).toBe(a.ledger);
    expect(a.balance).toBeGreaterThanOrEqual(0);
    expect(a.negative).toBe(0);
    expect(a.debits).toBe(a.keys); // one debit per key, never two
  }
  const [orders] = await t.db.ownerQuery<{ n: number }>(
    'select count(*)::int as n from orders where tenant_id = $1 and campaign_id = $2',
    [tenant.id, m.campaign.id],
  );
  const debits = accounts.reduce((s, a) => s + a.debits, 0);
  expect(orders?.n).toBe(debits);
  expect(debits).toBe(Math.min(firsts, sizes.people * sizes.balance));
  return { debits, refused: statuses.filter((s) => s === 422).length };
}
