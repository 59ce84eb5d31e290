import { describe, expect, it } from 'vitest';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { indexEntriesRead, rowsInserted } from '../../testing/index-reads.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * A redemption finds its code by the tenant's primary key, whatever the order codes come to the
 * counter in. On a table without statistics yet (codes just generated, not yet analysed), the plan
 * once started from the tenant's campaigns and read a campaign's codes
 * (reward_codes_campaign_status) until it met the one asked for: about half of them per redemption
 * when codes come in at random, as they do at a counter (migration 0035, decision 033).
 * PostgreSQL's own counters say which index a statement read.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const { operator, campaign } = await rewardCodeSetup(t, tenant, 0);
await rewardCodeSetup(t, tenant, 0); // a second campaign in the tenant, as a real one has
const COUNT = 100_000;

async function generate() {
  const res = await t.request({
    method: 'POST',
    url: '/api/reward-codes',
    token: tenant.admin.token,
    body: { campaignId: campaign.id, count: COUNT },
  });
  expect(res.status, res.text).toBe(202);
  await t.app.jobRunner.drain();
  const job = await t.request({ url: `/api/jobs/${res.body.jobId}`, token: tenant.admin.token });
  expect(job.body.status).toBe('succeeded');
}

describe('a redemption reads its code, not the campaign’s codes', () => {
  it('40 of 100,000 codes redeemed in random order: the campaign’s index is not read for them', async () => {
    const generated = (await rowsInserted(t.db, 'reward_codes')) + COUNT;
    await generate();
    const codes =
      // through the table, not an index (`tenant_id::text`): only the redemptions' reads count
      (
        await t.db.ownerQuery<{ code: string }>('select code from reward_codes where tenant_id::text = $1', [
          tenant.id,
        ])
      ).map((r) => r.code);
    const picked = codes.sort(() => Math.random() - 0.5).slice(0, 40);
    const before = await indexEntriesRead(t.db, 'reward_codes_campaign_status', {
      name: 'reward_codes',
      written: generated,
    });
    const redeemed = await rowsInserted(t.db, 'redemptions');
    for (const code of picked) {
      const res = await redeem(t, operator, code);
      expect(res.status, res.text).toBe(200);
    }
    const after = await indexEntriesRead(t.db, 'reward_codes_campaign_status', {
      name: 'redemptions',
      written: redeemed + 40,
    });
    // before migration 0035: 1,500,000 entries (each redemption read the campaign's codes up to its own)
    expect(after - before).toBeLessThan(40);
  });
});
