import type { Role } from '@promo/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp, type Session } from '../../testing/test-app.ts';

/**
 * The role table, walked for every /api route the application declares: no token is refused
 * (401), a role not listed is refused (403), a listed role gets through the guard, and another
 * tenant's ids are not found (404).
 */
const t = await createTestApp();
const tenant = await t.createTenant();
const other = await t.createTenant();
const sessions: Record<Role, Session> = {
  SUPERADMIN: t.superadmin,
  ADMIN: tenant.admin,
  ANALYST: await t.createUser(tenant, 'ANALYST'),
  OPERATOR: await t.createUser(tenant, 'OPERATOR'),
};
const ROLES = Object.keys(sessions) as Role[];

// Resources of `tenant` that `other` must not reach, and a valid body for each writing route.
const campaign = (
  await t.request({
    method: 'POST',
    url: '/api/campaigns',
    token: tenant.admin.token,
    body: {
      name: 'promo',
      title: 'Promo',
      kind: 'raffle',
      countryCode: 'CR',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
    },
  })
).body;
const group = (
  await t.request({
    method: 'POST',
    url: '/api/campaign-groups',
    token: tenant.admin.token,
    body: { name: 'G', campaignIds: [campaign.id] },
  })
).body;
const rule = (
  await t.request({
    method: 'POST',
    url: '/api/campaign-rulers',
    token: tenant.admin.token,
    body: { campaignId: campaign.id, kind: 'min_age', params: {} },
  })
).body;

const blacklisted = (
  await t.request({
    method: 'POST',
    url: '/api/blacklist',
    token: tenant.admin.token,
    body: { kind: 'email', value: 'x@example.com', reason: 'fraude' },
  })
).body;
const person = (
  await t.request({
    method: 'POST',
    url: '/api/crm/create-user',
    token: tenant.admin.token,
    body: { countryCode: 'CR', cedula: '102340567' },
  })
).body;
const FORM = {
  fields: [
    { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
    { key: 'department', type: 'department', label: 'Provincia', required: true },
  ],
};
const landing = (
  await t.request({
    method: 'POST',
    url: '/api/landing-pages',
    token: tenant.admin.token,
    body: {
      name: 'L',
      campaignId: campaign.id,
      document: { schemaVersion: 1, page: { title: 'L' }, elements: [] },
    },
  })
).body;
const landingGroup = (
  await t.request({
    method: 'POST',
    url: '/api/landing-group',
    token: tenant.admin.token,
    body: { name: 'lg', landingIds: [landing.id] },
  })
).body;
// reward codes: a centre, a group, a queued job, and a standing redemption of the tenant
const codes = await rewardCodeSetup(t, tenant, 1);
const centreGroup = (
  await t.request({
    method: 'POST',
    url: '/api/redemption-centre-groups',
    token: tenant.admin.token,
    body: { name: 'Norte', centreIds: [codes.centre.id] },
  })
).body;
const [generated] = await t.db.ownerQuery<{ code: string }>(
  'select code from reward_codes where tenant_id = $1',
  [tenant.id],
);
const redemption = (await redeem(t, codes.operator, generated?.code as string)).body.redemption;
const [job] = await t.db.ownerQuery<{ id: string }>(
  "insert into jobs (tenant_id, kind, status) values ($1, 'generate-codes', 'succeeded') returning id",
  [tenant.id],
);
const [prize] = await t.db.ownerQuery<{ id: string }>(
  "insert into instant_award_prizes (tenant_id, campaign_id, name, stock) values ($1, $2, 'TV', 1) returning id",
  [tenant.id, campaign.id],
);
const [draw] = await t.db.ownerQuery<{ id: string }>(
  `insert into raffle_draws (tenant_id, campaign_id, options, last_entry_id, entries_count, total_weight, entries_hash,
     seed, seed_commitment, algorithm, winners, alternates, drawn_at)
   values ($1, $2, '{}', 0, 0, 0, repeat('0', 64), repeat('0', 64), repeat('0', 64), 'promo-draw-v1', '[]', '[]', now())
   returning id`,
  [tenant.id, campaign.id],
);

const uploadedImage = await (async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipart({}, png, 'x.png', 'image/png');
  return (
    await t.request({ method: 'POST', url: '/api/images', token: tenant.admin.token, body: payload, headers })
  ).body as { id: string };
})();
const [commitment] = await t.db.ownerQuery<{ id: string }>(
  `insert into raffle_commitments (tenant_id, campaign_id, kind, source, options, last_entry_id, entries_count,
     total_weight, entries_hash, committed_at)
   values ($1, $2, 'public_value', 'Lotería', '{}', 0, 0, 0, repeat('0', 64), now())
   returning id`,
  [tenant.id, campaign.id],
);
// points and marketplace: a points campaign, a product, a batch and a marketplace of the tenant
const pointsCampaign = (
  await t.request({
    method: 'POST',
    url: '/api/campaigns',
    token: tenant.admin.token,
    body: {
      name: 'puntos',
      title: 'Puntos',
      kind: 'points',
      countryCode: 'CR',
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
    },
  })
).body;
const product = (
  await t.request({
    method: 'POST',
    url: '/api/products',
    token: tenant.admin.token,
    body: { name: 'Taza', kind: 'physical', pricePoints: 10, stock: 5 },
  })
).body;
const batch = (
  await t.request({
    method: 'POST',
    url: '/api/redeem-code-batches',
    token: tenant.admin.token,
    body: { campaignId: pointsCampaign.id, count: 1, points: 5 },
  })
).body.batch;
const marketplace = (
  await t.request({
    method: 'POST',
    url: '/api/marketplaces',
    token: tenant.admin.token,
    body: { name: 'Tienda', templateId: 'grid', campaignId: pointsCampaign.id, productIds: [product.id] },
  })
).body;

