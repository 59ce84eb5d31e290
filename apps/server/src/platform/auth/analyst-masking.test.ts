import type { Role } from '@promo/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  createActiveCampaign,
  createCentre,
  participate,
  validAnswers,
} from '../../testing/campaign-fixtures.ts';
import { redeem } from '../../testing/code-fixtures.ts';
import { marketSetup, signIn } from '../../testing/market-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';

/**
 * An analyst never sees a whole identity number, e-mail or phone. One person with known values
 * takes part everywhere (raffle with a draw, reward code redeemed, instant award won, points
 * spent in a marketplace, CRM, blacklist); then every GET route the analyst may call, as the
 * application declares them, is called with real ids and every query variant that changes the
 * answer (CSV, XLSX, search by the identity number), and no answer may contain those values.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const admin = tenant.admin.token;
const analyst = await t.createUser(tenant, 'ANALYST');

const KNOWN = {
  cedula: '456789123',
  email: 'zulema.quesada.known@example.com',
  phone: '87654321',
};
const EMAIL_LOCAL = KNOWN.email.split('@')[0] as string;
const answers = () =>
  validAnswers({ cedula: KNOWN.cedula, email: KNOWN.email, phone: KNOWN.phone, name: 'Zulema Quesada' });

// raffle: an entry of the person, a recorded draw that picks them
const raffle = await createActiveCampaign(t, tenant, { kind: 'raffle' });
expect((await participate(t, tenant, raffle.name, answers())).status).toBe(201);
const drawn = await t.request({
  url: `/api/raffle/select-winners/${raffle.id}?count=1&alternates=0`,
  token: admin,
});
expect(drawn.status, drawn.text).toBe(200);
const drawId = drawn.body.drawId as string;

// reward code: the person's code, redeemed at a centre
const centre = await createCentre(t, tenant);
const rewardCampaign = await createActiveCampaign(t, tenant, {
  kind: 'reward_code',
  settings: { centreIds: [centre.id] },
});
const generated = await t.request({
  method: 'POST',
  url: '/api/reward-codes',
  token: admin,
  body: { campaignId: rewardCampaign.id, count: 2 },
});
expect(generated.status, generated.text).toBe(201);
const rewarded = await participate(t, tenant, rewardCampaign.name, answers());
expect(rewarded.status, rewarded.text).toBe(201);
const rewardCode = rewarded.body.outcome.code as string;
const operator = await t.createUser(tenant, 'OPERATOR', { centreId: centre.id });
expect((await redeem(t, operator, rewardCode)).status).toBe(200);

// instant award: a prize won (its moment passed before the person takes part)
const start = t.clock.now();
const instant = await createActiveCampaign(t, tenant, {
  kind: 'instant_award',
  startsAt: new Date(start.getTime() + 3600_000).toISOString(),
  endsAt: new Date(start.getTime() + 3 * 3600_000).toISOString(),
});
expect(
  (
    await t.request({
      method: 'POST',
      url: `/api/instant-awards/${instant.id}/prizes`,
      token: admin,
      body: { name: 'Televisor', value: 300000, stock: 1 },
    })
  ).status,
).toBe(201);
const moments = await t.request({
  method: 'PUT',
  url: `/api/instant-awards/${instant.id}/moments`,
  token: admin,
  body: { generate: true },
});
expect(moments.status, moments.text).toBe(200);
// the last millisecond of the campaign: every generated moment (before its end) has passed
t.clock.set(new Date(start.getTime() + 3 * 3600_000 - 1));
const won = await participate(t, tenant, instant.name, answers());
t.clock.set(start);
expect(won.status, won.text).toBe(201);
expect(won.body.outcome).toMatchObject({ kind: 'instant_award', won: true });

// points and marketplace: the person takes part, signs in, is credited and buys
const market = await marketSetup(t, tenant, { physicalStock: 2, digitalCodes: 2, price: 30 });
expect((await participate(t, tenant, market.campaign.name, answers())).status).toBe(201);
const batch = await t.request({
  method: 'POST',
  url: '/api/redeem-code-batches',
  token: admin,
  body: { campaignId: market.campaign.id, count: 1, points: 70 },
});
expect(batch.status, batch.text).toBe(201);
const [pointsCode] = await t.db.ownerQuery<{ code: string }>(
  'select code from redeem_codes where batch_id = $1',
  [batch.body.batch.id],
);
const session = await signIn(t, tenant, market.campaign.name, KNOWN.cedula);
const credited = await t.request({
  method: 'POST',
  url: `/api/public/${tenant.slug}/marketplace-code/${market.campaign.name}/${market.marketplace.id}`,
  token: session.token,
  body: { code: pointsCode?.code },
});
expect(credited.status, credited.text).toBe(200);
const bought = await t.request({
  method: 'POST',
  url: '/api/users/reward-codes/product',
  token: session.token,
  body: { marketplaceId: market.marketplace.id, productId: market.digital.id },
});
expect(bought.status, bought.text).toBe(201);
const personId = session.person.id;

// blacklist: entries naming the person's e-mail, phone and identity number
for (const [kind, value] of [
  ['email', KNOWN.email],
  ['phone', KNOWN.phone],
  ['cedula', KNOWN.cedula],
] as const) {
  const res = await t.request({
    method: 'POST',
    url: '/api/blacklist',
    token: admin,
    body: { kind, value, reason: 'fraude' },
  });
  expect(res.status, res.text).toBe(201);
}

// groups and landings, so that every id route answers
const campaignGroup = await t.request({
  method: 'POST',
  url: '/api/campaign-groups',
  token: admin,
  body: { name: 'G', campaignIds: [raffle.id, rewardCampaign.id] },
});
const landing = await t.request({
  method: 'POST',
  url: '/api/landing-pages',
  token: admin,
  body: {
    name: 'L',
    campaignId: raffle.id,
    document: { schemaVersion: 1, page: { title: 'L' }, elements: [] },
  },
});
const landingGroup = await t.request({
  method: 'POST',
  url: '/api/landing-group',
  token: admin,
  body: { name: 'lg', landingIds: [landing.body.id] },
});
const centreGroup = await t.request({
  method: 'POST',
  url: '/api/redemption-centre-groups',
  token: admin,
  body: { name: 'Norte', centreIds: [centre.id] },
});

const campaignIds = [raffle.id, rewardCampaign.id, instant.id, market.campaign.id];
/** Every value each path parameter takes: the seeded ids of the resource the route names. */
function idsFor(url: string): string[] {
  if (url.startsWith('/api/campaign-groups/')) return [campaignGroup.body.id];
  if (url.startsWith('/api/campaigns/')) return campaignIds;
  // a form definition is its campaign's form: same id
  if (url.startsWith('/api/forms/')) return campaignIds;
  if (url.startsWith('/api/instant-awards/')) return [instant.id];
  if (url.startsWith('/api/landing-group/')) return [landingGroup.body.id];
  if (url.startsWith('/api/landing-pages/')) return [landing.body.id];
  if (url.startsWith('/api/marketplaces/')) return [market.marketplace.id];
  if (url.startsWith('/api/points/people/')) return [personId];
  if (url.startsWith('/api/products/')) return [market.physical.id, market.digital.id];
  if (url.startsWith('/api/raffle/draws/')) return [drawId];
  if (url.startsWith('/api/raffle/')) return [raffle.id];
  if (url.startsWith('/api/redeem-code-batches/')) return [batch.body.batch.id];
  if (url.startsWith('/api/redemption-centre-groups/')) return [centreGroup.body.id];
  if (url.startsWith('/api/redemption-centres/')) return [centre.id];
  if (url.startsWith('/api/users/')) return [analyst.userId];
  if (url.startsWith('/api/countries/')) return ['CR'];
  if (url.startsWith('/api/reward-codes/')) return [rewardCode];
  throw new Error(`no seeded id for ${url}: add one`);
}

