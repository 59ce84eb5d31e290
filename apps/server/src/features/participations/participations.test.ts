import { describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  nextCedula,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { createTestApp, randomIp } from '../../testing/test-app.ts';
import { onPostgres } from '../../testing/test-db.ts';

const t = await createTestApp();

async function countRows(table: string, where: string, params: unknown[]): Promise<number> {
  const [row] = await t.db.ownerQuery<{ n: number }>(
    `select count(*)::int as n from ${table} where ${where}`,
    params,
  );
  return Number(row?.n);
}

describe('participation', () => {
  it('accepts a valid form, stores the person and the participation, and answers the raffle entries', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    const first = await participate(t, tenant, campaign.name, answers, {
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile Safari' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      participationId: expect.any(String),
      outcome: { kind: 'raffle', entries: 1 },
    });
    const second = await participate(t, tenant, campaign.name, { ...answers, name: 'María J. Pérez' });
    expect(second.body.outcome).toEqual({ kind: 'raffle', entries: 2 });

    const [person] = await t.db.ownerQuery<{ name: string; department: string; birth_year: number }>(
      'select name, department, birth_year from participants where tenant_id = $1 and cedula = $2',
      [tenant.id, answers.cedula],
    );
    // the stored name stays; the other one typed is kept beside it (issue #35)
    expect(person).toEqual({ name: answers.name, department: 'San José', birth_year: 1990 });
    const claims = await t.db.ownerQuery<{ field: string; value: string }>(
      `select c.field, c.value from participant_claims c join participants p on p.tenant_id = c.tenant_id and p.id = c.participant_id
        where p.tenant_id = $1 and p.cedula = $2`,
      [tenant.id, answers.cedula],
    );
    expect(claims).toEqual([{ field: 'name', value: 'María J. Pérez' }]);
    const [row] = await t.db.ownerQuery<{ device_class: number; local_day: unknown }>(
      'select device_class, local_day::text as local_day from participations where tenant_id = $1 and id = $2',
      [tenant.id, first.body.participationId],
    );
    expect(row).toEqual({ device_class: 1, local_day: '2026-06-01' });
  });

  it('names every invalid answer with the rules of the campaign’s country', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const res = await participate(t, tenant, campaign.name, {
      cedula: '1-0234-0567',
      name: 'Ana <b>',
      email: 'Ana@Example.com',
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
      'answers.email': ['EMAIL_FORMAT', 'El correo electrónico no debe tener mayúsculas ni espacios.'],
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

    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, kind: 'min_age', params: { years: 21 } },
    });
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

  it('refuses a blacklisted person with a clear, final message, and logs the attempt', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const cedula = nextCedula();
    const entry = await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: {
        kind: 'cedula',
        value: ` ${cedula.slice(0, 3)}-${cedula.slice(3)} `,
        reason: 'Fraude detectado',
      },
    });
    expect(entry.body.value).toBe(cedula);
    await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: { kind: 'email', value: 'TRAMPA@example.com', reason: 'x', campaignId: campaign.id },
    });

    for (const answers of [validAnswers({ cedula }), validAnswers({ email: 'trampa@example.com' })]) {
      const res = await participate(t, tenant, campaign.name, answers);
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'PARTICIPATION_NOT_ACCEPTED',
        // clear and final: no invitation to try again, and no word of the blacklist
        message:
          'No podemos aceptar su participación en esta promoción. Si cree que se trata de un error, comuníquese con el organizador.',
        details: [],
      });
    }
    expect(
      await countRows('audit_log', "tenant_id = $1 and action = 'participation.blacklisted'", [tenant.id]),
    ).toBe(2);
    expect(await countRows('participations', 'tenant_id = $1', [tenant.id])).toBe(0);
    const dup = await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: { kind: 'cedula', value: cedula, reason: 'otra vez' },
    });
    expect(dup.body.error.code).toBe('BLACKLIST_DUPLICATE');
  });
});

