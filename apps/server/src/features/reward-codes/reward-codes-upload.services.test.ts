import { describe, expect, it } from 'vitest';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

// PostgreSQL run only (npm run test:pg): 2,000,000 codes take minutes on the embedded PGlite.
// `npm test` streams 100,000 (platform/uploads/uploads.test.ts); bench/uploads measures time and memory.
const t = await createTestApp();

describe('a reward-code file of 2,000,000 codes', () => {
  it('is accepted whole, every code stored once', { timeout: 1_200_000 }, async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const count = 2_000_000;
    const lines = ['code'];
    for (let i = 0; i < count; i++) lines.push(`M${String(i).padStart(15, '0')}`);
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`);
    lines.length = 0;
    expect(file.length).toBeGreaterThan(35_000_000);
    const { payload, headers } = multipart({ campaignId: campaign.id }, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/reward-codes',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      total: count,
      created: count,
      refused: [],
      refusedTotal: 0,
    });
    const [stored] = await t.db.ownerQuery<{ n: number; first: string; last: string }>(
      'select count(*)::int as n, min(code) as first, max(code) as last from reward_codes where tenant_id = $1',
      [tenant.id],
    );
    expect(stored).toEqual({
      n: count,
      first: 'M000000000000000',
      last: `M${String(count - 1).padStart(15, '0')}`,
    });
  });
});
