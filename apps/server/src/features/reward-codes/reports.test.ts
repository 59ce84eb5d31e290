import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createCentre, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

const t = await createTestApp();

describe('reconciliation reports', async () => {
  const tenant = await t.createTenant();
  const { campaign, operator, centre } = await rewardCodeSetup(t, tenant, 4);
  const second = await createCentre(t, tenant, { name: '=HYPERLINK("x")' });
  await t.request({
    method: 'PATCH',
    url: `/api/campaigns/${campaign.id}`,
    token: tenant.admin.token,
    body: { settings: { centreIds: [centre.id, second.id] } },
  });
  const otherOperator = await t.createUser(tenant, 'OPERATOR', { centreId: second.id });
  const codes = (
    await t.db.ownerQuery<{ code: string }>(
      'select code from reward_codes where tenant_id = $1 order by code',
      [tenant.id],
    )
  ).map((r) => r.code);
  await participate(t, tenant, campaign.name, validAnswers());
  await redeem(t, operator, codes[0] as string);
  await redeem(t, operator, codes[1] as string);
  await redeem(t, otherOperator, codes[2] as string);
  await t.request({
    method: 'POST',
    url: '/api/reward-codes/disable',
    token: tenant.admin.token,
    body: { code: codes[3] },
  });

  it('redemptions CSV lists each redemption, with formula injection neutralised', async () => {
    const res = await t.request({
      url: '/api/reconciliation-reports/redemptions?format=csv',
      token: tenant.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="canjes.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Canje,Código,Campaña,Código de centro,Centro,Operador,Canjeado,Reversado,Motivo de la reversión',
    );
    // the instant as people in Costa Rica read it (the test clock is 15:00 UTC)
    expect(lines[1]?.split(',')[6]).toBe('2026-06-01 09:00');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes(codes[0] as string) && l.includes(centre.code))).toBe(true);
    expect(lines.find((l) => l.includes(codes[2] as string))).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('an operator’s report holds only their centre', async () => {
    const res = await t.request({
      url: '/api/reconciliation-reports/redemptions?format=csv',
      token: otherOperator.token,
    });
    const lines = res.text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(codes[2] as string);
    const list = await t.request({ url: '/api/redemptions', token: otherOperator.token });
    expect(list.body.items.map((r: { code: string }) => r.code)).toEqual([codes[2]]);
  });

  it('totals per centre and per day; the totals on their own sheet', async () => {
    const res = await t.request({
      url: '/api/reconciliation-reports/redemption-totals?format=csv',
      token: tenant.admin.token,
    });
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Código de centro,Centro,Día,Canjes',
      `${centre.code},${centre.name},2026-06-01,2`,
      `${second.code},"'=HYPERLINK(""x"")",2026-06-01,1`,
    ]);
    const xlsx = await t.app.inject({
      url: '/api/reconciliation-reports/redemption-totals?format=xlsx',
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const days = workbook.getWorksheet('Canjes por día');
    expect(days?.rowCount).toBe(3);
    // a real date cell with a date format, and a number
    expect(days?.getRow(2).getCell(3).value).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(days?.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(days?.getRow(2).getCell(4).value).toBe(2);
    const totals = workbook.getWorksheet('Totales');
    expect(
      totals
        ?.getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1)),
    ).toEqual([
      ['Código de centro', 'Centro', 'Canjes'],
      [centre.code, centre.name, 2],
      [second.code, '=HYPERLINK("x")', 1],
      ['Total', undefined, 3],
    ]);
  });

  it('codes per campaign by state, as JSON and XLSX', async () => {
    const json = await t.request({
      url: `/api/reconciliation-reports/codes?campaignId=${campaign.id}`,
      token: tenant.admin.token,
    });
    expect(json.body).toEqual([
      {
        campaignId: campaign.id,
        campaignName: campaign.name,
        generated: 4,
        available: 0,
        assigned: 0,
        redeemed: 3,
        revoked: 1,
      },
    ]);
    const xlsx = await t.app.inject({
      url: '/api/reconciliation-reports/redemptions?format=xlsx',
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Canjes');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(1).getCell(7).value).toBe('Canjeado');
    expect(sheet?.getRow(2).getCell(7).value).toEqual(new Date('2026-06-01T09:00:00Z'));
    const codesFile = await t.request({
      url: `/api/reconciliation-reports/codes?campaignId=${campaign.id}&format=csv`,
      token: tenant.admin.token,
    });
    expect(
      codesFile.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['Campaña,Generados,Disponibles,Asignados,Canjeados,Revocados', `${campaign.name},4,0,0,3,1`]);
  });

  it('stream every row past a batch, however close the timestamps (microseconds)', async () => {
    const bulk = await t.createTenant();
    const setup = await rewardCodeSetup(t, bulk, 0);
    await t.db.ownerQuery(
      `insert into reward_codes (tenant_id, code, campaign_id, status) select $1, 'BULK' || g, $2, 'redeemed' from generate_series(1, 6001) g`,
      [bulk.id, setup.campaign.id],
    );
    await t.db.ownerQuery(
      `insert into redemptions (tenant_id, code, campaign_id, centre_id, redeemed_at)
       select $1, 'BULK' || g, $2, $3, '2026-06-01 10:00:00.123456+00' from generate_series(1, 6001) g`,
      [bulk.id, setup.campaign.id, setup.centre.id],
    );
    const res = await t.request({
      url: '/api/reconciliation-reports/redemptions?format=csv',
      token: bulk.admin.token,
    });
    const lines = res.text.trim().split('\r\n');
    expect(lines).toHaveLength(6002);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[1])).size).toBe(6001);
  });

  it('are not given to another tenant', async () => {
    const other = await t.createTenant();
    const res = await t.request({
      url: '/api/reconciliation-reports/redemptions?format=csv',
      token: other.admin.token,
    });
    expect(res.text.trim().split('\r\n')).toHaveLength(1);
  });
});
