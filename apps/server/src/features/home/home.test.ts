import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { bulkCustomers, marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const home = (token: string) => t.request({ url: '/api/home', token });

describe('the back-office home', async () => {
  const tenant = await t.createTenant();
  const other = await t.createTenant();
  const admin = tenant.admin.token;

  // the test clock stands at 2026-06-01 15:00 UTC, 09:00 in Costa Rica
  const codes = await rewardCodeSetup(t, tenant, 5);
  const codeCampaign = await t.request({ url: `/api/campaigns/${codes.campaign.id}`, token: admin });
  const first = await participate(t, tenant, codes.campaign.name, validAnswers());
  await participate(t, tenant, codes.campaign.name, validAnswers());
  expect(first.status).toBe(201);
  const redeemed = await redeem(t, codes.operator, first.body.outcome.code);
  expect(redeemed.status).toBe(200);
  const endingSoon = await createActiveCampaign(t, tenant, { endsAt: '2026-06-04T12:00:00Z' });
  const market = await marketSetup(t, tenant, { physicalStock: 3, digitalCodes: 0, price: 30 });
  const [buyer] = await bulkCustomers(t, tenant, market.campaign.id, 2, 50);
  const order = await t.request({
    method: 'POST',
    url: '/api/users/reward-codes/product',
    token: buyer?.token as string,
    body: { marketplaceId: market.marketplace.id, productId: market.physical.id, centreId: market.shop.id },
  });
  expect(order.status).toBe(201);
  // a participation five days ago counts in the week, not today
  const now = t.clock.now();
  t.clock.set(new Date('2026-05-27T15:00:00Z'));
  await participate(t, tenant, endingSoon.name, validAnswers());
  t.clock.set(now);

  it("shows the active campaigns' figures in each campaign's local days", async () => {
    const res = await home(admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      asOf: '2026-06-01T15:00:00.000Z',
      activeCampaigns: 3,
      participations: { today: 2, week: 3 },
      // two codes handed out on the form and the marketplace order's pickup voucher
      codes: { assigned: 3, redeemed: 1, redemptionRate: 1 / 3 },
      topCentres: [{ id: codes.centre.id, redemptions: 1 }],
      points: { issued: 100, spent: 30 },
    });
    expect(codeCampaign.status).toBe(200);
  });

  it('lists what needs attention: campaigns ending within a week, stock running out', async () => {
    const { attention } = (await home(admin)).body;
    expect(attention.endingSoon.map((c: { id: string }) => c.id)).toEqual([endingSoon.id]);
    expect(attention.endingSoon[0].endsAt).toBe('2026-06-04T12:00:00.000Z');
    expect(attention.lowStock).toContainEqual({ id: market.physical.id, name: 'Camiseta', stock: 2 });
    expect(attention.drawsDue).toEqual([]);
    expect(attention.failedJobs).toEqual([]);
  });

  it('names a raffle that has ended without a draw, and a job that failed', async () => {
    const now = t.clock.now();
    t.clock.set(new Date('2026-06-05T15:00:00Z'));
    await t.db.ownerQuery(
      `insert into jobs (tenant_id, kind, status, params, progress, total, error, finished_at)
       values ($1, 'generate-codes', 'failed', '{}', 0, 10, 'sin espacio', $2)`,
      [tenant.id, '2026-06-04T10:00:00Z'],
    );
    try {
      // four days on, the morning's session has expired: sign in again
      const res = await home((await t.login('admin', tenant.slug)).token);
      expect(res.status, res.text).toBe(200);
      const { attention } = res.body;
      expect(attention.drawsDue.map((c: { id: string }) => c.id)).toEqual([endingSoon.id]);
      expect(attention.endingSoon).toEqual([]);
      expect(attention.failedJobs).toMatchObject([
        { kind: 'generate-codes', error: 'sin espacio', finishedAt: '2026-06-04T10:00:00.000Z' },
      ]);
    } finally {
      t.clock.set(now);
    }
  });

  it('another tenant sees none of it', async () => {
    const res = await home(other.admin.token);
    expect(res.body).toMatchObject({
      activeCampaigns: 0,
      participations: { today: 0, week: 0 },
      codes: { assigned: 0, redeemed: 0, redemptionRate: null },
      topCentres: [],
      points: { issued: 0, spent: 0 },
      attention: { endingSoon: [], drawsDue: [], lowStock: [], failedJobs: [] },
    });
  });

  it('is for admins and analysts; the counter is the operator’s home', async () => {
    const analyst = await t.createUser(tenant, 'ANALYST');
    expect((await home(analyst.token)).body.codes.redeemed).toBe(1);
    expect((await home(codes.operator.token)).status).toBe(403);
    expect((await t.request({ url: '/api/home' })).status).toBe(401);
  });
});