const QUERIES = [
  '',
  '?pageSize=100',
  '?format=csv',
  '?format=xlsx',
  '?format=json',
  `?cedula=${KNOWN.cedula}`,
  `?q=${KNOWN.cedula}`,
  `?q=${EMAIL_LOCAL}`,
  // a campaign's codes (the list and its export) name their campaign
  `?campaignId=${rewardCampaign.id}&q=${KNOWN.cedula}`,
  `?campaignId=${rewardCampaign.id}&format=xlsx`,
];

async function textOf(response: { headers: Record<string, unknown>; rawPayload: Buffer }): Promise<string> {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) return response.rawPayload.toString('utf8');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? cell.value)))),
  );
  return cells.join('\n');
}

/** The known values found in a text, as is or with separators removed. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  const compact = lower.replace(/[\s\-.()+/]/g, '');
  const found: string[] = [];
  for (const value of [KNOWN.cedula, KNOWN.phone]) if (compact.includes(value)) found.push(value);
  if (lower.includes(KNOWN.email)) found.push(KNOWN.email);
  if (lower.includes(EMAIL_LOCAL)) found.push(EMAIL_LOCAL);
  return found;
}

/** Every GET route the analyst may call, as the application declares them. */
const analystRoutes = t.app.routeAccess.filter(
  (r) => r.method === 'GET' && r.access !== 'public' && (r.access as readonly Role[]).includes('ANALYST'),
);

