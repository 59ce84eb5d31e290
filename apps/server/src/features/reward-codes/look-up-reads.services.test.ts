import { describe, expect, it } from 'vitest';
import { participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { indexEntriesRead, rowsInserted } from '../../testing/index-reads.ts';
import { until } from '../../testing/processes.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * A counter look-up reads the code's own rows, not the centre's or the tenant's redemptions. The
 * redemptions of a code had no index by code (the unique one serves standing redemptions only),
 * and on tables without statistics the plan read every redemption of the operator's centre through
 * redemptions_centre_time to find the code's (migration 0037, decision 033). PostgreSQL's own
 * counters say which index the look-ups read.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const { operator, campaign } = await rewardCodeSetup(t, tenant, 400);
const PEOPLE = 30;

/** Entries of each index read so far, as PostgreSQL has counted them. */
async function reads(): Promise<Record<string, number>> {
  const rows = await t.db.ownerQuery<{ index: string; read: string }>(
    `select pg_stat_clear_snapshot(), indexrelname as index, idx_tup_read as read
       from pg_stat_user_indexes where relname in ('redemptions', 'reward_codes')`,
  );
  return Object.fromEntries(rows.map((row) => [row.index, Number(row.read)]));
}

const lookUp = (path: string) => t.request({ url: `/api/reward-codes/${path}`, token: operator.token });

describe('a counter look-up reads its code, not the centre’s redemptions', () => {
  it('40 codes and 30 people looked up beside 330 redemptions at the centre', async () => {
    const people = [];
    for (let i = 0; i < PEOPLE; i++) {
      const answers = validAnswers();
      const res = await participate(t, tenant, campaign.name, answers);
      expect(res.status, res.text).toBe(201);
      people.push({ cedula: answers.cedula as string, code: res.body.outcome.code as string });
    }
    const available = (
      await t.db.ownerQuery<{ code: string }>(
        "select code from reward_codes where tenant_id::text = $1 and status = 'available'",
        [tenant.id],
      )
    ).map((row) => row.code);
    // every person's code and 300 others redeemed at the operator's centre
    const redeemed = await rowsInserted(t.db, 'redemptions');
    for (const code of [...people.map((p) => p.code), ...available.slice(0, 300)]) {
      expect((await redeem(t, operator, code)).status).toBe(200);
    }

    // the redemptions' own reads counted first (all of their inserts are), so that they are not
    // taken for the look-ups'
    await indexEntriesRead(t.db, 'redemptions_one_per_code', {
      name: 'redemptions',
      written: redeemed + 330,
    });
    const before = await reads();
    const codes = [...available.slice(290, 310), ...available.slice(-20)];
    for (const code of codes) {
      const res = await lookUp(`get-by-code/${code}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.code).toBe(code);
    }
    for (const person of people) {
      const res = await lookUp(`get-by-cedula/${person.cedula}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.map((c: { code: string }) => c.code)).toEqual([person.code]);
      expect(res.body[0].redemptions).toHaveLength(1);
    }
    // every look-up read its code or its holder's codes: once the server processes have counted
    // those reads, they have counted all of the look-ups' reads
    let after: Record<string, number> = {};
    const read = (index: string) => (after[index] ?? 0) - (before[index] ?? 0);
    await until(async () => {
      after = await reads();
      return read('reward_codes_pkey') >= codes.length && read('reward_codes_participant') >= PEOPLE;
    }, 15_000);
    // a code's standing redemption by the unique index, one entry per redemption shown (10 of the
    // codes were among the 300 redeemed, and each person's code); none reversed
    expect(read('redemptions_one_per_code')).toBe(10 + PEOPLE);
    expect(read('redemptions_reversed')).toBe(0);
    // before migration 0037: the centre's 330 redemptions per look-up, about 23,000 entries
    expect(read('redemptions_centre_time') + read('redemptions_keyset') + read('redemptions_pkey')).toBe(0);
    expect(read('reward_codes_campaign_status') + read('reward_codes_campaign_code')).toBe(0);
  });
});
