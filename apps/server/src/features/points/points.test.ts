import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createPerson, signIn } from '../../testing/market-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();
const tenant = await t.createTenant();
let admin = tenant.admin.token;
const campaign = await createActiveCampaign(t, tenant, {
  kind: 'points',
  settings: { pointsExpiryDays: 30 },
});
const analyst = await t.createUser(tenant, 'ANALYST');

const adjust = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.request({
    method: 'POST',
    url: '/api/points/adjustments',
    token: admin,
    body: { campaignId: campaign.id, ...body },
    ...(headers ? { headers } : {}),
  });

describe('points ledger (admin)', () => {
  it('adjusts with a reason, never below zero, once per Idempotency-Key', async () => {
    const person = await createPerson(t, tenant);
    expect((await adjust({ cedula: person.cedula, amount: 10 })).body.error.details[0].path).toBe('reason');
    const first = await adjust(
      { cedula: person.cedula, amount: 10, reason: 'bono' },
      { 'idempotency-key': 'k1' },
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      balance: 10,
      entry: { kind: 'adjustment', amount: 10, balanceAfter: 10 },
    });
    expect(first.body.entry.expiresAt).toBe('2026-07-01T15:00:00.000Z');
    const retried = await adjust(
      { cedula: person.cedula, amount: 10, reason: 'bono' },
      { 'idempotency-key': 'k1' },
    );
    expect(retried.body).toEqual(first.body);
    const reused = await adjust(
      { cedula: person.cedula, amount: 11, reason: 'bono' },
      { 'idempotency-key': 'k1' },
    );
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const tooMuch = await adjust({ participantId: person.id, amount: -11, reason: 'corrección' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('POINTS_INSUFFICIENT');
    expect((await adjust({ participantId: person.id, amount: -4, reason: 'corrección' })).body.balance).toBe(
      6,
    );
    expect((await adjust({ cedula: '000', amount: 1, reason: 'x' })).body.error.code).toBe(
      'POINTS_USER_NOT_FOUND',
    );

    const ledger = await t.request({ url: `/api/points/people/${person.id}`, token: analyst.token });
    expect(ledger.body.person.cedula).toMatch(/^•+\d{3}$/);
    expect(ledger.body.accounts).toEqual([expect.objectContaining({ campaignId: campaign.id, balance: 6 })]);
    expect(ledger.body.ledger.items.map((e: { amount: number }) => e.amount)).toEqual([-4, 10]);
    const accounts = await t.request({ url: `/api/points/accounts?cedula=${person.cedula}`, token: admin });
    expect(accounts.body.items).toEqual([expect.objectContaining({ cedula: person.cedula, balance: 6 })]);
  });

  it('the ledger is append-only and balances cannot go negative, in SQL', async () => {
    // rows of its own to refuse, whichever tests ran before (in a campaign of its own: the expiry
    // test counts this campaign's points)
    const own = await createActiveCampaign(t, tenant, { kind: 'points' });
    const person = await createPerson(t, tenant);
    const credited = await adjust({ campaignId: own.id, cedula: person.cedula, amount: 5, reason: 'bono' });
    expect(credited.status).toBe(201);
    await expect(
      t.db.ownerQuery(`update points_ledger set amount = 1000 where tenant_id = $1`, [tenant.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.ownerQuery(`delete from points_ledger where tenant_id = $1`, [tenant.id]),
    ).rejects.toThrow(/append-only/);
    // the column's CHECK (check_violation), not some other failure of the statement
    await expect(
      t.db.ownerQuery(`update points_accounts set balance = -1 where tenant_id = $1`, [tenant.id]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'points_accounts_balance_check' });
  });

  it('expires credits by campaign policy, oldest first, once', async () => {
    const person = await createPerson(t, tenant);
    await adjust({ cedula: person.cedula, amount: 50, reason: 'compra' });
    t.clock.advance(10 * 86_400_000);
    admin = (await t.login('admin', tenant.slug)).token; // sessions last hours, not days
    await adjust({ cedula: person.cedula, amount: 20, reason: 'compra' });
    await adjust({ cedula: person.cedula, amount: -30, reason: 'canje' });
    t.clock.advance(25 * 86_400_000); // the first credit (50) has expired; 30 of it was spent
    admin = (await t.login('admin', tenant.slug)).token;
    const run = async () => {
      const queued = await t.request({
        method: 'POST',
        url: '/api/points/expire',
        token: admin,
        body: { campaignId: campaign.id },
      });
      expect(queued.status).toBe(202);
      for (let i = 0; i < 100; i++) {
        const job = await t.request({ url: `/api/jobs/${queued.body.jobId}`, token: admin });
        if (job.body.status === 'succeeded') return job.body;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('expiry job did not finish');
    };
    await run();
    await run();
    const ledger = await t.request({ url: `/api/points/people/${person.id}`, token: admin });
    expect(ledger.body.accounts[0].balance).toBe(20);
    expect(ledger.body.ledger.items[0]).toMatchObject({ kind: 'expiry', amount: -20, balanceAfter: 20 });
    expect(ledger.body.ledger.items.filter((e: { kind: string }) => e.kind === 'expiry')).toHaveLength(1);
    t.clock.set(new Date('2026-06-01T15:00:00Z'));
    admin = (await t.login('admin', tenant.slug)).token;

    const report = await t.request({
      url: `/api/reconciliation-reports/points?campaignId=${campaign.id}`,
      token: analyst.token,
    });
    // 20 here and the 6 points of the first test's person, credited on day 0
    expect(report.body[0]).toMatchObject({ campaignId: campaign.id, expired: 26 });
    const csv = await t.request({ url: '/api/reconciliation-reports/points?format=csv', token: admin });
    expect(csv.text).toContain('Campaña,Emitidos,Gastados,Vencidos,Ajustes a la baja,Saldo vigente,Personas');
  });
});

describe('redeem codes', () => {
  it('generates a batch worth points, lists and exports it; each code credits once', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/redeem-code-batches',
      token: admin,
      body: { campaignId: campaign.id, count: 3, points: 25, name: 'Empaque' },
    });
    expect(res.status).toBe(201);
    expect(res.body.batch).toMatchObject({ codes: 3, used: 0, points: 25, source: 'generated' });
    const both = await t.request({
      method: 'POST',
      url: '/api/redeem-code-batches',
      token: admin,
      body: { campaignId: campaign.id, count: 3 },
    });
    expect(both.body.error.details[0].code).toBe('REDEEM_BATCH_VALUE');
    const exported = await t.request({
      url: `/api/redeem-code-batches/${res.body.batch.id}/codes`,
      token: admin,
    });
    expect(exported.headers['content-disposition']).toBe('attachment; filename="codigos-Empaque.csv"');
    const lines = exported.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Código,Estado,Usado');
    const codes = lines.slice(1).map((l: string) => l.split(','));
    expect(codes).toHaveLength(3);
    expect(codes.map((c) => c[1])).toEqual(['Disponible', 'Disponible', 'Disponible']);
    const list = await t.request({
      url: `/api/redeem-code-batches?campaignId=${campaign.id}`,
      token: analyst.token,
    });
    expect(list.body.items.map((b: { id: string }) => b.id)).toContain(res.body.batch.id);
  });

  it('uploads a CSV as a batch with a per-row report', async () => {
    const before = await t.request({
      url: `/api/redeem-code-batches?campaignId=${campaign.id}`,
      token: admin,
    });
    const upload = multipart(
      { campaignId: campaign.id, points: '5' },
      'code\nABCD-1234\nbad code!\nABCD1234\nZZZZ9999\n',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/redeem-codes?onlyValid=true',
      headers: { authorization: `Bearer ${admin}`, ...upload.headers },
      payload: upload.payload,
    });
    const body = JSON.parse(res.body);
    expect(res.statusCode).toBe(200);
    expect(body.report).toMatchObject({ total: 4, created: 2 });
    // no name given: the next "Lote N" of the campaign
    expect(body.batch.name).toBe(`Lote ${before.body.total + 1}`);
    expect(
      body.report.refused.map((r: { row: number; errors: Array<{ code: string }> }) => [
        r.row,
        r.errors[0]?.code,
      ]),
    ).toEqual([
      [3, 'FIELD_INVALID'],
      [4, 'DUPLICATE_IN_FILE'],
    ]);
    const again = multipart({ campaignId: campaign.id, points: '5' }, 'code\nZZZZ9999\n');
    const second = JSON.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/uploads/redeem-codes?onlyValid=true',
          headers: { authorization: `Bearer ${admin}`, ...again.headers },
          payload: again.payload,
        })
      ).body,
    );
    expect(second.report.refused[0].errors[0].code).toBe('CODE_EXISTS');

    // the person signs in to the transactions page and sees nothing yet, then a credit
    const person = await createPerson(t, tenant);
    await adjust({ cedula: person.cedula, amount: 1, reason: 'alta' });
    const session = await signIn(t, tenant, campaign.name, person.cedula, 'transactions-authentication');
    expect(session.balance).toBe(1);
  });
});

