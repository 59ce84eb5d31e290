import { expect, it } from 'vitest';
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
  countRows,
  onBothPaths,
  refusalOf,
  withKey,
  writtenFor,
} from '../../testing/participation-paths.ts';

/** The person, the blacklist, the campaign as it is now and the reward code, answered alike on both paths a participation takes. */
await onBothPaths((t) => {
  it('takes this path: one participate_in_one_call per participation, or none on the steps', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const before = t.oneCalls();
    const res = await participate(t, tenant, campaign.name, validAnswers());
    expect(res.status, res.text).toBe(201);
    expect(t.oneCalls() - before).toBe(t.path === 'one call' ? 1 : 0);
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

  it('stores the person as the answers give them: no e-mail, any of the three sexes, or none', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const people = [
      validAnswers({ email: '', sex: 'male' }),
      validAnswers({ sex: 'other' }),
      validAnswers({ sex: undefined }),
    ];
    for (const answers of people)
      expect((await participate(t, tenant, campaign.name, answers)).status).toBe(201);
    const stored = await t.db.ownerQuery<{ cedula: string; email: string | null; sex: string | null }>(
      'select cedula, email, sex from participants where tenant_id = $1 order by cedula',
      [tenant.id],
    );
    expect(stored).toEqual([
      { cedula: people[0]?.cedula, email: null, sex: 'male' },
      { cedula: people[1]?.cedula, email: 'maria@example.com', sex: 'other' },
      { cedula: people[2]?.cedula, email: 'maria@example.com', sex: null },
    ]);
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
});
