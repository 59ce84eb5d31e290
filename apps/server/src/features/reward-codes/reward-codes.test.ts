import { describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  createCentre,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { generateCodes, redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

async function codesOf(tenantId: string, campaignId: string) {
  return t.db.ownerQuery<{ code: string; status: string }>(
    'select code, status from reward_codes where tenant_id = $1 and campaign_id = $2 order by code',
    [tenantId, campaignId],
  );
}

describe('generation', () => {
  it('generates unique codes of the safe alphabet, long enough to be unguessable', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const res = await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: 300, prefix: 'VER' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ generated: 300, length: 14 });
    const codes = await codesOf(tenant.id, campaign.id);
    expect(codes).toHaveLength(300);
    for (const { code, status } of codes) {
      expect(code).toMatch(/^VER[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{14}$/);
      expect(status).toBe('available');
    }
  });

  it('refuses a count of zero with the spec’s message, and campaigns of other kinds', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const zero = await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'count',
          code: 'CODE_COUNT_POSITIVE',
          message: 'La cantidad de códigos a generar debe ser mayor que cero.',
        }),
      ]),
    );
    const raffle = await createActiveCampaign(t, tenant);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: raffle.id, count: 5 },
    });
    expect(wrong.body.error.details[0]).toMatchObject({ path: 'campaignId', code: 'CAMPAIGN_KIND_MISMATCH' });
  });

  it('runs large counts as a job with progress', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    const res = await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: 25_000 },
    });
    expect(res.status).toBe(202);
    let job = res.body;
    for (let i = 0; i < 200 && job.status !== 'succeeded' && job.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = (await t.request({ url: `/api/jobs/${res.body.jobId}`, token: tenant.admin.token })).body;
    }
    expect(job).toMatchObject({
      status: 'succeeded',
      progress: 25_000,
      total: 25_000,
      result: { generated: 25_000, length: 15 },
    });
    expect((await codesOf(tenant.id, campaign.id)).length).toBe(25_000);
  });

  it('imports given codes with a per-line report: malformed, repeated in the file, already existing', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 0);
    await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, codes: ['EXIST1234'] },
    });
    const csv = ['code', 'abcd-2345', 'ABCD2345', 'no!', 'EXIST1234', 'ZZZZ9999'].join('\n');
    const send = (query = '') => {
      const { payload, headers } = multipart({ campaignId: campaign.id }, csv);
      return t.app.inject({
        method: 'POST',
        url: `/api/uploads/reward-codes${query}`,
        payload,
        headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
      });
    };
    // all or nothing by default: the refused rows are named and nothing is written
    const refused = await send();
    expect(refused.statusCode).toBe(422);
    const error = JSON.parse(refused.body).error;
    expect(error.code).toBe('UPLOAD_ROWS_REFUSED');
    expect(error.details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
      ['file', 'UPLOAD_ROWS_REFUSED'],
      ['file.line.3.code', 'DUPLICATE_IN_FILE'],
      ['file.line.4.code', 'FIELD_INVALID'],
      ['file.line.5.code', 'CODE_EXISTS'],
    ]);
    expect(error.details[0].params).toEqual({ total: 5, refused: 3 });
    expect((await codesOf(tenant.id, campaign.id)).map((c) => c.code)).toEqual(['EXIST1234']);

    // the explicit choice takes the valid rows and reports the others
    const res = await send('?onlyValid=true');
    expect(res.statusCode).toBe(200);
    const report = JSON.parse(res.body);
    expect(report).toMatchObject({ total: 5, created: 2, refusedTotal: 3 });
    expect(
      report.refused.map((r: { row: number; errors: Array<{ code: string }> }) => [r.row, r.errors[0]?.code]),
    ).toEqual([
      [3, 'DUPLICATE_IN_FILE'],
      [4, 'FIELD_INVALID'],
      [5, 'CODE_EXISTS'],
    ]);
    expect((await codesOf(tenant.id, campaign.id)).map((c) => c.code)).toEqual([
      'ABCD2345',
      'EXIST1234',
      'ZZZZ9999',
    ]);
  });
});

