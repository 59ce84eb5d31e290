import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { appWithSecondSession } from '../../testing/second-session.ts';

// PostgreSQL only (npm run test:pg). A code's key to its campaign cascades (migration 0039,
// decision 036), so a campaign's deletion asks for codes itself, under the campaign's row lock:
// these tests write a code from a second connection at each side of that lock.
const { t, other, databaseUrl, waitingOnALock } = await appWithSecondSession();

const codesOf = async (tenantId: string, campaignId: string) =>
  (
    await other.query('select code from reward_codes where tenant_id = $1 and campaign_id = $2', [
      tenantId,
      campaignId,
    ])
  ).rows.map((row) => row.code);

/**
 * The admin's deletion of `campaignId`, sent while the second session's write is open: it waits
 * for the write's lock on the campaign, the write commits, and the deletion's answer is given.
 */
async function deletionAfterTheWrite(tenant: { admin: { token: string } }, campaignId: string) {
  const deletion = t.request({
    method: 'DELETE',
    url: `/api/campaigns/${campaignId}`,
    token: tenant.admin.token,
  });
  await waitingOnALock('the deletion');
  await other.query('commit');
  return deletion;
}

describe('a campaign deleted while a code or a balance of it is being written', () => {
  it('a code written first: the deletion waits for it, then refuses ("Cannot delete a campaign that has data") and the code stays', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);

    // a generation's insert in progress: its key check holds the campaign's row (key share)
    await other.query('begin');
    await other.query(
      `insert into reward_codes (tenant_id, code, campaign_id) values ($1, 'RACE00000001', $2)`,
      [tenant.id, campaign.id],
    );
    const res = await deletionAfterTheWrite(tenant, campaign.id);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'CAMPAIGN_HAS_DATA',
      message: 'No se puede eliminar una campaña que tiene datos.',
    });
    expect(await codesOf(tenant.id, campaign.id)).toEqual(['RACE00000001']);
  });

  it('a code written once the deletion holds the campaign: the insert waits, then fails on the missing campaign, and nothing of the campaign is left', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);

    // the deletion's own steps (deleteCampaign), from this connection so that it can be held
    await other.query('begin');
    await other.query('select 1 from campaigns where tenant_id = $1 and id = $2 for update', [
      tenant.id,
      campaign.id,
    ]);
    const writer = new pg.Client({ connectionString: databaseUrl });
    await writer.connect();
    try {
      const insert = writer
        .query(`insert into reward_codes (tenant_id, code, campaign_id) values ($1, 'RACE00000002', $2)`, [
          tenant.id,
          campaign.id,
        ])
        .then(
          () => null,
          (error: { code?: string }) => error.code,
        );
      await waitingOnALock('the insert');
      expect(await codesOf(tenant.id, campaign.id)).toEqual([]);
      await other.query('delete from campaigns where tenant_id = $1 and id = $2', [tenant.id, campaign.id]);
      await other.query('commit');
      expect(await insert).toBe('23503'); // foreign_key_violation
    } finally {
      await writer.end();
    }
    expect(await codesOf(tenant.id, campaign.id)).toEqual([]);
    const read = await t.request({ url: `/api/campaigns/${campaign.id}`, token: tenant.admin.token });
    expect(read.status).toBe(404);
  });

  it('a points balance written first (migration 0042: its key to the campaign cascades too): the deletion waits, then refuses, and the balance stays', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant, { kind: 'points' });

    await other.query('begin');
    const person = await other.query(
      `insert into participants (tenant_id, cedula, name, email) values ($1, 'RACE-1', 'Ana', 'ana@example.com') returning id`,
      [tenant.id],
    );
    await other.query(
      'insert into points_accounts (tenant_id, campaign_id, participant_id, balance) values ($1, $2, $3, 25)',
      [tenant.id, campaign.id, person.rows[0].id],
    );
    const res = await deletionAfterTheWrite(tenant, campaign.id);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.code).toBe('CAMPAIGN_HAS_DATA');
    const held = await other.query(
      'select balance from points_accounts where tenant_id = $1 and campaign_id = $2',
      [tenant.id, campaign.id],
    );
    expect(held.rows).toEqual([{ balance: 25 }]);
  });
});
