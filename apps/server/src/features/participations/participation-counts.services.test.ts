import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { until } from '../../testing/processes.ts';
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

/** Index entries read through the campaign's index, and participations written, as flushed so far. */
async function counters() {
  const [row] = await t.db.ownerQuery<{ read: string; inserted: string }>(
    `select pg_stat_clear_snapshot(),
            (select idx_tup_read from pg_stat_user_indexes where indexrelname = 'participations_campaign_day') as read,
            (select n_tup_ins from pg_stat_user_tables where relname = 'participations') as inserted`,
  );
  return { read: Number(row?.read), inserted: Number(row?.inserted) };
}

/** The counters once every participation written so far has been flushed by its server process. */
async function settled(written: number) {
  let now = { read: 0, inserted: 0 };
  await until(async () => {
    now = await counters();
    return now.inserted >= written;
  }, 15_000);
  return now;
}

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
    const earlier = await counters();
    await participateMany(300);
    const before = await settled(earlier.inserted + 300);
    await participateMany(30);
    const after = await settled(before.inserted + 30);
    // before migration 0033: every one of the 30 read the campaign's 300+ earlier participations (9,000+)
    expect(after.read - before.read).toBeLessThan(30);
  });
});
