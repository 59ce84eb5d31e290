import { describe, expect, it } from 'vitest';
import { createDraftCampaign, STANDARD_FORM } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

/**
 * No edit is silently lost (issue #44): a campaign carries a version that every save moves on, and
 * a change sent with the version it was made on is refused when someone saved in between.
 * Runs on PGlite and PostgreSQL (`node scripts/test-pg.mjs <this file>`).
 */
const t = await createTestApp();

const STALE = {
  code: 'STALE_WRITE',
  message:
    'Otra persona guardó cambios en este registro después de que usted lo abrió. Revise la versión nueva antes de guardar.',
  details: [{ path: 'version', code: 'STALE_WRITE', message: expect.any(String) }],
};

async function draft(tenant: TestTenant) {
  return (await createDraftCampaign(t, tenant)).body as { id: string; version: number };
}

const patch = (tenant: TestTenant, id: string, body: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/api/campaigns/${id}`, token: tenant.admin.token, body });

async function stored(id: string) {
  const [row] = await t.db.ownerQuery<{ title: string; description: string | null; version: number }>(
    'select title, description, version from campaigns where id = $1',
    [id],
  );
  return row;
}

describe('a campaign’s version', () => {
  it('starts at 1 and moves on with every save of the campaign', async () => {
    const tenant = await t.createTenant();
    const campaign = await draft(tenant);
    expect(campaign.version).toBe(1);
    const token = tenant.admin.token;
    const url = `/api/campaigns/${campaign.id}`;
    const versionAfter = async (request: Parameters<typeof t.request>[0]) => {
      const res = await t.request({ token, ...request });
      expect(res.status, res.text).toBeLessThan(300);
      return (await t.request({ url, token })).body.version;
    };
    expect(await versionAfter({ method: 'PATCH', url, body: { title: 'Otro' } })).toBe(2);
    expect(await versionAfter({ method: 'PUT', url: `${url}/form`, body: STANDARD_FORM })).toBe(3);
    expect(await versionAfter({ method: 'PATCH', url: `${url}/active-status`, body: { active: true } })).toBe(
      4,
    );
    const groupBody = { name: t.unique('g'), campaignIds: [campaign.id] };
    expect(await versionAfter({ method: 'POST', url: '/api/campaign-groups', body: groupBody })).toBe(5);
    expect(await versionAfter({ method: 'POST', url: `${url}/archive` })).toBe(6);
    expect(await versionAfter({ method: 'POST', url: `${url}/restore` })).toBe(7);
  });

  it('refuses a save made on a version someone saved since, and keeps the newer data', async () => {
    const tenant = await t.createTenant();
    const campaign = await draft(tenant);

    // two admins open version 1; the first saves, the second saves what they typed on version 1
    const first = await patch(tenant, campaign.id, { title: 'Título de Ana', version: 1 });
    expect(first.status, first.text).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await patch(tenant, campaign.id, {
      title: 'Título de Luis',
      description: 'Descripción de Luis',
      version: 1,
    });

    expect(second.status).toBe(409);
    expect(second.body.error).toEqual(STALE);
    expect(await stored(campaign.id)).toEqual({ title: 'Título de Ana', description: null, version: 2 });
    const [audits] = await t.db.ownerQuery<{ n: number }>(
      "select count(*)::int as n from audit_log where entity_id = $1 and action = 'campaign.update'",
      [campaign.id],
    );
    expect(audits?.n).toBe(1);

    // sent again on the version it now reads, the change applies
    const again = await patch(tenant, campaign.id, { title: 'Título de Luis', version: 2 });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ title: 'Título de Luis', version: 3 });
  });

  it('is refused before anything else is checked, also on an archived campaign', async () => {
    const tenant = await t.createTenant();
    const campaign = await draft(tenant);
    await t.request({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/archive`,
      token: tenant.admin.token,
    });
    const res = await patch(tenant, campaign.id, { title: 'Tarde', version: 1 });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual(STALE);
  });

  it('applies a change sent without a version to whatever is stored (clients that send none)', async () => {
    const tenant = await t.createTenant();
    const campaign = await draft(tenant);
    await patch(tenant, campaign.id, { title: 'Primero' });
    const res = await patch(tenant, campaign.id, { title: 'Segundo' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ title: 'Segundo', version: 3 });
  });

  it('is a whole number from 1: anything else is refused on the field', async () => {
    const tenant = await t.createTenant();
    const campaign = await draft(tenant);
    for (const version of [0, 1.5, '1']) {
      const res = await patch(tenant, campaign.id, { title: 'X', version });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'version' })]);
    }
    expect(await stored(campaign.id)).toMatchObject({ title: 'Gane con nosotros', version: 1 });
  });

  it('lets exactly one of two saves sent at once on the same version win', async () => {
    const tenant = await t.createTenant();
    for (let round = 0; round < 5; round++) {
      const campaign = await draft(tenant);
      const titles = ['Título A', 'Título B', 'Título C'];
      const answers = await Promise.all(
        titles.map((title) => patch(tenant, campaign.id, { title, description: title, version: 1 })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const winner = titles[answers.findIndex((a) => a.status === 200)];
      // the winner's change, whole (never a mix of two), at version 2
      expect(await stored(campaign.id)).toEqual({ title: winner, description: winner, version: 2 });
      for (const loser of answers.filter((a) => a.status === 409)) expect(loser.body.error).toEqual(STALE);
    }
  });
});
