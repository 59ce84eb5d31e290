import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { indexEntriesRead, rowsInserted } from '../../testing/index-reads.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * PostgreSQL's own foreign-key checks find a person by (tenant_id, id). Each server connection
 * plans that check once, when it first needs it: on a new database, while `participants` is
 * nearly empty and has no statistics. The identity-number index then led with tenant_id too, and
 * the plan could take it and read the tenant's people one by one to find the id: more with each
 * person who took part (migration 0036). PostgreSQL's own counters say which index was read.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant);

async function participateMany(n: number, width = 20) {
  for (let i = 0; i < n; i += width) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(width, n - i) }, () =>
        participate(t, tenant, campaign.name, validAnswers()),
      ),
    );
    expect(batch.map((r) => r.status)).toEqual(batch.map(() => 201));
  }
}

describe('a foreign-key check on a person reads the person, not the tenant’s people', () => {
  it('400 people take part, then 40 more: the identity-number index is read at most twice per new person', async () => {
    const earlier = await rowsInserted(t.db, 'participants');
    await participateMany(400, 100); // every connection of the pool plans its checks while the table is nearly empty
    const table = { name: 'participants', written: earlier + 400 };
    const before = await indexEntriesRead(t.db, 'participants_cedula', table);
    await participateMany(40);
    const after = await indexEntriesRead(t.db, 'participants_cedula', { ...table, written: earlier + 440 });
    // each new person's upsert probes the index for its number; before migration 0036 a check
    // planned on it read the tenant's 400+ people
    expect(after - before).toBeLessThanOrEqual(40 * 2);
  });
});
