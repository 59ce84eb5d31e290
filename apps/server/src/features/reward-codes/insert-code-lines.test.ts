import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { insertCodeLines } from './reward-codes.repository.ts';

const t = await createTestApp();

const lines = (codes: string[]) => [Buffer.from(codes.map((code) => `${code}\n`).join(''))];

async function batchCodes(batchId: string): Promise<string[]> {
  const rows = await t.db.ownerQuery<{ code: string }>(
    'select code from reward_codes where batch_id = $1 order by code',
    [batchId],
  );
  return rows.map((row) => row.code);
}

describe('generated codes written in one chunk', () => {
  it('takes every code of a chunk that collides with nothing', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const batch = randomUUID();
    const taken = await t.db.tx({ tenantId: tenant.id }, (tx) =>
      insertCodeLines(tx, tenant.id, campaign.id, batch, lines(['AAAA2222', 'AAAA3333'])),
    );
    expect(taken).toBe(2);
    expect(await batchCodes(batch)).toEqual(['AAAA2222', 'AAAA3333']);
  });

  it('skips the codes the tenant already holds, and a code drawn twice, and keeps the rest of the chunk', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const first = randomUUID();
    await t.db.tx({ tenantId: tenant.id }, (tx) =>
      insertCodeLines(tx, tenant.id, campaign.id, first, lines(['BBBB2222'])),
    );
    const second = randomUUID();
    const taken = await t.db.tx({ tenantId: tenant.id }, (tx) =>
      insertCodeLines(
        tx,
        tenant.id,
        campaign.id,
        second,
        lines(['BBBB2222', 'BBBB3333', 'BBBB4444', 'BBBB4444']),
      ),
    );
    expect(taken).toBe(2);
    expect(await batchCodes(second)).toEqual(['BBBB3333', 'BBBB4444']);
    expect(await batchCodes(first)).toEqual(['BBBB2222']);
  });

  it('does not skip a code another tenant holds', async () => {
    const [a, b] = [await t.createTenant(), await t.createTenant()];
    const [setupA, setupB] = [await rewardCodeSetup(t, a, 0), await rewardCodeSetup(t, b, 0)];
    await t.db.tx({ tenantId: a.id }, (tx) =>
      insertCodeLines(tx, a.id, setupA.campaign.id, randomUUID(), lines(['CCCC2222'])),
    );
    const batch = randomUUID();
    const taken = await t.db.tx({ tenantId: b.id }, (tx) =>
      insertCodeLines(tx, b.id, setupB.campaign.id, batch, lines(['CCCC2222'])),
    );
    expect(taken).toBe(1);
    expect(await batchCodes(batch)).toEqual(['CCCC2222']);
  });
});
