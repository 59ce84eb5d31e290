import { afterAll, describe, expect, it } from 'vitest';
import { rewardCodeSetup } from '../testing/code-fixtures.ts';
import { createTestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-db.ts';
import { withReplica } from './replica.ts';

// A "replica" that has received nothing yet (a second, empty database) makes visible where a read
// went: what only the primary holds is missing from it.
describe('reads that may lag go to a fresh enough replica', async () => {
  const primary = await openTestDatabase();
  const replica = await openTestDatabase();
  let lag: number | Error = 0;
  const db = withReplica(primary, replica, {
    maxLagMs: 1000,
    pollMs: 5,
    measureLag: async () => {
      if (lag instanceof Error) throw lag;
      return lag;
    },
  });
  afterAll(() => db.close());
  const t = await createTestApp({ db });
  const tenant = await t.createTenant();
  const { campaign } = await rewardCodeSetup(t, tenant, 0);
  const codesReport = async () => {
    const res = await t.request({ url: '/api/reconciliation-reports/codes', token: tenant.admin.token });
    expect(res.status).toBe(200);
    return (res.body as Array<{ campaignId: string }>).map((r) => r.campaignId);
  };
  const lagMetric = async () => (await t.metrics()).match(/^db_replica_lag_milliseconds (\S+)$/m)?.[1];
  const measured = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('a report is read from the replica while it is within the allowed lag; everything else from the primary', async () => {
    lag = 200;
    await measured();
    expect(await codesReport()).toEqual([]);
    const campaigns = await t.request({ url: '/api/campaigns', token: tenant.admin.token });
    expect(campaigns.body.items.map((c: { id: string }) => c.id)).toContain(campaign.id);
    expect(await lagMetric()).toBe('200');
  });

  it('a replica too far behind is skipped: the report comes from the primary', async () => {
    lag = 1500;
    await measured();
    expect(await codesReport()).toEqual([campaign.id]);
    expect(await lagMetric()).toBe('1500');
  });

  it('a replica that cannot be measured is skipped, and /metrics says -1', async () => {
    lag = new Error('connection refused');
    await measured();
    expect(await codesReport()).toEqual([campaign.id]);
    expect(await lagMetric()).toBe('-1');
    lag = 0;
    await measured();
    expect(await codesReport()).toEqual([]);
  });
});
