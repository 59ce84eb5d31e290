import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

// The daily expiry at 03:00 local time of the campaign's country (Costa Rica, UTC-6).
const t = await createTestApp({ pointsExpiryMinute: 3 * 60 });
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant, {
  kind: 'points',
  settings: { pointsPerParticipation: 10, pointsExpiryDays: 1 },
});
const noPolicy = await createActiveCampaign(t, tenant, {
  kind: 'points',
  settings: { pointsPerParticipation: 5 },
});

async function runs(campaignId: string) {
  return t.db.ownerQuery<{ run_key: string; status: string; created_by: string | null }>(
    `select run_key, status, created_by from jobs where tenant_id = $1 and kind = 'expire-points'
       and params->>'campaignId' = $2 and run_key is not null order by created_at`,
    [tenant.id, campaignId],
  );
}

async function balance(cedula: string) {
  const admin = (await t.login('admin', tenant.slug)).token;
  const res = await t.request({
    url: `/api/points/accounts?cedula=${cedula}&campaignId=${campaign.id}`,
    token: admin,
  });
  return res.body.items[0]?.balance as number;
}

describe('daily points expiry (job schedule)', () => {
  it('queues one expiry run per campaign with a policy and local day, after the configured time', async () => {
    const answers = validAnswers();
    const earned = await participate(t, tenant, campaign.name, answers);
    expect(earned.body.outcome).toEqual({ kind: 'points', balance: 10 }); // expires 2026-06-02T15:00Z
    await participate(t, tenant, noPolicy.name, answers);

    t.clock.set(new Date('2026-06-02T08:00:00Z')); // 02:00 in Costa Rica: not yet
    await t.app.jobRunner.drain();
    expect(await runs(campaign.id)).toEqual([]);

    t.clock.set(new Date('2026-06-02T16:00:00Z')); // 10:00: the day's run, after the credit expired
    await t.app.jobRunner.drain();
    expect(await runs(campaign.id)).toEqual([
      { run_key: `expire-points:${campaign.id}:2026-06-02`, status: 'succeeded', created_by: null },
    ]);
    expect(await runs(noPolicy.id)).toEqual([]);
    expect(await balance(answers.cedula)).toBe(0);

    // later the same day the schedule looks again (its memory holds no days: the run's key in
    // the jobs table does, as it would for another server) and queues nothing more
    t.clock.advance(10 * 60_000);
    await t.app.jobRunner.drain();
    t.clock.advance(6 * 3_600_000);
    await t.app.jobRunner.drain();
    expect(await runs(campaign.id)).toHaveLength(1);

    // the manual run stays, beside the schedule
    const admin = (await t.login('admin', tenant.slug)).token;
    const manual = await t.request({
      method: 'POST',
      url: '/api/points/expire',
      token: admin,
      body: { campaignId: campaign.id },
    });
    expect(manual.status).toBe(202);
    await t.app.jobRunner.drain();
    const job = await t.request({ url: `/api/jobs/${manual.body.jobId}`, token: admin });
    expect(job.body).toMatchObject({ status: 'succeeded', result: { expired: 0 } });

    t.clock.set(new Date('2026-06-03T09:30:00Z')); // 03:30 the next day: the next day's run
    await t.app.jobRunner.drain();
    expect((await runs(campaign.id)).map((r) => r.run_key)).toEqual([
      `expire-points:${campaign.id}:2026-06-02`,
      `expire-points:${campaign.id}:2026-06-03`,
    ]);
    const ledger = await t.db.ownerQuery<{ kind: string; amount: number }>(
      `select kind, amount from points_ledger where tenant_id = $1 and campaign_id = $2 order by id`,
      [tenant.id, campaign.id],
    );
    expect(ledger).toEqual([
      { kind: 'purchase', amount: 10 },
      { kind: 'expiry', amount: -10 },
    ]);
  });
});