describe('assignment', () => {
  it('gives a participant a code, and the same code again on a second participation', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 3);
    const answers = validAnswers();
    const first = await participate(t, tenant, campaign.name, answers);
    expect(first.status).toBe(201);
    expect(first.body.outcome).toEqual({
      kind: 'reward_code',
      code: expect.any(String),
      // the QR code to show at the counter (the browser test reads it back to the code)
      qrSvg: expect.stringMatching(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/),
    });
    const second = await participate(t, tenant, campaign.name, answers);
    expect(second.body.outcome.code).toBe(first.body.outcome.code);
    const byCedula = await t.request({
      method: 'POST',
      url: '/api/reward-codes/cedula',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, cedula: answers.cedula },
    });
    expect(byCedula.body).toEqual({ code: first.body.outcome.code, assigned: false });
  });

  it('counts only the codes a person holds in this campaign, not in another of the tenant', async () => {
    const tenant = await t.createTenant();
    const first = await rewardCodeSetup(t, tenant, 2);
    const second = await rewardCodeSetup(t, tenant, 2);
    const answers = validAnswers();
    const held = await participate(t, tenant, first.campaign.name, answers);
    const other = await participate(t, tenant, second.campaign.name, answers);
    expect(other.status).toBe(201);
    expect(other.body.outcome.code).not.toBe(held.body.outcome.code);
    const secondCodes = await codesOf(tenant.id, second.campaign.id);
    expect(secondCodes).toContainEqual({ code: other.body.outcome.code, status: 'assigned' });
    // and in the first campaign the person still gets the code they hold
    const again = await participate(t, tenant, first.campaign.name, answers);
    expect(again.body.outcome.code).toBe(held.body.outcome.code);
  });

  it('gives more codes when the rule allows it, and says when codes run out', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 2);
    await t.request({
      method: 'POST',
      url: '/api/campaign-rulers',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, kind: 'max_codes_per_identity', params: { max: 5 } },
    });
    const answers = validAnswers();
    const a = await participate(t, tenant, campaign.name, answers);
    const b = await participate(t, tenant, campaign.name, answers);
    expect(a.body.outcome.code).not.toBe(b.body.outcome.code);
    const c = await participate(t, tenant, campaign.name, answers);
    expect(c.status).toBe(409);
    expect(c.body.error).toMatchObject({
      code: 'CODES_EXHAUSTED',
      message: 'Se agotaron los códigos de esta promoción.',
    });
  });

  it('assigns each code once under concurrency', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 30);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => participate(t, tenant, campaign.name, validAnswers())),
    );
    const codes = results.filter((r) => r.status === 201).map((r) => r.body.outcome.code);
    expect(codes).toHaveLength(30);
    expect(new Set(codes).size).toBe(30);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
  });

  it('by identity number needs a known person', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await rewardCodeSetup(t, tenant, 1);
    const res = await t.request({
      method: 'POST',
      url: '/api/reward-codes/cedula',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, cedula: '999999999' },
    });
    expect(res.body.error).toMatchObject({
      code: 'IDENTITY_INVALID',
      message: 'El número de identificación no existe o no es válido.',
    });
  });
});

