import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

type Row = { code: string; status: string; holderName: string | null; holderCedula: string | null };

/** A campaign of 6 codes: one assigned to a person, one redeemed at the centre, one revoked. */
async function campaignWithCodes() {
  const tenant = await t.createTenant();
  const setup = await rewardCodeSetup(t, tenant, 6);
  const answers = validAnswers();
  const entry = await participate(t, tenant, setup.campaign.name, answers);
  const assigned = entry.body.outcome.code as string;
  const all = (
    await t.db.ownerQuery<{ code: string }>(
      'select code from reward_codes where tenant_id = $1 and code <> $2 order by code',
      [tenant.id, assigned],
    )
  ).map((r) => r.code);
  const [redeemed, revoked] = all as [string, string];
  await redeem(t, setup.operator, redeemed);
  await t.request({
    method: 'POST',
    url: '/api/reward-codes/disable',
    token: tenant.admin.token,
    body: { code: revoked },
  });
  return { tenant, ...setup, cedula: answers.cedula as string, assigned, redeemed, revoked };
}

const list = (token: string, query: string) => t.request({ url: `/api/reward-codes?${query}`, token });

describe('a campaign’s codes as a list', async () => {
  const c = await campaignWithCodes();

  it('pages in code order with a keyset, every code once, with its state, holder and centre', async () => {
    const first = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&pageSize=4`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(6);
    expect(first.body.items).toHaveLength(4);
    const second = await list(
      c.tenant.admin.token,
      `campaignId=${c.campaign.id}&pageSize=4&after=${first.body.next}`,
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.next).toBeNull();
    const rows: Row[] = [...first.body.items, ...second.body.items];
    expect(rows.map((r) => r.code)).toEqual([...rows.map((r) => r.code)].sort());
    expect(new Set(rows.map((r) => r.code)).size).toBe(6);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get(c.assigned)).toMatchObject({
      status: 'assigned',
      holderName: 'María José Pérez',
      holderCedula: c.cedula,
    });
    expect(byCode.get(c.redeemed)).toMatchObject({ status: 'redeemed', centreCode: c.centre.code });
    expect(byCode.get(c.revoked)?.status).toBe('revoked');
  });

  it('searches by code, identity number or name, and filters by state, centre and date', async () => {
    const byCode = await list(
      c.tenant.admin.token,
      `campaignId=${c.campaign.id}&q=${c.redeemed.slice(0, 8).toLowerCase()}`,
    );
    expect(byCode.body.items.map((r: Row) => r.code)).toEqual([c.redeemed]);
    const byCedula = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&q=${c.cedula}`);
    expect(byCedula.body.items.map((r: Row) => r.code)).toEqual([c.assigned]);
    const byName = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&q=jos%C3%A9`);
    expect(byName.body.items.map((r: Row) => r.code)).toEqual([c.assigned]);
    const available = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&status=available`);
    expect(available.body.total).toBe(3);
    const atCentre = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&centreId=${c.centre.id}`);
    expect(atCentre.body.items.map((r: Row) => r.code)).toEqual([c.redeemed]);
    // the date of each code's state: assigned, redeemed and revoked at the test's clock
    const window = `from=${encodeURIComponent('2026-06-01T14:00:00Z')}&to=${encodeURIComponent('2026-06-01T16:00:00Z')}`;
    const changed = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&${window}`);
    expect(changed.body.items.map((r: Row) => r.code).sort()).toEqual(
      [c.assigned, c.redeemed, c.revoked].sort(),
    );
  });

  it('shows an analyst the holder’s identity masked; an operator may not list', async () => {
    const analyst = await t.createUser(c.tenant, 'ANALYST');
    const res = await list(analyst.token, `campaignId=${c.campaign.id}&q=${c.cedula}`);
    expect(res.status).toBe(200);
    expect(res.body.items[0].holderCedula).toBe(`${'•'.repeat(c.cedula.length - 3)}${c.cedula.slice(-3)}`);
    const desk = await list(c.operator.token, `campaignId=${c.campaign.id}`);
    expect(desk.status).toBe(403);
  });

  it('does not show another tenant’s campaign', async () => {
    const other = await t.createTenant();
    const res = await list(other.admin.token, `campaignId=${c.campaign.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'campaignId', code: 'FIELD_INVALID' });
    const file = await t.request({
      url: `/api/reconciliation-reports/reward-codes?campaignId=${c.campaign.id}`,
      token: other.admin.token,
    });
    expect(file.status).toBe(400);
  });
});

describe('exporting a campaign’s codes', async () => {
  const c = await campaignWithCodes();

  it('writes a CSV in Spanish with local times (the tenant’s zone)', async () => {
    const res = await t.request({
      url: `/api/reconciliation-reports/reward-codes?campaignId=${c.campaign.id}&format=csv`,
      token: c.tenant.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="codigos-${c.campaign.name}.csv"`);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Código,Estado,Titular,Identificación,Creado,Asignado,Canjeado,Revocado,Código de centro,Centro',
    );
    expect(lines).toHaveLength(7);
    const redeemed = lines.find((l) => l.startsWith(c.redeemed))?.split(',');
    // 15:00 UTC is 09:00 in Costa Rica
    expect(redeemed?.[1]).toBe('Canjeado');
    expect(redeemed?.[6]).toBe('2026-06-01 09:00');
    expect(redeemed?.[8]).toBe(c.centre.code);
    expect(lines.find((l) => l.startsWith(c.revoked))?.split(',')[1]).toBe('Revocado');
  });

  it('writes an XLSX with date cells in local time and masks identities for an analyst', async () => {
    const analyst = await t.createUser(c.tenant, 'ANALYST');
    const res = await t.app.inject({
      url: `/api/reconciliation-reports/reward-codes?campaignId=${c.campaign.id}&format=xlsx&status=assigned`,
      headers: { authorization: `Bearer ${analyst.token}` },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Códigos');
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2);
    expect(row?.getCell(1).value).toBe(c.assigned);
    expect(row?.getCell(2).value).toBe('Asignado');
    expect(row?.getCell(4).value).toBe(`${'•'.repeat(c.cedula.length - 3)}${c.cedula.slice(-3)}`);
    const assignedAt = row?.getCell(6);
    expect(assignedAt?.value).toEqual(new Date('2026-06-01T09:00:00Z'));
    expect(assignedAt?.numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('is not for an operator', async () => {
    const res = await t.request({
      url: `/api/reconciliation-reports/reward-codes?campaignId=${c.campaign.id}`,
      token: c.operator.token,
    });
    expect(res.status).toBe(403);
  });
});

describe('revoking codes in bulk', () => {
  it('revokes by filter only the codes that can be revoked', async () => {
    const c = await campaignWithCodes();
    const res = await t.request({
      method: 'POST',
      url: '/api/reward-codes/revoke',
      token: c.tenant.admin.token,
      body: { campaignId: c.campaign.id, filter: {}, reason: 'Lote dañado' },
    });
    expect(res.status).toBe(200);
    // 3 available and 1 assigned; the redeemed and the revoked stay as they were
    expect(res.body).toEqual({ revoked: 4, notRevoked: [], notRevokedCount: 0 });
    const after = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&status=revoked`);
    expect(after.body.total).toBe(5);
    const redeemed = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&status=redeemed`);
    expect(redeemed.body.items.map((r: Row) => r.code)).toEqual([c.redeemed]);
  });

  it('revokes the codes a file lists, as people type them, and names those it could not', async () => {
    const c = await campaignWithCodes();
    const available = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&status=available`);
    const target = available.body.items[0].code as string;
    const typed = `${target.slice(0, 4).toLowerCase()}-${target.slice(4)}`;
    const res = await t.request({
      method: 'POST',
      url: '/api/reward-codes/revoke',
      token: c.tenant.admin.token,
      body: { campaignId: c.campaign.id, codes: [typed, c.redeemed, 'NOPE'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: 1, notRevoked: [c.redeemed, 'NOPE'], notRevokedCount: 2 });
    const none = await t.request({
      method: 'POST',
      url: '/api/reward-codes/revoke',
      token: c.tenant.admin.token,
      body: { campaignId: c.campaign.id, codes: ['NOPE'] },
    });
    expect(none.status).toBe(409);
    expect(none.body.error.details[0]).toMatchObject({
      path: 'codes',
      message: 'No se pudo revocar el código.',
    });
  });

  it('is for admins of the campaign’s tenant only', async () => {
    const c = await campaignWithCodes();
    const analyst = await t.createUser(c.tenant, 'ANALYST');
    const body = { campaignId: c.campaign.id, filter: {} };
    const denied = await t.request({
      method: 'POST',
      url: '/api/reward-codes/revoke',
      token: analyst.token,
      body,
    });
    expect(denied.status).toBe(403);
    const other = await t.createTenant();
    const foreign = await t.request({
      method: 'POST',
      url: '/api/reward-codes/revoke',
      token: other.admin.token,
      body,
    });
    expect(foreign.status).toBe(400);
    const still = await list(c.tenant.admin.token, `campaignId=${c.campaign.id}&status=revoked`);
    expect(still.body.total).toBe(1);
  });
});
