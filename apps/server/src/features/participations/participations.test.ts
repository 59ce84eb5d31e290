import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createActiveCampaign,
  nextCedula,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { generateCodes } from '../../testing/code-fixtures.ts';
import {
  addRule,
  addToBlacklist,
  PARTICIPATION_PATHS,
  type PathApp,
  pathApp,
  refusalOf,
  withKey,
  writtenFor,
} from '../../testing/participation-paths.ts';
import { createTestApp, randomIp, type TestApp } from '../../testing/test-app.ts';
import { onPostgres } from '../../testing/test-db.ts';

/**
 * A participation is written by one of two paths (participate.ts): the one SQL call, or statement
 * by statement. The rules, the blacklist, the Idempotency-Key and the person's side run on each,
 * so every case of them runs on both and must be answered alike. What is decided before a path is
 * chosen (the answers, the campaign being open, the rate limits) runs once, on the plain app.
 */
const paths = { 'one call': await pathApp('one call'), steps: await pathApp('steps') };
const t = paths['one call'];

async function countRows(app: TestApp, table: string, where: string, params: unknown[]): Promise<number> {
  const [row] = await app.db.ownerQuery<{ n: number }>(
    `select count(*)::int as n from ${table} where ${where}`,
    params,
  );
  return Number(row?.n);
}

/** The app's clock for a test to move: set back when the test ends, passed or failed. */
function movableClock(app: TestApp) {
  const start = app.clock.now();
  onTestFinished(() => app.clock.set(start));
  return app.clock;
}