describe('points campaigns: participations credit points', () => {
  it('credits settings.pointsPerParticipation once per Idempotency-Key, with the campaign’s expiry', async () => {
    const earning = await createActiveCampaign(t, tenant, {
      kind: 'points',
      settings: { pointsPerParticipation: 15, pointsExpiryDays: 30 },
    });
    const answers = validAnswers();
    const first = await participate(t, tenant, earning.name, answers, {
      headers: { 'idempotency-key': 'compra-1' },
    });
    expect(first.status).toBe(201);
    expect(first.body.outcome).toEqual({ kind: 'points', balance: 15 });
    const retried = await participate(t, tenant, earning.name, answers, {
      headers: { 'idempotency-key': 'compra-1' },
    });
    expect(retried.body).toEqual(first.body);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const second = await participate(t, tenant, earning.name, answers, {
      headers: { 'idempotency-key': 'compra-2' },
    });
    expect(second.body.outcome).toEqual({ kind: 'points', balance: 30 });

    const accounts = await t.request({ url: `/api/points/accounts?cedula=${answers.cedula}`, token: admin });
    expect(accounts.body.items).toEqual([expect.objectContaining({ campaignId: earning.id, balance: 30 })]);
    const ledger = await t.request({
      url: `/api/points/people/${accounts.body.items[0].participantId}`,
      token: admin,
    });
    expect(ledger.body.ledger.items).toEqual([
      expect.objectContaining({ kind: 'purchase', amount: 15, balanceAfter: 30 }),
      expect.objectContaining({ kind: 'purchase', amount: 15, balanceAfter: 15 }),
    ]);
    expect(ledger.body.ledger.items[0].expiresAt).toBe(
      new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    );
  });

  it('simultaneous purchases of one person each credit once, and one retried purchase credits once', async () => {
    const earning = await createActiveCampaign(t, tenant, {
      kind: 'points',
      settings: { pointsPerParticipation: 10 },
    });
    const answers = validAnswers();
    const key = t.unique('compra');
    const purchases = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        participate(t, tenant, earning.name, answers, { headers: { 'idempotency-key': `${key}-${i}` } }),
      ),
    );
    expect(purchases.map((r) => r.status)).toEqual(Array(20).fill(201));
    const balances = purchases.map((r) => r.body.outcome.balance).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 10));

    const retried = await Promise.all(
      Array.from({ length: 5 }, () =>
        participate(t, tenant, earning.name, answers, { headers: { 'idempotency-key': `${key}-repetida` } }),
      ),
    );
    expect(new Set(retried.map((r) => r.body.participationId)).size).toBe(1);
    expect(retried[0]?.body.outcome).toEqual({ kind: 'points', balance: 210 });

    const accounts = await t.request({ url: `/api/points/accounts?cedula=${answers.cedula}`, token: admin });
    expect(accounts.body.items).toEqual([expect.objectContaining({ campaignId: earning.id, balance: 210 })]);
    const ledger = await t.request({
      url: `/api/points/people/${accounts.body.items[0].participantId}?pageSize=50`,
      token: admin,
    });
    expect(ledger.body.ledger.total).toBe(21);
  });

  it('a points campaign without points per participation records it and answers the balance', async () => {
    const plain = await createActiveCampaign(t, tenant, { kind: 'points' });
    const res = await participate(t, tenant, plain.name, validAnswers());
    expect(res.status).toBe(201);
    expect(res.body.outcome).toEqual({ kind: 'points', balance: 0 });
  });

  it('refuses points settings that are not whole numbers above zero', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: admin,
      body: {
        name: t.unique('c'),
        title: 'Puntos',
        kind: 'points',
        countryCode: 'CR',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2026-12-31T00:00:00Z',
        settings: { pointsPerParticipation: 0, pointsExpiryDays: -1 },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'settings.pointsPerParticipation', code: 'FIELD_INVALID' }),
        expect.objectContaining({ path: 'settings.pointsExpiryDays', code: 'FIELD_INVALID' }),
      ]),
    );
  });
});
