import { expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { onBothPaths } from '../../testing/participation-paths.ts';

/** The instant award's "one prize per identity", on both paths a participation takes (participate.ts). */
await onBothPaths((t) => {
  it('gives one prize per identity when the rule says so, and the next person wins the next moment', async () => {
    const tenant = await t.createTenant();
    // a window after the test clock's start, so that prizes and moments can still be set
    const start = t.clock.now();
    t.clock.set(new Date('2026-06-01T15:00:00Z'));
    const campaign = await createActiveCampaign(t, tenant, {
      kind: 'instant_award',
      startsAt: '2026-06-01T16:00:00Z',
      endsAt: '2026-06-01T18:00:00Z',
    });
    const admin = { token: tenant.admin.token };
    const rule = await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      ...admin,
      body: { campaignId: campaign.id, kind: 'one_prize_per_identity', params: {} },
    });
    expect(rule.status, rule.text).toBe(201);
    const prize = await t.request({
      method: 'POST',
      url: `/api/instant-awards/${campaign.id}/prizes`,
      ...admin,
      body: { name: 'Televisor', value: 300000, stock: 2 },
    });
    expect(prize.status, prize.text).toBe(201);
    const moments = await t.request({
      method: 'PUT',
      url: `/api/instant-awards/${campaign.id}/moments`,
      ...admin,
      body: {
        moments: [
          { at: '2026-06-01T16:10:00Z', prizeId: prize.body.id },
          { at: '2026-06-01T16:20:00Z', prizeId: prize.body.id },
        ],
      },
    });
    expect(moments.status, moments.text).toBe(200);
    t.clock.set(new Date('2026-06-01T16:30:00Z'));
    try {
      const person = validAnswers();
      const first = await participate(t, tenant, campaign.name, person);
      expect(first.body.outcome.won).toBe(true);
      const again = await participate(t, tenant, campaign.name, person);
      expect(again.status, again.text).toBe(201);
      expect(again.body.outcome).toEqual({ kind: 'instant_award', won: false });
      const someone = await participate(t, tenant, campaign.name, validAnswers());
      expect(someone.body.outcome.won).toBe(true);
    } finally {
      t.clock.set(start);
    }
  });
});
