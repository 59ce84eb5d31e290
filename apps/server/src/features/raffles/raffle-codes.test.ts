import { describe, expect, it } from 'vitest';
import { createActiveCampaign, validAnswers } from '../../testing/campaign-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp, randomIp, type TestTenant } from '../../testing/test-app.ts';

const t = await createTestApp();

async function raffleWithCodes(tenant: TestTenant, codes: string[], points?: number) {
  const campaign = await createActiveCampaign(t, tenant);
  const res = await t.request({
    method: 'POST',
    url: '/api/raffle-codes',
    token: tenant.admin.token,
    body: { campaignId: campaign.id, codes, ...(points ? { points } : {}) },
  });
  expect(res.status, res.text).toBe(201);
  return campaign;
}

function form(
  tenant: TestTenant,
  campaign: string,
  answers: Record<string, unknown>,
  codes: string[],
  ip = randomIp(),
) {
  return t.request({
    method: 'POST',
    url: '/api/forms/raffle',
    body: { tenant: tenant.slug, campaign, answers, consent: true, codes },
    ip,
  });
}

describe('raffle codes', () => {
  it('generates unguessable codes of the safe alphabet; refuses other kinds of campaign', async () => {
    const tenant = await t.createTenant();
    const campaign = await createActiveCampaign(t, tenant);
    const res = await t.request({
      method: 'POST',
      url: '/api/raffle-codes',
      token: tenant.admin.token,
      body: { campaignId: campaign.id, count: 50, prefix: 'RIFA' },
    });
    expect(res.body).toEqual({ generated: 50, length: 14 });
    const rows = await t.db.ownerQuery<{ code: string }>(
      'select code from raffle_codes where tenant_id = $1',
      [tenant.id],
    );
    expect(rows).toHaveLength(50);
    for (const r of rows) expect(r.code).toMatch(/^RIFA[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{14}$/);
    const other = await createActiveCampaign(t, tenant, { kind: 'instant_award' });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/raffle-codes',
      token: tenant.admin.token,
      body: { campaignId: other.id, count: 1 },
    });
    expect(wrong.body.error.details[0].code).toBe('CAMPAIGN_KIND_MISMATCH');
  });

  it('validates a code before submitting; misses are throttled', async () => {
    const tenant = await t.createTenant();
    const campaign = await raffleWithCodes(tenant, ['GOOD-0001'], 3);
    const ip = randomIp();
    const check = (code: string) =>
      t.request({
        method: 'POST',
        url: '/api/raffle-codes/validate',
        body: { tenant: tenant.slug, campaign: campaign.name, code },
        ip,
      });
    expect((await check('good-0001')).body).toEqual({ valid: true, points: 3 });
    const miss = await check('BAD-0001');
    expect(miss.status).toBe(404);
    expect(miss.body.error.code).toBe('INVALID_PRIZE_CODE');
    for (let i = 0; i < 10; i++) await check(`BAD-${i}0`);
    expect((await check('GOOD-0001')).status).toBe(429);
  });
});

describe('raffle form', () => {
  it('each valid code adds its entries once; invalid codes are refused by name and nothing is kept', async () => {
    const tenant = await t.createTenant();
    const campaign = await raffleWithCodes(tenant, ['AAAA-1', 'BBBB-2', 'CCCC-3'], 2);
    const person = validAnswers();
    const first = await form(tenant, campaign.name, person, ['AAAA-1', 'BBBB-2']);
    expect(first.status, first.text).toBe(201);
    expect(first.body.entries).toBe(4);

    const reused = await form(tenant, campaign.name, person, ['CCCC-3', 'AAAA-1', 'NOPE-9']);
    expect(reused.status).toBe(400);
    expect(reused.body.error.details).toEqual([
      expect.objectContaining({ path: 'codes.1', code: 'INVALID_PRIZE_CODE', params: { code: 'AAAA-1' } }),
      expect.objectContaining({ path: 'codes.2', code: 'INVALID_PRIZE_CODE', params: { code: 'NOPE-9' } }),
    ]);
    // CCCC-3 was not consumed by the refused submission
    const later = await form(tenant, campaign.name, person, ['CCCC-3']);
    expect(later.body.entries).toBe(6);

    const points = await t.request({
      url: `/api/raffle/points-by-identification?cedula=${person.cedula}`,
      token: tenant.admin.token,
    });
    expect(points.body).toMatchObject({ entries: 3, points: 6 });
    // a registration without codes is one entry
    const plain = await form(tenant, campaign.name, validAnswers(), []);
    expect(plain.body.entries).toBe(1);
  });

  it('a code is consumed once when many submit it at the same time', async () => {
    const tenant = await t.createTenant();
    const campaign = await raffleWithCodes(tenant, ['ONLY-0001']);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => form(tenant, campaign.name, validAnswers(), ['ONLY-0001'])),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
  });

  it('answers not found for unknown campaigns, and for campaigns of other kinds', async () => {
    const tenant = await t.createTenant();
    const other = await createActiveCampaign(t, tenant, { kind: 'instant_award' });
    expect((await form(tenant, other.name, validAnswers(), [])).status).toBe(404);
    expect((await form(tenant, 'nope', validAnswers(), [])).status).toBe(404);
  });
});

describe('raffle code upload', () => {
  it('answers every line: taken, badly formed, repeated in the file, already existing', async () => {
    const tenant = await t.createTenant();
    const campaign = await raffleWithCodes(tenant, ['EXIST-01']);
    const csv = 'code,points\nup-0001,2\nUP-0001,1\nx!,1\nEXIST-01,\nUP-0002,0\nUP-0003,\n';
    const { payload, headers } = multipart({ campaignId: campaign.id }, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/raffle-codes?onlyValid=true',
      payload,
      headers: { ...headers, authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = JSON.parse(res.body);
    expect(report).toMatchObject({ total: 6, created: 2 });
    expect(
      report.refused.map((r: { row: number; errors: Array<{ code: string }> }) => [r.row, r.errors[0]?.code]),
    ).toEqual([
      [3, 'DUPLICATE_IN_FILE'],
      [4, 'FIELD_INVALID'],
      [5, 'CODE_EXISTS'],
      [6, 'FIELD_INVALID'],
    ]);
    const check = await t.request({
      method: 'POST',
      url: '/api/raffle-codes/validate',
      body: { tenant: tenant.slug, campaign: campaign.name, code: 'UP-0001' },
    });
    expect(check.body).toEqual({ valid: true, points: 2 });
  });
});
