import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { createTestApp, type TestTenant } from '../../testing/test-app.ts';
import { drawRefusal, verifyDraw } from '../../testing/verify-draw.ts';

const t = await createTestApp();

async function raffleWithPeople(tenant: TestTenant, people: number) {
  const campaign = await createActiveCampaign(t, tenant);
  const answers = Array.from({ length: people }, (_, i) =>
    validAnswers({ name: i === 0 ? 'Ana Ganadora' : `Persona ${i}`, department: 'San José' }),
  );
  for (const a of answers) expect((await participate(t, tenant, campaign.name, a)).status).toBe(201);
  return { campaign, answers };
}

describe('seed commitments recorded before the draw', () => {
  it('a server secret: its hash and the frozen list are shown first, the draw reveals the secret', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await raffleWithPeople(tenant, 8);
    const committed = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${campaign.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'server_secret', options: { count: 2, alternates: 1 } },
    });
    expect(committed.status, committed.text).toBe(201);
    expect(committed.body).toMatchObject({ kind: 'server_secret', entriesCount: 8, drawId: null });
    expect(committed.body.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(committed.text).not.toMatch(/"secret"/);

    // while it waits: the one-request draw and a second commitment are refused
    const direct = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=1`,
      token: tenant.admin.token,
    });
    expect(direct.status).toBe(409);
    expect(direct.body.error.code).toBe('RAFFLE_COMMITMENT_PENDING');
    const second = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${campaign.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'server_secret' },
    });
    expect(second.body.error.code).toBe('RAFFLE_COMMITMENT_PENDING');

    // entries after the commitment are not in the frozen list
    await participate(t, tenant, campaign.name, validAnswers());
    const drawn = await t.request({
      method: 'POST',
      url: `/api/raffle/commitments/${committed.body.id}/draw`,
      token: tenant.admin.token,
      body: {},
    });
    expect(drawn.status, drawn.text).toBe(201);
    const c = drawn.body.certificate;
    expect(c.entriesHash).toBe(committed.body.entriesHash);
    expect(c.entriesCount).toBe(8);
    expect(c.seedCommitment).toBe(committed.body.seedCommitment);
    expect(createHash('sha256').update(Buffer.from(c.seed, 'hex')).digest('hex')).toBe(c.seedCommitment);
    expect(c.commitment).toMatchObject({ id: committed.body.id, kind: 'server_secret', value: null });
    expect(drawn.body.winners).toHaveLength(2);
    expect(drawn.body.alternates).toHaveLength(1);
    const entries = await t.request({
      url: `/api/raffle/draws/${drawn.body.drawId}/entries`,
      token: tenant.admin.token,
    });
    expect(verifyDraw(c, entries.text)).toContain('OK');

    const again = await t.request({
      method: 'POST',
      url: `/api/raffle/commitments/${committed.body.id}/draw`,
      token: tenant.admin.token,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('RAFFLE_COMMITMENT_USED');
    const list = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/commitments`,
      token: tenant.admin.token,
    });
    expect(list.body.items[0]).toMatchObject({ id: committed.body.id, drawId: drawn.body.drawId });
    // drawn: the one-request flow works again
    const direct2 = await t.request({
      url: `/api/raffle/select-winner/${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(direct2.status).toBe(200);
    const draws = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/draws`,
      token: tenant.admin.token,
    });
    expect(draws.body.items).toHaveLength(2);
    expect(draws.body.items.find((d: { drawId: string }) => d.drawId === drawn.body.drawId)).toMatchObject({
      committed: true,
      winners: 2,
      alternates: 1,
      replacedBy: null,
    });
  });

  it('a public future value: named first, entered at the draw; the seed is its SHA-256', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await raffleWithPeople(tenant, 5);
    const missing = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${campaign.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'public_value' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('source');
    const source = 'Lotería Nacional, sorteo ordinario 4821: número y serie ganadores';
    const committed = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${campaign.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'public_value', source, options: { count: 1, alternates: 1, onePerIdentity: true } },
    });
    expect(committed.status, committed.text).toBe(201);
    expect(committed.body).toMatchObject({ source, seedCommitment: null });
    const noValue = await t.request({
      method: 'POST',
      url: `/api/raffle/commitments/${committed.body.id}/draw`,
      token: tenant.admin.token,
      body: {},
    });
    expect(noValue.status).toBe(400);
    expect(noValue.body.error.details[0].path).toBe('value');
    const drawn = await t.request({
      method: 'POST',
      url: `/api/raffle/commitments/${committed.body.id}/draw`,
      token: tenant.admin.token,
      body: { value: '47 serie 118' },
    });
    expect(drawn.status, drawn.text).toBe(201);
    const c = drawn.body.certificate;
    expect(c.seed).toBe(createHash('sha256').update('47 serie 118', 'utf8').digest('hex'));
    expect(c.commitment).toMatchObject({ kind: 'public_value', source, value: '47 serie 118' });
    const entries = await t.request({
      url: `/api/raffle/draws/${drawn.body.drawId}/entries`,
      token: tenant.admin.token,
    });
    expect(verifyDraw(c, entries.text)).toContain('public value');
    // another value than the one published does not verify
    expect(
      drawRefusal({ ...c, commitment: { ...c.commitment, value: '48 serie 118' } }, entries.text),
    ).toContain('FAIL the seed is not SHA-256 of the committed public value');
    const page = await t.request({
      url: `/api/raffle/draws/${drawn.body.drawId}/certificate`,
      token: tenant.admin.token,
    });
    expect(page.text).toContain('47 serie 118');
  });

  it('refuses empty lists, other kinds, analysts and another tenant', async () => {
    const tenant = await t.createTenant();
    const empty = await createActiveCampaign(t, tenant);
    const none = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${empty.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'server_secret' },
    });
    expect(none.body.error.code).toBe('RAFFLE_WITHOUT_ENTRIES');
    const other = await createActiveCampaign(t, tenant, { kind: 'instant_award' });
    const kind = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${other.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'server_secret' },
    });
    expect(kind.status).toBe(400);
    const analyst = await t.createUser(tenant, 'ANALYST');
    const refused = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${empty.id}/commitments`,
      token: analyst.token,
      body: { kind: 'server_secret' },
    });
    expect(refused.status).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: `/api/raffle/campaigns/${empty.id}/commitments`,
      token: tenant.admin.token,
      body: { kind: 'server_secret', options: { count: 0 } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('winner notification', () => {
  it('comes with each winner in Spanish (English on request) and in the winners export', async () => {
    const tenant = await t.createTenant();
    const { campaign } = await raffleWithPeople(tenant, 1);
    const drawn = await t.request({
      url: `/api/raffle/select-winners/${campaign.id}?count=1`,
      token: tenant.admin.token,
    });
    const [winner] = drawn.body.winners;
    expect(winner.notification).toContain('¡Felicidades, Ana Ganadora!');
    expect(winner.notification).toContain(drawn.body.drawId.slice(0, 8).toUpperCase());
    // the day of the draw in words, in the tenant's time zone (Costa Rica), never an ISO date
    const day = new Intl.DateTimeFormat('es-CR', {
      dateStyle: 'long',
      timeZone: 'America/Costa_Rica',
    }).format(new Date(drawn.body.certificate.drawnAt));
    expect(winner.notification).toContain(`realizado el ${day}.`);
    expect(winner.notification).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const english = await t.request({
      url: `/api/raffle/draws/${drawn.body.drawId}`,
      token: tenant.admin.token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.winners[0].notification).toContain('Congratulations, Ana Ganadora!');
    const csv = await t.request({ url: `/api/raffle/winners/${campaign.id}`, token: tenant.admin.token });
    const header = csv.text.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe(
      'Sorteo,Fecha del sorteo,Posición,Rol,Participación,Identificación,Nombre,Notificación',
    );
    expect(csv.text).toContain(',1,Ganador,');
    expect(csv.text).toContain('¡Felicidades, Ana Ganadora!');
  });
});

describe('entries list and export', () => {
  it('pages, searches by identity or name, masks for analysts, exports CSV and XLSX', async () => {
    const tenant = await t.createTenant();
    const { campaign, answers } = await raffleWithPeople(tenant, 5);
    const page = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/entries?pageSize=2&page=2`,
      token: tenant.admin.token,
    });
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.body.items).toHaveLength(2);
    const byName = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/entries?q=ganadora`,
      token: tenant.admin.token,
    });
    expect(byName.body.total).toBe(1);
    expect(byName.body.items[0]).toMatchObject({
      name: 'Ana Ganadora',
      cedula: answers[0]?.cedula,
      points: 1,
    });
    const byCedula = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/entries?q=${answers[2]?.cedula}`,
      token: tenant.admin.token,
    });
    expect(byCedula.body.items.map((e: { cedula: string }) => e.cedula)).toEqual([answers[2]?.cedula]);
    const analyst = await t.createUser(tenant, 'ANALYST');
    const masked = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/entries?q=ganadora`,
      token: analyst.token,
    });
    expect(masked.body.items[0].cedula).toMatch(/^•+\d{3}$/);

    const csv = await t.request({
      url: `/api/raffle/campaigns/${campaign.id}/entries/export?q=ganadora`,
      token: tenant.admin.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain('participaciones.csv');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Participación,Fecha,Identificación,Nombre,Provincia,Puntos,Código');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ana Ganadora');
    // local time of Costa Rica, not an ISO instant
    expect(lines[1]?.split(',')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const xlsx = await t.app.inject({
      url: `/api/raffle/campaigns/${campaign.id}/entries/export?format=xlsx`,
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(6);
    expect(book.worksheets[0]?.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(typeof book.worksheets[0]?.getRow(2).getCell(6).value).toBe('number');

    const other = await createActiveCampaign(t, tenant, { kind: 'instant_award' });
    const wrong = await t.request({
      url: `/api/raffle/campaigns/${other.id}/entries`,
      token: tenant.admin.token,
    });
    expect(wrong.status).toBe(400);
  });
});