describe.each(PARTICIPATION_PATHS)('on the %s path', (path) => {
  const t: PathApp = paths[path];

  it('takes this path: one participate_in_one_call per participation, or none on the steps', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const before = t.oneCalls();
    const res = await participate(t, tenant, campaign.name, validAnswers());
    expect(res.status, res.text).toBe(201);
    expect(t.oneCalls() - before).toBe(path === 'one call' ? 1 : 0);
    const [row] = await t.db.ownerQuery<{ outcome: unknown }>(
      'select outcome from participations where tenant_id = $1 and id = $2',
      [tenant.id, res.body.participationId],
    );
    expect(row?.outcome).toEqual(res.body.outcome);
  });

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
    const stored = async (id: string) =>
      (
        await t.db.ownerQuery(
          `select device_class, local_day::text as local_day, department, outcome from participations
            where tenant_id = $1 and id = $2`,
          [tenant.id, id],
        )
      )[0];
    expect(await stored(first.body.participationId)).toEqual({
      device_class: 1,
      local_day: '2026-06-01',
      department: 'San José',
      outcome: first.body.outcome,
    });
    expect(await stored(second.body.participationId)).toMatchObject({
      device_class: 3,
      outcome: second.body.outcome,
    });
  });

  it('refuses a blacklisted person by identity number, phone or e-mail, tenant-wide or in one campaign, and logs each attempt', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const other = await createActiveCampaign(t, tenant);
    const cedula = nextCedula();
    const list = (kind: 'cedula' | 'phone' | 'email', value: string, campaignId?: string) =>
      addToBlacklist(t, tenant, { kind, value, campaignId });
    // written as people type them: the list keeps them normalised
    expect(await list('cedula', ` ${cedula.slice(0, 3)}-${cedula.slice(3)} `)).toBe(cedula);
    expect(await list('phone', '8777-6655')).toBe('87776655');
    expect(await list('email', 'TRAMPA@example.com')).toBe('trampa@example.com');
    await list('email', 'solo.aqui@example.com', campaign.id);
    await list('phone', '60002222', campaign.id);

    const refused = [
      validAnswers({ cedula }),
      validAnswers({ phone: '87776655' }),
      validAnswers({ email: 'trampa@example.com' }),
      validAnswers({ email: 'solo.aqui@example.com' }),
      validAnswers({ phone: '60002222' }),
    ];
    const before = await writtenFor(t, tenant.id);
    for (const answers of refused) {
      const res = await participate(t, tenant, campaign.name, answers, withKey(t.unique('k')));
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: 'PARTICIPATION_NOT_ACCEPTED',
        // clear and final: no invitation to try again, and no word of the blacklist
        message:
          'No podemos aceptar su participación en esta promoción. Si cree que se trata de un error, comuníquese con el organizador.',
        details: [],
      });
    }
    // nothing of theirs is written: no person, no participation, no key; the attempts are audited
    expect(await writtenFor(t, tenant.id)).toEqual(before);
    expect(
      await countRows(t, 'audit_log', "tenant_id = $1 and action = 'participation.blacklisted'", [tenant.id]),
    ).toBe(refused.length);
    // an entry of one campaign does not reach another
    for (const answers of [
      validAnswers({ email: 'solo.aqui@example.com' }),
      validAnswers({ phone: '60002222' }),
    ])
      expect((await participate(t, tenant, other.name, answers)).status).toBe(201);
    const tenantWide = await participate(t, tenant, other.name, validAnswers({ phone: '87776655' }));
    expect(tenantWide.body.error?.code).toBe('PARTICIPATION_NOT_ACCEPTED');

    const dup = await t.request({
      method: 'POST',
      url: '/api/blacklist',
      token: tenant.admin.token,
      body: { kind: 'cedula', value: cedula, reason: 'otra vez' },
    });
    expect(dup.body.error.code).toBe('BLACKLIST_DUPLICATE');
  });

  it('sees a change to the campaign or its rules made just after a participation (no stale cached campaign)', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);
    await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
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
      await countRows(t, 'participations', 'tenant_id = $1 and campaign_id = $2', [tenant.id, campaign.id]),
    ).toBe(2);
  });

  it('max per identity: total, and per day up to the local midnight of the campaign’s country', async () => {
    const tenant = await t.createTenant();
    const total = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: total.id, kind: 'max_per_identity', params: { total: 2 } });
    const answers = validAnswers();
    expect((await participate(t, tenant, total.name, answers)).status).toBe(201);
    expect((await participate(t, tenant, total.name, answers)).status).toBe(201);
    const third = await participate(t, tenant, total.name, answers);
    expect(refusalOf(third)).toEqual({ status: 422, code: 'PARTICIPATION_LIMIT', fields: [] });
    expect(third.body.error.message).toBe('Ya alcanzó el máximo de participaciones permitidas.');

    const daily = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: daily.id, kind: 'max_per_identity', params: { perDay: 1 } });
    const clock = movableClock(t);
    clock.set(new Date('2026-06-02T05:00:00Z')); // 23:00 on 1 June in Costa Rica
    expect((await participate(t, tenant, daily.name, answers)).status).toBe(201);
    clock.set(new Date('2026-06-02T05:59:59Z')); // a second before midnight there
    expect(refusalOf(await participate(t, tenant, daily.name, answers))).toEqual({
      status: 422,
      code: 'PARTICIPATION_LIMIT',
      fields: [],
    });
    clock.set(new Date('2026-06-02T06:00:00Z')); // midnight in Costa Rica: a new day
    expect((await participate(t, tenant, daily.name, answers)).status).toBe(201);
    expect((await participate(t, tenant, daily.name, answers)).body.error?.code).toBe('PARTICIPATION_LIMIT');
  });

  it('allowed departments and schedule; a refusal writes nothing', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, {
      campaignId: campaign.id,
      kind: 'departments',
      params: { allowed: ['Heredia', 'Cartago'] },
    });
    const before = await writtenFor(t, tenant.id);
    const refused = await participate(t, tenant, campaign.name, validAnswers(), withKey(t.unique('k')));
    expect(refusalOf(refused)).toEqual({ status: 422, code: 'DEPARTMENT_NOT_ALLOWED', fields: [] });
    expect(refused.body.error.message).toBe('Esta promoción no está disponible en su departamento.');
    expect(await writtenFor(t, tenant.id)).toEqual(before);
    expect(
      (await participate(t, tenant, campaign.name, validAnswers({ department: 'Heredia' }))).status,
    ).toBe(201);

    const timed = await createActiveCampaign(t, tenant);
    // the test clock is Monday 1 June 2026, 09:00 in Costa Rica
    await addRule(t, tenant, {
      campaignId: timed.id,
      kind: 'schedule',
      params: { days: [1, 2, 3, 4, 5], from: '10:00', to: '18:00' },
    });
    const outside = await writtenFor(t, tenant.id);
    expect(
      refusalOf(await participate(t, tenant, timed.name, validAnswers(), withKey(t.unique('k')))),
    ).toEqual({ status: 422, code: 'OUTSIDE_SCHEDULE', fields: [] });
    expect(await writtenFor(t, tenant.id)).toEqual(outside);
    const clock = movableClock(t);
    clock.set(new Date('2026-06-01T16:30:00Z'));
    expect((await participate(t, tenant, timed.name, validAnswers())).status).toBe(201);
  });

  it('a group rule counts across the group’s campaigns: in total, and per local day', async () => {
    const tenant = await t.createTenant();
    const group = async (params: Record<string, number>) => {
      const a = await createActiveCampaign(t, tenant);
      const b = await createActiveCampaign(t, tenant);
      const created = await t.request({
        method: 'POST',
        url: '/api/campaign-groups',
        token: tenant.admin.token,
        body: { name: t.unique('Temporada'), campaignIds: [a.id, b.id] },
      });
      expect(created.status, created.text).toBe(201);
      await addRule(t, tenant, { groupId: created.body.id, kind: 'max_per_identity', params });
      return [a.name, b.name] as const;
    };
    const limit = { status: 422, code: 'PARTICIPATION_LIMIT', fields: [] };

    const [a, b] = await group({ total: 1 });
    const answers = validAnswers();
    expect((await participate(t, tenant, a, answers)).status).toBe(201);
    expect(refusalOf(await participate(t, tenant, b, answers))).toEqual(limit);
    expect((await participate(t, tenant, b, validAnswers())).status).toBe(201);

    const [c, d] = await group({ perDay: 1 });
    const clock = movableClock(t);
    clock.set(new Date('2026-06-02T05:00:00Z')); // 23:00 on 1 June in Costa Rica
    expect((await participate(t, tenant, c, answers)).status).toBe(201);
    clock.set(new Date('2026-06-02T05:59:59Z'));
    expect(refusalOf(await participate(t, tenant, d, answers))).toEqual(limit);
    clock.set(new Date('2026-06-02T06:00:00Z')); // a new day there: one more in the group
    expect((await participate(t, tenant, d, answers)).status).toBe(201);
    expect(refusalOf(await participate(t, tenant, c, answers))).toEqual(limit);
  });

  it('50 simultaneous submissions of one identity under "1 per identity" give exactly one participation', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
    const answers = validAnswers();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => participate(t, tenant, campaign.name, answers)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.error?.code === 'PARTICIPATION_LIMIT')).toHaveLength(49);
    expect(
      await countRows(t, 'participations', 'tenant_id = $1 and campaign_id = $2', [tenant.id, campaign.id]),
    ).toBe(1);
    expect(await countRows(t, 'participants', 'tenant_id = $1', [tenant.id])).toBe(1);
  });

  it('a campaign that refuses a different contact names the field, and writes nothing; by default it records a claim', async () => {
    const tenant = await t.createTenant();
    const strict = await createActiveCampaign(t, tenant, { settings: { contactMismatch: 'refuse' } });
    const person = validAnswers({ email: 'estricta@example.com' });
    expect((await participate(t, tenant, strict.name, person)).status).toBe(201);
    const before = await writtenFor(t, tenant.id);
    const mismatches = [
      [{ ...person, email: 'otra@example.net' }, 'answers.email'],
      [{ ...person, phone: '60001111' }, 'answers.phone'],
      // the e-mail is named first when both differ
      [{ ...person, email: 'otra@example.net', phone: '60001111' }, 'answers.email'],
    ] as const;
    for (const [answers, field] of mismatches) {
      const res = await participate(t, tenant, strict.name, answers, withKey(t.unique('k')));
      expect(refusalOf(res), field).toEqual({ status: 422, code: 'CONTACT_MISMATCH', fields: [field] });
    }
    expect(await writtenFor(t, tenant.id)).toEqual(before);
    // the registered contact still takes part
    expect((await participate(t, tenant, strict.name, person)).status).toBe(201);

    const lenient = await createActiveCampaign(t, tenant);
    expect((await participate(t, tenant, lenient.name, { ...person, phone: '60001111' })).status).toBe(201);
    const claims = await t.db.ownerQuery<{ field: string; value: string }>(
      'select field, value from participant_claims where tenant_id = $1',
      [tenant.id],
    );
    expect(claims).toEqual([{ field: 'phone', value: '60001111' }]);
  });

  it('a reward code: the code held is answered again, more under max_codes_per_identity, until none is left', async () => {
    const tenant = await t.createTenant();
    const codeCampaign = async () => {
      const campaign = await createActiveCampaign(t, tenant, { kind: 'reward_code' });
      await generateCodes(t, tenant, campaign.id, 2);
      return campaign;
    };
    const one = await codeCampaign();
    const answers = validAnswers();
    const held = await participate(t, tenant, one.name, answers);
    expect(held.body.outcome).toMatchObject({ kind: 'reward_code', code: expect.any(String) });
    expect((await participate(t, tenant, one.name, answers)).body.outcome.code).toBe(held.body.outcome.code);

    const more = await codeCampaign();
    await addRule(t, tenant, { campaignId: more.id, kind: 'max_codes_per_identity', params: { max: 5 } });
    const a = await participate(t, tenant, more.name, answers);
    const b = await participate(t, tenant, more.name, answers);
    expect(new Set([a.body.outcome.code, b.body.outcome.code, held.body.outcome.code]).size).toBe(3);
    const before = await writtenFor(t, tenant.id);
    const out = await participate(t, tenant, more.name, answers, withKey(t.unique('k')));
    expect(refusalOf(out)).toEqual({ status: 409, code: 'CODES_EXHAUSTED', fields: [] });
    expect(await writtenFor(t, tenant.id)).toEqual(before);
  });

  it('a retried submission with the same Idempotency-Key counts once and answers the first answer', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const answers = validAnswers();
    const key = t.unique('k');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => participate(t, tenant, campaign.name, answers, withKey(key))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(results.map((r) => r.body.participationId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await countRows(t, 'participations', 'tenant_id = $1', [tenant.id])).toBe(1);
    const [stored] = await t.db.ownerQuery<{ response_status: number; response_body: unknown }>(
      'select response_status, response_body from idempotency_keys where tenant_id = $1 and key = $2',
      [tenant.id, key],
    );
    expect(stored).toEqual({ response_status: 201, response_body: results[0]?.body });
    const later = await participate(t, tenant, campaign.name, answers, withKey(key));
    expect(later.body).toEqual(results[0]?.body);
  });

  it('a key sent with another request is refused, and that request writes nothing, even at the same moment', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const person = validAnswers();
    const key = t.unique('k');
    expect((await participate(t, tenant, campaign.name, person, withKey(key))).status).toBe(201);
    const before = await writtenFor(t, tenant.id);
    const reused = { status: 422, code: 'IDEMPOTENCY_KEY_REUSED', fields: [] };
    // the same person with another name (a claim if it were taken), and someone new
    for (const answers of [{ ...person, name: 'Otra Persona' }, validAnswers()])
      expect(refusalOf(await participate(t, tenant, campaign.name, answers, withKey(key)))).toEqual(reused);
    // nothing written: no new person, no claim, the known person's row untouched (the one-call
    // path kept what participation_gate wrote until issue #42)
    expect(await writtenFor(t, tenant.id)).toEqual(before);

    // two different people with one new key at once: one takes part, the other is refused
    const mid = await writtenFor(t, tenant.id);
    const shared = t.unique('k');
    const pair = await Promise.all(
      [validAnswers(), validAnswers()].map((answers) =>
        participate(t, tenant, campaign.name, answers, withKey(shared)),
      ),
    );
    expect(pair.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(pair.map(refusalOf).find((r) => r.status === 422)).toEqual(reused);
    expect(await writtenFor(t, tenant.id)).toMatchObject({
      participations: mid.participations + 1,
      people: mid.people + 1,
      keys: mid.keys + 1,
    });
  });

  it('a refused participation keeps no key: the key serves the next request', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    await addRule(t, tenant, { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } });
    const person = validAnswers();
    expect((await participate(t, tenant, campaign.name, person)).status).toBe(201);
    const key = t.unique('k');
    const limited = await participate(t, tenant, campaign.name, person, withKey(key));
    expect(refusalOf(limited)).toEqual({ status: 422, code: 'PARTICIPATION_LIMIT', fields: [] });
    const next = await participate(t, tenant, campaign.name, validAnswers(), withKey(key));
    expect(next.status, next.text).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
  });
});

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