describe('rules', () => {
  it('sees a change to the campaign or its rules made just after a participation (no stale cached campaign)', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);
    const rule = await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } },
    });
    expect(rule.status, rule.text).toBe(201);
    const limited = await participate(t, tenant, campaign.name, answers);
    expect(limited.body.error?.code).toBe('PARTICIPATION_LIMIT');

    const setActive = (active: boolean) =>
      t.request({
        method: 'PATCH',
        url: `/api/campaigns/${campaign.id}/active-status`,
        token: tenant.admin.token,
        body: { active },
      });
    await setActive(false);
    expect((await participate(t, tenant, campaign.name, validAnswers())).body.error?.code).toBe(
      'CAMPAIGN_NOT_ACTIVE',
    );
    await setActive(true);
    const again = await participate(t, tenant, campaign.name, validAnswers());
    expect(again.status, again.text).toBe(201);
    expect(
      await countRows('participations', 'tenant_id = $1 and campaign_id = $2', [tenant.id, campaign.id]),
    ).toBe(2);
  });

  it('max per identity: total and per day (in the campaign’s time zone)', async () => {
    const tenant = await t.createTenant();
    const total = await createActiveCampaign(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: total.id, kind: 'max_per_identity', params: { total: 2 } },
    });
    const answers = validAnswers();
    expect((await participate(t, tenant, total.name, answers)).status).toBe(201);
    expect((await participate(t, tenant, total.name, answers)).status).toBe(201);
    const third = await participate(t, tenant, total.name, answers);
    expect(third.status).toBe(422);
    expect(third.body.error).toMatchObject({
      code: 'PARTICIPATION_LIMIT',
      message: 'Ya alcanzó el máximo de participaciones permitidas.',
    });

    const daily = await createActiveCampaign(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: daily.id, kind: 'max_per_identity', params: { perDay: 1 } },
    });
    const start = t.clock.now();
    t.clock.set(new Date('2026-06-02T05:00:00Z')); // 23:00 on 1 June in Costa Rica
    expect((await participate(t, tenant, daily.name, answers)).status).toBe(201);
    t.clock.set(new Date('2026-06-02T05:30:00Z'));
    expect((await participate(t, tenant, daily.name, answers)).body.error.code).toBe('PARTICIPATION_LIMIT');
    t.clock.set(new Date('2026-06-02T06:00:00Z')); // midnight in Costa Rica: a new day
    expect((await participate(t, tenant, daily.name, answers)).status).toBe(201);
    t.clock.set(start);
  });

  it('allowed departments and schedule', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, kind: 'departments', params: { allowed: ['Heredia', 'Cartago'] } },
    });
    const refused = await participate(t, tenant, campaign.name, validAnswers());
    expect(refused.body.error).toMatchObject({
      code: 'DEPARTMENT_NOT_ALLOWED',
      message: 'Esta promoción no está disponible en su departamento.',
    });
    expect(
      (await participate(t, tenant, campaign.name, validAnswers({ department: 'Heredia' }))).status,
    ).toBe(201);

    const timed = await createActiveCampaign(t, tenant);
    // the test clock is Monday 1 June 2026, 09:00 in Costa Rica
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: {
        campaignId: timed.id,
        kind: 'schedule',
        params: { days: [1, 2, 3, 4, 5], from: '10:00', to: '18:00' },
      },
    });
    expect((await participate(t, tenant, timed.name, validAnswers())).body.error.code).toBe(
      'OUTSIDE_SCHEDULE',
    );
    const start = t.clock.now();
    t.clock.set(new Date('2026-06-01T16:30:00Z'));
    expect((await participate(t, tenant, timed.name, validAnswers())).status).toBe(201);
    t.clock.set(start);
  });

  it('a group rule counts across the group’s campaigns', async () => {
    const tenant = await t.createTenant();
    const a = await createActiveCampaign(t, tenant);
    const b = await createActiveCampaign(t, tenant);
    const group = await t.request({
      method: 'POST',
      url: '/api/campaign-groups',
      token: tenant.admin.token,
      body: { name: 'Temporada', campaignIds: [a.id, b.id] },
    });
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { groupId: group.body.id, kind: 'max_per_identity', params: { total: 1 } },
    });
    const answers = validAnswers();
    expect((await participate(t, tenant, a.name, answers)).status).toBe(201);
    expect((await participate(t, tenant, b.name, answers)).body.error.code).toBe('PARTICIPATION_LIMIT');
    expect((await participate(t, tenant, b.name, validAnswers())).status).toBe(201);
  });

  it('50 simultaneous submissions of one identity under "1 per identity" give exactly one participation', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } },
    });
    const answers = validAnswers();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => participate(t, tenant, campaign.name, answers)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(49);
    expect(
      await countRows('participations', 'tenant_id = $1 and campaign_id = $2', [tenant.id, campaign.id]),
    ).toBe(1);
    expect(await countRows('participants', 'tenant_id = $1', [tenant.id])).toBe(1);
  });
});

describe('idempotency and limits', () => {
  it('a retried submission with the same Idempotency-Key counts once and answers the first answer', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    const key = { 'idempotency-key': t.unique('k') };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => participate(t, tenant, campaign.name, answers, { headers: key })),
    );
    const ids = new Set(results.map((r) => r.body.participationId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await countRows('participations', 'tenant_id = $1', [tenant.id])).toBe(1);
    const reused = await participate(t, tenant, campaign.name, validAnswers(), { headers: key });
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('limits submissions per identity', async () => {
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