function crossTenantFixture(method: string, url: string): { id: string; body?: unknown } {
  const write = method === 'PATCH' || method === 'PUT' || method === 'POST';
  if (url.startsWith('/api/redemption-centres'))
    return { id: codes.centre.id, body: write ? { name: 'x' } : undefined };
  if (url.startsWith('/api/redemption-centre-groups'))
    return { id: centreGroup.id, body: write ? { name: 'x', centreIds: [codes.centre.id] } : undefined };
  if (url.startsWith('/api/jobs')) return { id: job?.id as string };
  if (url.startsWith('/api/redemptions')) return { id: redemption.id, body: { reason: 'x' } };
  if (url.startsWith('/api/users')) {
    const body = url.includes('password/')
      ? { newPassword: 'a-long-enough-password' }
      : url.includes('configuration')
        ? { locale: 'es' }
        : { name: 'x' };
    return { id: tenant.admin.userId, body: write && !url.endsWith('password-reset') ? body : undefined };
  }
  if (url.startsWith('/api/blacklist')) return { id: blacklisted.id };
  if (url.startsWith('/api/images')) return { id: uploadedImage.id };
  if (url.startsWith('/api/participants')) return { id: person.id };
  if (url.startsWith('/api/campaign-groups'))
    return { id: group.id, body: write ? { name: 'x', campaignIds: [campaign.id] } : undefined };
  if (url.startsWith('/api/campaign-rulers'))
    return { id: rule.id, body: write ? { params: {} } : undefined };
  if (url.startsWith('/api/campaigns')) {
    const body = url.endsWith('active-status')
      ? { active: false }
      : url.endsWith('/form')
        ? FORM
        : url.endsWith(':id')
          ? { title: 'x' }
          : undefined;
    return { id: campaign.id, body: write ? body : undefined };
  }
  if (url.startsWith('/api/forms/')) return { id: campaign.id, body: write ? FORM : undefined };
  if (url.startsWith('/api/landing-pages'))
    return {
      id: landing.id,
      body: write ? (url.endsWith('rollback') ? { version: 1 } : { name: 'x' }) : undefined,
    };
  if (url.startsWith('/api/landing-group'))
    return { id: landingGroup.id, body: write ? { name: 'x', landingIds: [landing.id] } : undefined };
  if (url.startsWith('/api/instant-awards/'))
    return {
      id: campaign.id,
      body: write
        ? url.endsWith('moments')
          ? { generate: true }
          : { name: 'x', value: 1, stock: 1 }
        : undefined,
    };
  if (url.startsWith('/api/instant-award-prizes/'))
    return { id: prize?.id as string, body: write ? { name: 'x' } : undefined };
  if (url.startsWith('/api/raffle/draws/'))
    return { id: draw?.id as string, body: write ? { position: 1, reason: 'x' } : undefined };
  if (url.startsWith('/api/raffle/commitments/'))
    return { id: commitment?.id as string, body: { value: '12-34-56' } };
  if (url.startsWith('/api/raffle/campaigns/'))
    return { id: campaign.id, body: write ? { kind: 'server_secret' } : undefined };
  if (url.startsWith('/api/raffle/')) return { id: campaign.id };
  if (url.startsWith('/api/points/people/')) return { id: person.id };
  if (url.startsWith('/api/redeem-code-batches/')) return { id: batch.id };
  if (url.startsWith('/api/products/'))
    return { id: product.id, body: write ? (url.endsWith('codes') ? undefined : { name: 'x' }) : undefined };
  if (url.startsWith('/api/marketplaces/'))
    return { id: marketplace.id, body: write ? { name: 'x' } : undefined };
  throw new Error(`no cross-tenant fixture for ${method} ${url}: add one`);
}