async function sweep(token: string) {
  const routes = analystRoutes;
  const calls: Array<{ url: string; status: number; leaks: string[]; masked: boolean }> = [];
  for (const route of routes) {
    const urls = route.url.includes(':')
      ? idsFor(route.url).map((id) => route.url.replace(/:\w+/, id))
      : [route.url];
    for (const url of urls) {
      for (const query of QUERIES) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${url}${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await textOf(response);
        calls.push({
          url: `${url}${query}`,
          status: response.statusCode,
          leaks: leaks(text),
          masked: text.includes(`•••${KNOWN.cedula.slice(-3)}`),
        });
      }
    }
  }
  return { routes, calls };
}

describe('analyst masking', () => {
  it('every GET route an analyst may call answers without a whole identity number, e-mail or phone', async () => {
    const { routes, calls } = await sweep(analyst.token);
    expect(routes.length).toBeGreaterThan(50);
    // the sweep reached every route: each answered 200 for at least one variant
    const answered = new Set(
      calls.filter((c) => c.status === 200).map((c) => c.url.split('?')[0]?.replace(/[0-9a-f-]{36}/g, ':id')),
    );
    for (const route of routes) {
      const hit = [...answered].some((u) =>
        new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`).test(u?.replace(/:id/g, 'x') ?? ''),
      );
      expect(hit, `${route.url} never answered 200`).toBe(true);
    }
    expect(calls.filter((c) => c.status >= 500)).toEqual([]);
    expect(calls.filter((c) => c.leaks.length > 0).map((c) => `${c.url} → ${c.leaks.join(', ')}`)).toEqual(
      [],
    );
    // the person is there, masked: the answers are not merely empty
    const maskedIn = (path: string) => calls.some((c) => c.url.startsWith(path) && c.masked);
    for (const path of [
      `/api/raffle/draws/${drawId}`,
      `/api/raffle/winners/${raffle.id}`,
      `/api/raffle/campaigns/${raffle.id}/entries`,
      `/api/instant-awards/${instant.id}/awards`,
      `/api/reward-codes/${rewardCode}`,
      `/api/reward-codes?campaignId=${rewardCampaign.id}`,
      `/api/reconciliation-reports/reward-codes?campaignId=${rewardCampaign.id}`,
      '/api/participants',
      '/api/blacklist',
      '/api/crm/user-info',
      '/api/orders',
    ]) {
      expect(maskedIn(path), `${path} shows the person masked`).toBe(true);
    }
  });

  it('the tenant admin still sees them whole where the data is theirs to handle (the sweep can fail)', async () => {
    const { calls } = await sweep(admin);
    const leaked = (path: string) => calls.filter((c) => c.url.startsWith(path) && c.leaks.length > 0);
    expect(leaked(`/api/raffle/draws/${drawId}`).length).toBeGreaterThan(0);
    expect(leaked(`/api/raffle/winners/${raffle.id}`).length).toBeGreaterThan(0);
    expect(leaked('/api/participants').length).toBeGreaterThan(0);
    expect(leaked('/api/blacklist').length).toBeGreaterThan(0);
  });
});
