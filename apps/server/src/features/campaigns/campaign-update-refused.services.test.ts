import { describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { appWithSecondSession } from '../../testing/second-session.ts';

// PostgreSQL only (npm run test:pg): a second connection deletes the group while the update runs.
const { t, other, waitingOnALock } = await appWithSecondSession();

describe('a campaign update the database refuses', () => {
  it('answers "Campaign not updated" on the group field when the group is deleted meanwhile', async () => {
    const tenant = await t.createTenant();
    const grouped = await createActiveCampaign(t, tenant);
    const campaign = await createActiveCampaign(t, tenant);
    const group = await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'Verano', campaignIds: [grouped.id] },
    });
    expect(group.status, group.text).toBe(201);

    // another session holds the group (as a deletion in progress does) and deletes it once the
    // update has checked that the group exists and waits to reference it
    await other.query('begin');
    await other.query('select 1 from campaign_groups where id = $1 for update', [group.body.id]);
    const update = t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}`,
      token: tenant.admin.token,
      body: { groupId: group.body.id, title: 'Nuevo título' },
    });
    await waitingOnALock('the update');
    await other.query('delete from campaign_groups where id = $1', [group.body.id]);
    await other.query('commit');

    const res = await update;
    expect(res.status, res.text).toBe(422);
    expect(res.body.error).toEqual({
      code: 'CAMPAIGN_NOT_UPDATED',
      message: 'No se pudo actualizar la campaña.',
      details: [{ path: 'groupId', code: 'FIELD_INVALID', message: expect.any(String) }],
    });
    const read = await t.request({ url: `/api/campaigns/${campaign.id}`, token: tenant.admin.token });
    expect(read.body).toMatchObject({ groupId: null, title: 'Gane con nosotros' });
  });
});