describe('look-ups and revocation', () => {
  it('counters of two tenants looking up at once each get their own codes, never the other’s', async () => {
    // at once, the look-ups travel together on PostgreSQL (decision 035): each still in its own tenant
    const [a, b] = [await t.createTenant(), await t.createTenant()];
    const counters = [];
    for (const tenant of [a, b]) {
      const { campaign, operator } = await rewardCodeSetup(t, tenant, 1);
      const answers = validAnswers();
      const { code } = (await participate(t, tenant, campaign.name, answers)).body.outcome;
      counters.push({ code: code as string, cedula: answers.cedula, token: operator.token });
    }
    const [first, second] = counters as [(typeof counters)[0], (typeof counters)[0]];
    const asked = Array.from({ length: 24 }, (_, i) => {
      const [own, other] = i % 2 ? [second, first] : [first, second];
      return i % 3 === 0
        ? { token: own.token, url: `/api/reward-codes/get-by-code/${other.code}`, expected: null }
        : i % 3 === 1
          ? { token: own.token, url: `/api/reward-codes/get-by-code/${own.code}`, expected: [own.code] }
          : { token: own.token, url: `/api/reward-codes/get-by-cedula/${own.cedula}`, expected: [own.code] };
    });
    const answers = await Promise.all(asked.map(({ token, url }) => t.request({ url, token })));
    answers.forEach((res, i) => {
      const { expected } = asked[i] as (typeof asked)[0];
      if (expected === null) expect(res.status).toBe(404);
      else
        expect([res.status, [res.body].flat().map((c: { code: string }) => c.code)]).toEqual([200, expected]);
    });
  });

  it('find a code by code and by identity number, with whether it is redeemable at the operator’s centre', async () => {
    const tenant = await t.createTenant();
    const { campaign, operator } = await rewardCodeSetup(t, tenant, 2);
    const answers = validAnswers();
    const { code } = (await participate(t, tenant, campaign.name, answers)).body.outcome;
    const byCode = await t.request({
      url: `/api/reward-codes/get-by-code/${code.toLowerCase().replace(/(.{4})/g, '$1-')}`,
      token: operator.token,
    });
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({
      code,
      status: 'assigned',
      redeemableHere: true,
      person: { name: answers.name, cedula: answers.cedula },
      campaign: { id: campaign.id },
    });
    const byCedula = await t.request({
      url: `/api/reward-codes/get-by-cedula/${answers.cedula}`,
      token: operator.token,
    });
    expect(byCedula.body.map((c: { code: string }) => c.code)).toEqual([code]);
    const unknown = await t.request({ url: '/api/reward-codes/get-by-code/NOPE2345', token: operator.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({
      code: 'INVALID_PRIZE_CODE',
      message: 'El código de premio no es válido.',
    });
    const nobody = await t.request({
      url: '/api/reward-codes/get-by-cedula/123456789',
      token: operator.token,
    });
    expect(nobody.body.error.code).toBe('IDENTITY_INVALID');
    const other = await t.createTenant();
    const foreign = await rewardCodeSetup(t, other, 0);
    expect(
      (await t.request({ url: `/api/reward-codes/get-by-code/${code}`, token: foreign.operator.token }))
        .status,
    ).toBe(404);
    expect((await t.request({ url: `/api/reward-codes/${code}`, token: other.admin.token })).status).toBe(
      404,
    );
  });

  it('answers a code whole: campaign, holder, every redemption with its centre, and where it is redeemable', async () => {
    const tenant = await t.createTenant();
    const { campaign, centre, operator } = await rewardCodeSetup(t, tenant, 2);
    const elsewhere = await t.createUser(tenant, 'OPERATOR', {
      centreId: (await createCentre(t, tenant)).id,
    });
    const analyst = await t.createUser(tenant, 'ANALYST');
    const answers = validAnswers();
    const { code } = (await participate(t, tenant, campaign.name, answers)).body.outcome;
    const first = await redeem(t, operator, code);
    await t.request({
      method: 'POST',
      url: `/api/redemptions/${first.body.redemption.id}/reverse`,
      token: tenant.admin.token,
      body: { reason: 'Canje por error' },
    });
    // a minute later, so that the history's order is the time's (the clock is put back at the end)
    const started = t.clock.now();
    t.clock.advance(60_000);
    const second = await redeem(t, operator, code);
    t.clock.set(started);
    expect(second.status, second.text).toBe(200);

    // what the tables hold, written out as the answer should show it
    const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
    const [row] = await t.db.ownerQuery<Record<string, string | null>>(
      `select rc.status, rc.assigned_at, rc.redeemed_at, rc.revoked_at, p.id as person_id,
              c.name, c.title, c.redeem_from, c.redeem_until
         from reward_codes rc join campaigns c on c.tenant_id = rc.tenant_id and c.id = rc.campaign_id
         join participants p on p.tenant_id = rc.tenant_id and p.id = rc.participant_id
        where rc.tenant_id = $1 and rc.code = $2`,
      [tenant.id, code],
    );
    const history = await t.db.ownerQuery<Record<string, string | null>>(
      `select r.id, r.centre_id, rc.code as centre_code, rc.name as centre_name, r.operator_id,
              r.redeemed_at, r.reversed_at, r.reversal_reason
         from redemptions r join redemption_centres rc on rc.tenant_id = r.tenant_id and rc.id = r.centre_id
        where r.tenant_id = $1 and r.code = $2 order by r.redeemed_at desc`,
      [tenant.id, code],
    );
    if (!row) throw new Error('the code is not stored');
    const whole = {
      code,
      status: 'redeemed',
      campaign: {
        id: campaign.id,
        name: row.name,
        title: row.title,
        redeemFrom: iso(row.redeem_from ?? null),
        redeemUntil: iso(row.redeem_until ?? null),
      },
      person: { id: row.person_id, name: answers.name, cedula: answers.cedula },
      assignedAt: iso(row.assigned_at ?? null),
      redeemedAt: iso(row.redeemed_at ?? null),
      revokedAt: null,
      redemptions: history.map((h) => ({
        id: h.id,
        centreId: centre.id,
        centreCode: h.centre_code,
        centreName: h.centre_name,
        operatorId: operator.userId,
        redeemedAt: iso(h.redeemed_at ?? null),
        reversedAt: iso(h.reversed_at ?? null),
        reversalReason: h.reversal_reason,
      })),
      product: null,
    };
    expect(row.status).toBe('redeemed');
    expect(history.map((h) => h.id)).toEqual([second.body.redemption.id, first.body.redemption.id]);
    expect(whole.redemptions[1]).toMatchObject({
      reversalReason: 'Canje por error',
      reversedAt: expect.any(String),
    });

    const at = (session: { token: string }) =>
      t.request({ url: `/api/reward-codes/get-by-code/${code}`, token: session.token });
    // redeemed already: redeemable nowhere, and why; an operator of a centre outside the campaign
    // sees the same (being redeemed comes first)
    const atDesk = { ...whole, redeemableHere: false, redeemRefusal: 'CODE_ALREADY_REDEEMED' };
    expect((await at(operator)).body).toEqual(atDesk);
    expect((await at(elsewhere)).body).toEqual(atDesk);
    // by identity number at the desk: the same code
    expect(
      (await t.request({ url: `/api/reward-codes/get-by-cedula/${answers.cedula}`, token: operator.token }))
        .body,
    ).toEqual([atDesk]);
    // the admin and the analyst (the code's page): no desk, so no `redeemableHere` nor
    // `redeemRefusal`; the analyst
    // sees the identity number masked
    const page = (session: { token: string }) =>
      t.request({ url: `/api/reward-codes/${code}`, token: session.token });
    expect((await page(tenant.admin)).body).toEqual(whole);
    const masked = `${'•'.repeat(answers.cedula.length - 3)}${answers.cedula.slice(-3)}`;
    expect((await page(analyst)).body).toEqual({ ...whole, person: { ...whole.person, cedula: masked } });

    // reversed again, it is assigned: redeemable at the campaign's centre, not elsewhere
    await t.request({
      method: 'POST',
      url: `/api/redemptions/${second.body.redemption.id}/reverse`,
      token: tenant.admin.token,
      body: { reason: 'Otra vez' },
    });
    expect((await at(operator)).body).toMatchObject({
      status: 'assigned',
      redeemableHere: true,
      redeemRefusal: null,
    });
    expect((await at(elsewhere)).body).toMatchObject({
      status: 'assigned',
      redeemableHere: false,
      redeemRefusal: 'CENTRE_NOT_ALLOWED',
    });
  });

  it('throttles a run of wrong codes from one operator', async () => {
    const tenant = await t.createTenant();
    const { operator } = await rewardCodeSetup(t, tenant, 1);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await t.request({ url: `/api/reward-codes/get-by-code/WRONG${2000 + i}`, token: operator.token }))
          .status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('revokes an available or assigned code; a redeemed or unknown one is "Code not revoked"', async () => {
    const tenant = await t.createTenant();
    const { campaign, operator } = await rewardCodeSetup(t, tenant, 2);
    const [a, b] = await codesOf(tenant.id, campaign.id);
    const revoked = await t.request({
      method: 'POST',
      url: '/api/reward-codes/disable',
      token: tenant.admin.token,
      body: { code: a?.code },
    });
    expect(revoked.body).toEqual({ code: a?.code, status: 'revoked' });
    expect((await redeem(t, operator, b?.code as string)).status).toBe(200);
    for (const code of [b?.code, a?.code, 'UNKNOWN234']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/reward-codes/disable',
        token: tenant.admin.token,
        body: { code },
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'CODE_NOT_REVOKED',
        message: 'No se pudo revocar el código.',
      });
    }
  });
});

describe('redemption', () => {
  it('an operator redeems once at their centre; a second time says when and where', async () => {
    const tenant = await t.createTenant();
    const { campaign, operator, centre } = await rewardCodeSetup(t, tenant, 1);
    const { code } = (await participate(t, tenant, campaign.name, validAnswers())).body.outcome;
    const ok = await redeem(t, operator, code);
    expect(ok.status).toBe(200);
    expect(ok.body.redemption).toMatchObject({
      code,
      centreCode: centre.code,
      redeemedAt: t.clock.now().toISOString(),
      // not a marketplace pickup voucher: no product to hand over
      product: null,
    });
    const again = await redeem(t, operator, code);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CODE_ALREADY_REDEEMED');
    expect(again.body.error.message).toBe(
      `Este código ya fue canjeado el 01/06/2026, 09:00 en ${centre.name}.`,
    );
    expect(again.body.error.details[0].params).toMatchObject({
      centreCode: centre.code,
      redeemedAt: t.clock.now().toISOString(),
    });
  });

  it('refuses revoked codes, codes outside the redemption window, at another centre, and unknown codes', async () => {
    const tenant = await t.createTenant();
    const { campaign, operator, centre } = await rewardCodeSetup(t, tenant, 3, {
      redeemFrom: '2026-05-01T00:00:00Z',
      redeemUntil: '2026-07-01T00:00:00Z',
    });
    const [a, , c] = (await codesOf(tenant.id, campaign.id)).map((r) => r.code) as [string, string, string];
    await t.request({
      method: 'POST',
      url: '/api/reward-codes/disable',
      token: tenant.admin.token,
      body: { code: a },
    });
    expect((await redeem(t, operator, a)).body.error).toMatchObject({
      code: 'CODE_REVOKED',
      message: 'Este código fue revocado.',
    });
    const closed = await createActiveCampaign(t, tenant, {
      kind: 'reward_code',
      settings: { centreIds: [centre.id] },
      redeemFrom: '2026-03-01T00:00:00Z',
      redeemUntil: '2026-05-31T00:00:00Z',
    });
    await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: closed.id, count: 1 },
    });
    const [old] = await codesOf(tenant.id, closed.id);
    const late = await redeem(t, operator, old?.code as string);
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({
      code: 'CODE_OUTSIDE_REDEMPTION_WINDOW',
      message: 'El código está fuera de su rango de fechas de canje.',
    });
    const elsewhere = await createCentre(t, tenant);
    const stranger = await t.createUser(tenant, 'OPERATOR', { centreId: elsewhere.id });
    expect((await redeem(t, stranger, c)).body.error.code).toBe('CENTRE_NOT_ALLOWED');
    expect((await redeem(t, operator, 'NOSUCHCODE')).body.error).toMatchObject({
      code: 'INVALID_PRIZE_CODE',
    });
    // quotes, backslashes and semicolons are only characters of an unknown code (the call inlines it)
    for (const odd of [`${c}'`, `X'); COMMIT; SELECT ('`, 'A\\B', `${c}\\'`])
      expect((await redeem(t, operator, odd)).body.error).toMatchObject({ code: 'INVALID_PRIZE_CODE' });
    const noCentre = await t.createUser(tenant, 'OPERATOR');
    expect((await redeem(t, noCentre, c)).body.error.code).toBe('OPERATOR_WITHOUT_CENTRE');
  });

  it('records the centre of the operator who redeems, among many, and refuses one whose centre is inactive', async () => {
    const tenant = await t.createTenant();
    // twelve counters: a centre and its operator each
    const desks = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const centre = await createCentre(t, tenant);
        return { centre, operator: await t.createUser(tenant, 'OPERATOR', { centreId: centre.id }) };
      }),
    );
    const campaign = await createActiveCampaign(t, tenant, {
      kind: 'reward_code',
      settings: { centreIds: desks.map((desk) => desk.centre.id) },
    });
    await generateCodes(t, tenant, campaign.id, 3);
    const [first, second, third] = (await codesOf(tenant.id, campaign.id)).map((c) => c.code) as [
      string,
      string,
      string,
    ];
    const [firstDesk, lastDesk] = [desks[0], desks[11]] as [(typeof desks)[number], (typeof desks)[number]];
    expect((await redeem(t, firstDesk.operator, first)).body.redemption.centreCode).toBe(
      firstDesk.centre.code,
    );
    expect((await redeem(t, lastDesk.operator, second)).body.redemption.centreCode).toBe(
      lastDesk.centre.code,
    );
    await t.request({
      method: 'PATCH',
      url: `/api/redemption-centres/${firstDesk.centre.id}`,
      token: tenant.admin.token,
      body: { active: false },
    });
    expect((await redeem(t, firstDesk.operator, third)).body.error.code).toBe('OPERATOR_WITHOUT_CENTRE');
  });

  it('centre groups allow their centres', async () => {
    const tenant = await t.createTenant();
    const centre = await createCentre(t, tenant);
    const group = await t.request({
      method: 'POST',
      url: '/api/redemption-centre-groups',
      token: tenant.admin.token,
      body: { name: 'Zona Norte', centreIds: [centre.id] },
    });
    const campaign = await createActiveCampaign(t, tenant, {
      kind: 'reward_code',
      settings: { centreGroupIds: [group.body.id] },
    });
    await t.request({
      method: 'POST',
      url: '/api/reward-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: 1 },
    });
    const operator = await t.createUser(tenant, 'OPERATOR', { centreId: centre.id });
    const [row] = await codesOf(tenant.id, campaign.id);
    expect((await redeem(t, operator, row?.code as string)).status).toBe(200);
  });

  it('a retried redemption with the same Idempotency-Key answers the first answer', async () => {
    const tenant = await t.createTenant();
    const { campaign, operator } = await rewardCodeSetup(t, tenant, 2);
    const [row, other] = await codesOf(tenant.id, campaign.id);
    const key = { 'idempotency-key': t.unique('k') };
    // a refusal keeps nothing: the key still serves the request the operator meant
    expect((await redeem(t, operator, 'NOSUCHCODE', key)).body.error.code).toBe('INVALID_PRIZE_CODE');
    const first = await redeem(t, operator, row?.code as string, key);
    expect(first.status).toBe(200);
    expect(first.body.redemption).toMatchObject({ code: row?.code });
    expect(new Date(first.body.redemption.redeemedAt).toISOString()).toBe(first.body.redemption.redeemedAt);
    const retry = await redeem(t, operator, row?.code as string, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // the same key for another code is refused, and that code stays unredeemed
    expect((await redeem(t, operator, other?.code as string, key)).body.error.code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect((await redeem(t, operator, other?.code as string)).status).toBe(200);
  });

  it('an admin reverses a redemption with a reason; history keeps both; the code can be redeemed again', async () => {
    const tenant = await t.createTenant();
    const { campaign, operator } = await rewardCodeSetup(t, tenant, 1);
    const { code } = (await participate(t, tenant, campaign.name, validAnswers())).body.outcome;
    const first = await redeem(t, operator, code);
    const reversed = await t.request({
      method: 'POST',
      url: `/api/redemptions/${first.body.redemption.id}/reverse`,
      token: tenant.admin.token,
      body: { reason: 'Canje por error' },
    });
    expect(reversed.body).toEqual({ id: first.body.redemption.id, code, reversed: true });
    const twice = await t.request({
      method: 'POST',
      url: `/api/redemptions/${first.body.redemption.id}/reverse`,
      token: tenant.admin.token,
      body: { reason: 'otra vez' },
    });
    expect(twice.body.error.code).toBe('REDEMPTION_ALREADY_REVERSED');
    expect(
      (await t.request({ url: `/api/reward-codes/${code}`, token: tenant.admin.token })).body.status,
    ).toBe('assigned');
    expect((await redeem(t, operator, code)).status).toBe(200);
    const history = await t.request({ url: `/api/reward-codes/${code}`, token: tenant.admin.token });
    expect(history.body.redemptions).toHaveLength(2);
    expect(
      history.body.redemptions.find((r: { reversalReason: string | null }) => r.reversalReason)
        ?.reversalReason,
    ).toBe('Canje por error');
  });

  it('10,000 attempts over 1,000 codes from 50 concurrent clients give exactly 1,000 redemptions', async () => {
    const tenant = await t.createTenant();
    const { campaign, centre } = await rewardCodeSetup(t, tenant, 1000);
    const operators = await Promise.all(
      Array.from({ length: 5 }, () => t.createUser(tenant, 'OPERATOR', { centreId: centre.id })),
    );
    const codes = (await codesOf(tenant.id, campaign.id)).map((r) => r.code);
    const attempts = Array.from({ length: 10_000 }, (_, i) => ({
      operator: operators[i % 5],
      code: codes[i % 1000] as string,
    }));
    const statuses: number[] = [];
    for (let i = 0; i < attempts.length; i += 50) {
      const batch = attempts.slice(i, i + 50);
      statuses.push(
        ...(await Promise.all(batch.map((a) => redeem(t, a.operator as never, a.code)))).map((r) => r.status),
      );
    }
    const tally: Record<number, number> = {};
    for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
    expect(tally).toEqual({ 200: 1000, 409: 9000 });
    expect(statuses.filter((s) => s === 200)).toHaveLength(1000);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9000);
    const [row] = await t.db.ownerQuery<{ n: number }>(
      'select count(*)::int as n from redemptions where tenant_id = $1 and reversed_at is null',
      [tenant.id],
    );
    expect(Number(row?.n)).toBe(1000);
  }, 300_000);
});
