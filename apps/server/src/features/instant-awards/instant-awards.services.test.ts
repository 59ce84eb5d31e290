import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

// The scale on PostgreSQL (npm run test:pg), where the claims of a connection pool really
// run at the same time: 100 prizes and 5,000 simultaneous participations at open moments.
const t = await createTestApp();
const START = new Date('2026-06-01T16:00:00Z');
const END = new Date('2026-06-01T18:00:00Z');

describe('instant awards under concurrency (PostgreSQL)', () => {
  it('100 prizes and 5,000 simultaneous participations at open moments give exactly 100 awards', async () => {
    const tenant = await t.createTenant();
    t.clock.set(new Date('2026-06-01T15:00:00Z'));
    const campaign = await createActiveCampaign(t, tenant, {
      kind: 'instant_award',
      startsAt: START.toISOString(),
      endsAt: END.toISOString(),
    });
    // 100 prizes of one unit each: one sealed moment each
    for (let i = 0; i < 100; i++) {
      const prize = await t.request({
        method: 'POST',
        url: `/api/instant-awards/${campaign.id}/prizes`,
        token: tenant.admin.token,
        body: { name: `Premio ${i + 1}`, value: 1000, stock: 1 },
      });
      expect(prize.status, prize.text).toBe(201);
    }
    const moments = await t.request({
      method: 'PUT',
      url: `/api/instant-awards/${campaign.id}/moments`,
      token: tenant.admin.token,
      body: { generate: true },
    });
    expect(moments.status, moments.text).toBe(200);
    expect(moments.body.seal.moments).toBe(100);

    t.clock.set(new Date(END.getTime() - 1)); // every moment is open: drawn at ms resolution in [start, END)
    const results = await Promise.all(
      Array.from({ length: 5000 }, () => participate(t, tenant, campaign.name, validAnswers())),
    );
    expect(results.filter((r) => r.status !== 201).map((r) => r.text)).toEqual([]);
    const winners = results.filter((r) => r.body.outcome.won).map((r) => r.body.participationId as string);
    expect(winners).toHaveLength(100);

    const claimed = await t.db.ownerQuery<{ n: number; moments: number; parts: number; people: number }>(
      `select count(*)::int as n, count(distinct id)::int as moments,
              count(distinct participation_id)::int as parts, count(distinct participant_id)::int as people
       from instant_award_moments where tenant_id = $1 and participation_id is not null`,
      [tenant.id],
    );
    expect(claimed[0]).toEqual({ n: 100, moments: 100, parts: 100, people: 100 });
    // each moment went to one of the participations told they won, and each of those holds one
    const holders = await t.db.ownerQuery<{ participation_id: string }>(
      `select participation_id from instant_award_moments
       where tenant_id = $1 and participation_id is not null order by 1`,
      [tenant.id],
    );
    expect(holders.map((h) => h.participation_id)).toEqual([...winners].sort());
    const prizes = await t.db.ownerQuery<{ awarded: number; stock: number; claims: number }>(
      `select p.awarded, p.stock,
              (select count(*)::int from instant_award_moments m
               where m.tenant_id = p.tenant_id and m.prize_id = p.id and m.participation_id is not null) as claims
       from instant_award_prizes p where p.tenant_id = $1`,
      [tenant.id],
    );
    expect(prizes).toHaveLength(100);
    for (const p of prizes) {
      expect(p.awarded).toBeLessThanOrEqual(p.stock);
      expect(p.claims).toBe(p.awarded);
    }
    expect(prizes.reduce((n, p) => n + p.awarded, 0)).toBe(100);
  }, 600_000);
});
