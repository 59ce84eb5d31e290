import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findDatabaseError } from '../../platform/http/database-errors.ts';
import { createPerson, marketSetup, signIn } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { issuePickupVoucher } from './orders.repository.ts';
import { redeemForPoints } from './redeem-for-points.repository.ts';

// Spec §7 names the product redemption `marketplaces/redeem-product`; `users/reward-codes/product`
// stays for the pages already published. One service answers both.
const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const m = await marketSetup(t, tenant, { physicalStock: 3, digitalCodes: 1, price: 10 });

async function customerWithPoints(points: number) {
  const person = await createPerson(t, tenant);
  const credit = await t.request({
    method: 'POST',
    url: '/api/points/adjustments',
    token: tenant.admin.token,
    body: { campaignId: m.campaign.id, cedula: person.cedula, amount: points, reason: 'bienvenida' },
  });
  expect(credit.status, credit.text).toBe(201);
  return signIn(t, tenant, m.campaign.name, person.cedula);
}

const buy = (url: string, token: string | undefined, body: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url,
    token,
    body: { marketplaceId: m.marketplace.id, productId: m.physical.id, centreId: m.shop.id, ...body },
  });

describe('POST marketplaces/redeem-product', () => {
  it('redeems a product for points, as the legacy path does, from one balance and one stock', async () => {
    const session = await customerWithPoints(25);
    const first = await buy('/api/marketplaces/redeem-product', session.token);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      balance: 15,
      order: { paidWith: 'points', points: 10, delivery: { kind: 'pickup', shop: { centreId: m.shop.id } } },
    });
    const legacy = await buy('/api/users/reward-codes/product', session.token);
    expect(legacy.status, legacy.text).toBe(201);
    expect(legacy.body.balance).toBe(5);
    const broke = await buy('/api/marketplaces/redeem-product', session.token);
    expect(broke.status).toBe(422);
    expect(broke.body.error.code).toBe('POINTS_INSUFFICIENT');
    const shop = await t.request({
      url: `/api/public/${tenant.slug}/marketplace/${m.campaign.name}/${m.marketplace.id}`,
      token: session.token,
    });
    expect(shop.body.products.find((p: { id: string }) => p.id === m.physical.id).stock).toBe(1);
  });

  it('replays an order with the same Idempotency-Key instead of buying twice', async () => {
    const session = await customerWithPoints(30);
    const order = () =>
      t.request({
        method: 'POST',
        url: '/api/marketplaces/redeem-product',
        token: session.token,
        headers: { 'idempotency-key': 'spec-path-1' },
        body: { marketplaceId: m.marketplace.id, productId: m.digital.id },
      });
    const once = await order();
    expect(once.status, once.text).toBe(201);
    const again = await order();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(once.body);
  });

  it('takes only an end customer’s token: none, or any back-office role’s, is refused', async () => {
    const analyst = await t.createUser(tenant, 'ANALYST');
    const operator = await t.createUser(tenant, 'OPERATOR');
    for (const token of [undefined, tenant.admin.token, analyst.token, operator.token, t.superadmin.token]) {
      const res = await buy('/api/marketplaces/redeem-product', token);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('does not sell another tenant’s marketplace to a customer of this one', async () => {
    const theirs = await marketSetup(t, other, { physicalStock: 1, digitalCodes: 0, price: 1 });
    const session = await customerWithPoints(50);
    const res = await t.request({
      method: 'POST',
      url: '/api/marketplaces/redeem-product',
      token: session.token,
      body: { marketplaceId: theirs.marketplace.id, productId: theirs.physical.id, centreId: theirs.shop.id },
    });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(other.slug);
    const balance = await t.request({
      url: `/api/public/${tenant.slug}/marketplace/${m.campaign.name}/${m.marketplace.id}`,
      token: session.token,
    });
    expect(balance.body.balance).toBe(50);
  });

  it('issues the first voucher candidate not taken: a clash with an existing code tries the next', async () => {
    const shop = await t.createTenant();
    const market = await marketSetup(t, shop, { physicalStock: 3, digitalCodes: 1, price: 10 });
    const person = await createPerson(t, shop);
    const credit = await t.request({
      method: 'POST',
      url: '/api/points/adjustments',
      token: shop.admin.token,
      body: { campaignId: market.campaign.id, cedula: person.cedula, amount: 30, reason: 'bienvenida' },
    });
    expect(credit.status, credit.text).toBe(201);
    const session = await signIn(t, shop, market.campaign.name, person.cedula);
    const first = await t.request({
      method: 'POST',
      url: '/api/marketplaces/redeem-product',
      token: session.token,
      body: { marketplaceId: market.marketplace.id, productId: market.physical.id, centreId: market.shop.id },
    });
    expect(first.status, first.text).toBe(201);
    const taken = first.body.order.delivery.voucherCode as string;
    const fresh = `Z${randomUUID().replaceAll('-', '').slice(0, 11).toUpperCase()}`;
    const orderFor = (vouchers: string[], requestHash: string) =>
      redeemForPoints(t.db, {
        tenantId: shop.id,
        campaignId: market.campaign.id,
        participantId: person.id,
        marketplaceId: market.marketplace.id,
        productId: market.physical.id,
        centreId: market.shop.id,
        now: t.clock.now(),
        orderId: randomUUID(),
        vouchers,
        key: null,
        ledgerKey: null,
        requestHash,
      });
    const second = await orderFor([taken, fresh], 'voucher-clash');
    expect(second.outcome).toBe('done');
    expect(second.body?.order.delivery).toMatchObject({ kind: 'pickup', voucherCode: fresh });

    // every candidate taken: both ways of paying raise the same error (issue_pickup_voucher, the
    // one home of the voucher) and the order rolls back, the points with it
    const orders = () =>
      t.db.ownerQuery<{ n: number }>('select count(*)::int as n from orders where tenant_id = $1', [shop.id]);
    const ordersBefore = await orders();
    const forPoints = orderFor([taken, fresh], 'voucher-clash-all');
    const raised = (call: Promise<unknown>) =>
      call.then(
        () => 'no error',
        (error: unknown) => findDatabaseError(error)?.message,
      );
    expect(await raised(forPoints)).toBe('voucher_codes_taken');
    const forCode = t.db.tx({ tenantId: shop.id }, (tx) =>
      issuePickupVoucher(tx, {
        tenantId: shop.id,
        campaignId: market.campaign.id,
        participantId: person.id,
        centreId: market.shop.id,
        now: t.clock.now(),
        candidates: [taken, fresh],
      }),
    );
    expect(await raised(forCode)).toBe('voucher_codes_taken');
    expect(await orders()).toEqual(ordersBefore);
    const balance = await t.request({
      url: `/api/public/${shop.slug}/transactions/${market.campaign.name}/${person.id}`,
      token: session.token,
    });
    expect(balance.body.balance).toBe(10);
  });
});