const protectedRoutes = t.app.routeAccess.filter((r) => r.access !== 'public');
const fill = (url: string, id: string) =>
  url.replace(':id', id).replace(':code', 'CR').replace(':slug', tenant.slug);
const bodyFor = (method: string) =>
  method === 'POST' || method === 'PATCH' || method === 'PUT' ? {} : undefined;

describe('route access', () => {
  it('covers the routes of the foundation', () => {
    const urls = new Set(t.app.routeAccess.map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      'POST /api/auth/login',
      'POST /api/users/register',
      'GET /api/users/:id',
      'PATCH /api/users/password/:id',
      'POST /api/tenants',
      'DELETE /api/countries/:code',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it.each(protectedRoutes)('$method $url refuses a request without a token', async ({ method, url }) => {
    const res = await t.request({
      method: method as 'GET',
      url: fill(url, sessions.ADMIN.userId),
      body: bodyFor(method),
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it.each(protectedRoutes)('$method $url answers each role as declared', async ({ method, url, access }) => {
    for (const role of ROLES) {
      const session = sessions[role];
      const res = await t.request({
        method: method as 'GET',
        url: fill(url, session.userId),
        token: session.token,
        body: bodyFor(method),
      });
      if ((access as readonly Role[]).includes(role)) {
        expect([401, 403], `${role} should pass the guard`).not.toContain(res.status);
        // the sign-out ended the role's sessions: it signs in again for the routes after it
        if (url === '/api/auth/logout') sessions[role] = await t.login(session.username, session.tenant);
      } else {
        expect(res.status, `${role} should be refused`).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
  });

  const idRoutes = protectedRoutes.filter(
    (r) => r.url.includes(':id') && (r.access as readonly Role[]).includes('ADMIN'),
  );
  it.each(idRoutes)('$method $url answers 404 for another tenant’s id', async ({ method, url }) => {
    const fixture = crossTenantFixture(method, url);
    const res = await t.request({
      method: method as 'GET',
      url: url.replace(':id', fixture.id),
      token: other.admin.token,
      body: fixture.body,
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.text).not.toContain(tenant.slug);
  });

  it('a platform admin does not see tenant users by id', async () => {
    const res = await t.request({
      url: `/api/users/${tenant.admin.userId}`,
      token: sessions.SUPERADMIN.token,
    });
    expect(res.status).toBe(404);
  });

  it('a tenant admin does not see another tenant’s users in lists', async () => {
    const res = await t.request({ url: '/api/users?pageSize=200', token: other.admin.token });
    const ids = res.body.items.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(tenant.admin.userId);
    expect(ids).toContain(other.admin.userId);
  });
});
