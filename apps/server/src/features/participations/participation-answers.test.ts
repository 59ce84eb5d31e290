import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { addRule } from '../../testing/participation-paths.ts';
import { createTestApp, randomIp } from '../../testing/test-app.ts';
import { onPostgres } from '../../testing/test-db.ts';

/** What is decided before a path is chosen (the answers, the campaign being open, the rate limits) runs once, on the plain app. */
const t = await createTestApp();

describe('the answers and the campaign, checked before either path', () => {
  it('names every invalid answer with the rules of the campaign’s country', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const res = await participate(t, tenant, campaign.name, {
      cedula: '1-0234-0567',
      name: 'Ana <b>',
      email: 'ana @example.com',
      phone: '8888777',
      department: 'Atlántida',
      sex: 'unknown',
      nickname: 'x',
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(
      res.body.error.details.map((d: { path: string; code: string; message: string }) => [
        d.path,
        [d.code, d.message],
      ]),
    );
    expect(byPath).toEqual({
      'answers.cedula': ['IDENTITY_FORMAT', 'El número de identificación no debe tener espacios ni guiones.'],
      'answers.name': ['SPECIAL_CHARACTERS', 'Los campos no deben contener caracteres especiales.'],
      'answers.email': ['EMAIL_FORMAT', 'El correo electrónico no debe tener espacios.'],
      'answers.phone': ['PHONE_DIGITS', 'El teléfono debe tener exactamente 8 dígitos.'],
      'answers.birthdate': ['BIRTHDATE_REQUIRED', 'La fecha de nacimiento es obligatoria.'],
      'answers.department': ['FIELD_INVALID', expect.any(String)],
      'answers.sex': ['FIELD_INVALID', expect.any(String)],
      'answers.nickname': ['UNKNOWN_FIELD', expect.any(String)],
    });
    const pattern = await participate(t, tenant, campaign.name, validAnswers({ cedula: '012345678' }));
    expect(pattern.body.error.details[0]).toMatchObject({
      path: 'answers.cedula',
      code: 'IDENTITY_PATTERN',
      message: 'El número de identificación no tiene el formato de Cédula.',
    });
  });

  it('refuses minors: "Only adults may participate", and a min_age rule raises the bar', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const minor = await participate(t, tenant, campaign.name, validAnswers({ birthdate: '2008-06-02' }));
    expect(minor.status).toBe(422);
    expect(minor.body.error).toMatchObject({
      code: 'UNDERAGE',
      message: 'Solo pueden participar personas mayores de edad.',
    });
    expect(
      (await participate(t, tenant, campaign.name, validAnswers({ birthdate: '2008-06-01' }))).status,
    ).toBe(201);

    await addRule(t, tenant, { campaignId: campaign.id, kind: 'min_age', params: { years: 21 } });
    expect(
      (await participate(t, tenant, campaign.name, validAnswers({ birthdate: '2006-01-01' }))).body.error
        .code,
    ).toBe('UNDERAGE');
  });

  it('needs consent', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const res = await participate(t, tenant, campaign.name, validAnswers(), { consent: false });
    expect(res.body.error.details[0]).toMatchObject({ path: 'consent', code: 'CONSENT_REQUIRED' });
  });

  it('is refused when the campaign is not open: draft, inactive, archived, before or after its window', async () => {
    const tenant = await t.createTenant();
    const open = await createActiveCampaign(t, tenant);
    const later = await createActiveCampaign(t, tenant, {
      startsAt: '2026-07-01T00:00:00Z',
      endsAt: '2026-08-01T00:00:00Z',
    });
    const over = await createActiveCampaign(t, tenant, {
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-05-01T00:00:00Z',
    });
    const draft = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: tenant.admin.token,
      body: {
        name: t.unique('d'),
        title: 'd',
        kind: 'raffle',
        countryCode: 'CR',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2026-12-01T00:00:00Z',
      },
    });
    for (const name of [later.name, over.name, draft.body.name]) {
      const res = await participate(t, tenant, name, validAnswers());
      expect(res.status, name).toBe(422);
      expect(res.body.error).toMatchObject({
        code: 'CAMPAIGN_NOT_ACTIVE',
        message: 'Esta promoción no está disponible en este momento.',
      });
    }
    await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${open.id}/active-status`,
      token: tenant.admin.token,
      body: { active: false },
    });
    expect((await participate(t, tenant, open.name, validAnswers())).body.error.code).toBe(
      'CAMPAIGN_NOT_ACTIVE',
    );
    expect((await participate(t, tenant, 'no-such-campaign', validAnswers())).status).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/public/no-such-tenant/campaigns/${open.name}/participations`,
          body: { answers: validAnswers(), consent: true },
        })
      ).status,
    ).toBe(404);
  });

  it('limits submissions per identity (in the route, before the participation)', async () => {
    const limited = await createTestApp({ limits: { participationsPerIdentityPerMinute: 3 } });
    const tenant = await limited.createTenant();
    const campaign = await createActiveCampaign(limited, tenant);
    const answers = validAnswers();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await participate(limited, tenant, campaign.name, answers, {
            headers: { 'x-forwarded-for': randomIp() },
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await participate(limited, tenant, campaign.name, validAnswers())).status).toBe(201);
  });
});

describe('public campaign', () => {
  it('shows the form, the country’s rules and whether it is open', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const res = await t.request({ url: `/api/public/${tenant.slug}/campaigns/${campaign.name}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: campaign.name,
      available: true,
      country: { code: 'CR', phoneDigits: 8, identity: { label: 'Cédula' }, departmentLabel: 'Provincia' },
    });
    expect(res.body.fields).toHaveLength(7);
    await t.request({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/archive`,
      token: tenant.admin.token,
    });
    expect((await t.request({ url: `/api/public/${tenant.slug}/campaigns/${campaign.name}` })).status).toBe(
      404,
    );
  });

  it('answers a suspended tenant’s pages with its message', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { status: 'suspended' },
    });
    const res = await t.request({ url: `/api/public/${tenant.slug}/campaigns/${campaign.name}` });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('TENANT_SUSPENDED');
  });

  it('runs on the driver under test', () => {
    expect(t.db.driver).toBe(onPostgres ? 'postgres' : 'pglite');
  });
});
