import { describe, expect, it } from 'vitest';
import { createActiveCampaign, STANDARD_FORM } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';

// The `forms` path family of spec §7: a tenant's form definitions, each the form of one campaign.
const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const admin = tenant.admin.token;

const SHORT_FORM = {
  fields: [
    { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
    { key: 'department', type: 'department', label: 'Departamento', required: true },
  ],
};

async function draftCampaign(owner: TestTenant = tenant, title = 'Verano') {
  const res = await t.request({
    method: 'POST',
    url: '/api/campaigns',
    token: owner.admin.token,
    body: {
      name: t.unique('f'),
      title,
      kind: 'raffle',
      countryCode: 'CR',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-12-31T00:00:00Z',
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

describe('forms', () => {
  it('are created, listed, read, replaced and deleted; the campaign’s form is the same one', async () => {
    const campaign = await draftCampaign(tenant, 'Invierno');
    const created = await t.request({
      method: 'POST',
      url: '/api/forms',
      token: admin,
      body: { campaignId: campaign.id, ...SHORT_FORM },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      id: campaign.id,
      campaignId: campaign.id,
      campaignName: campaign.name,
      campaignTitle: 'Invierno',
      fields: SHORT_FORM.fields,
    });
    const viaCampaign = await t.request({ url: `/api/campaigns/${campaign.id}/form`, token: admin });
    expect(viaCampaign.body.fields).toEqual(SHORT_FORM.fields);

    const list = await t.request({ url: '/api/forms?q=invierno', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((f: { id: string }) => f.id)).toEqual([campaign.id]);

    const replaced = await t.request({
      method: 'PUT',
      url: `/api/forms/${campaign.id}`,
      token: admin,
      body: STANDARD_FORM,
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.fields).toHaveLength(STANDARD_FORM.fields.length);
    const read = await t.request({ url: `/api/forms/${campaign.id}`, token: admin });
    expect(read.body.fields.map((f: { key: string }) => f.key)).toEqual(
      STANDARD_FORM.fields.map((f) => f.key),
    );

    const removed = await t.request({ method: 'DELETE', url: `/api/forms/${campaign.id}`, token: admin });
    expect(removed.status).toBe(204);
    expect((await t.request({ url: `/api/forms/${campaign.id}`, token: admin })).status).toBe(404);
    const campaignAfter = await t.request({ url: `/api/campaigns/${campaign.id}`, token: admin });
    expect(campaignAfter.body.hasForm).toBe(false);
    const activate = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign.id}/active-status`,
      token: admin,
      body: { active: true },
    });
    expect(activate.body.error.code).toBe('CAMPAIGN_FORM_MISSING');
  });

  it('refuses a second form for a campaign, forms without identity or department, and unknown campaigns', async () => {
    const campaign = await draftCampaign();
    const first = await t.request({
      method: 'POST',
      url: '/api/forms',
      token: admin,
      body: { campaignId: campaign.id, ...SHORT_FORM },
    });
    expect(first.status).toBe(201);
    const second = await t.request({
      method: 'POST',
      url: '/api/forms',
      token: admin,
      body: { campaignId: campaign.id, ...SHORT_FORM },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'FORM_EXISTS',
      message: 'La campaña ya tiene un formulario: modifíquelo en lugar de crear otro.',
      details: [expect.objectContaining({ path: 'campaignId', code: 'FORM_EXISTS' })],
    });
    const bare = await t.request({
      method: 'POST',
      url: '/api/forms',
      token: admin,
      body: {
        campaignId: (await draftCampaign()).id,
        fields: [{ key: 'name', type: 'text', label: 'Nombre' }],
      },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error.details.map((d: { code: string }) => d.code)).toEqual(
      expect.arrayContaining(['IDENTITY_FIELD_REQUIRED', 'DEPARTMENT_FIELD_REQUIRED']),
    );
    const unknown = await t.request({
      method: 'POST',
      url: '/api/forms',
      token: admin,
      body: { campaignId: '00000000-0000-4000-8000-000000000000', ...SHORT_FORM },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      expect.objectContaining({ path: 'campaignId', code: 'FIELD_INVALID' }),
    ]);
  });

  it('keeps the form of an active campaign: it cannot be deleted (FORM_IN_USE)', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const res = await t.request({ method: 'DELETE', url: `/api/forms/${campaign.id}`, token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'FORM_IN_USE',
      message: 'No se puede eliminar el formulario: la campaña está activa o ya tiene participaciones.',
    });
    expect((await t.request({ url: `/api/forms/${campaign.id}`, token: admin })).body.fields).toHaveLength(
      STANDARD_FORM.fields.length,
    );
  });

  it('lets analysts and operators read, and only admins write', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    for (const role of ['ANALYST', 'OPERATOR'] as const) {
      const reader = await t.createUser(tenant, role);
      expect((await t.request({ url: '/api/forms', token: reader.token })).status).toBe(200);
      expect((await t.request({ url: `/api/forms/${campaign.id}`, token: reader.token })).status).toBe(200);
      const writes = [
        { method: 'POST' as const, url: '/api/forms', body: { campaignId: campaign.id, ...SHORT_FORM } },
        { method: 'PUT' as const, url: `/api/forms/${campaign.id}`, body: SHORT_FORM },
        { method: 'DELETE' as const, url: `/api/forms/${campaign.id}` },
      ];
      for (const write of writes) {
        const res = await t.request({ ...write, token: reader.token });
        expect(res.status, `${role} ${write.method}`).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
    expect((await t.request({ url: '/api/forms', token: t.superadmin.token })).status).toBe(403);
    expect((await t.request({ url: '/api/forms' })).status).toBe(401);
  });

  it('never shows, changes or deletes another tenant’s form', async () => {
    const campaign = await createActiveCampaign(t, tenant);
    const theirs = other.admin.token;
    const list = await t.request({ url: '/api/forms?pageSize=200', token: theirs });
    expect(list.body.items.map((f: { id: string }) => f.id)).not.toContain(campaign.id);
    for (const request of [
      { url: `/api/forms/${campaign.id}` },
      { method: 'PUT' as const, url: `/api/forms/${campaign.id}`, body: SHORT_FORM },
      { method: 'DELETE' as const, url: `/api/forms/${campaign.id}` },
    ]) {
      const res = await t.request({ ...request, token: theirs });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const create = await t.request({
      method: 'POST',
      url: '/api/forms',
      token: theirs,
      body: { campaignId: (await draftCampaign()).id, ...SHORT_FORM },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.details[0]).toMatchObject({ path: 'campaignId', code: 'FIELD_INVALID' });
    const mine = await t.request({ url: `/api/forms/${campaign.id}`, token: admin });
    expect(mine.body.fields).toHaveLength(STANDARD_FORM.fields.length);
  });
});
