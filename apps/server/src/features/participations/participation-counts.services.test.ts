import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { indexEntriesRead, rowsInserted } from '../../testing/index-reads.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * A participation counts the person's earlier participations (per-identity limits, a raffle's
 * entries). That must read the person's rows, not the campaign's: on a database without
 * statistics yet (a new install's first spike) the plan once read the campaign's index and
 * filtered the person out of every earlier participation, so each participation cost more than
 * the one before (migration 0033). PostgreSQL's own counters say which index a statement read.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant);

async function participateMany(n: number) {
  for (let i = 0; i < n; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, () =>
        participate(t, tenant, campaign.name, validAnswers()),
      ),
    );
    expect(batch.map((r) => r.status)).toEqual(batch.map(() => 201));
  }
}

describe('a participation reads the person’s earlier participations, not the campaign’s', () => {
  it('300 people take part, then 30 more: the campaign’s index is not read for them', async () => {
    const earlier = await rowsInserted(t.db, 'participations');
    await participateMany(300);
    const table = { name: 'participations', written: earlier + 300 };
    const before = await indexEntriesRead(t.db, 'participations_campaign_day', table);
    await participateMany(30);
    const after = await indexEntriesRead(t.db, 'participations_campaign_day', {
      ...table,
      written: earlier + 330,
    });
    // before migration 0033: every one of the 30 read the campaign's 300+ earlier participations (9,000+)
    expect(after - before).toBeLessThan(30);
  });
});
