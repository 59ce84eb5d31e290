import { describe, expect, it } from 'vitest';
import { createActiveCampaign, participate, validAnswers } from '../../testing/campaign-fixtures.ts';
import { redeem, rewardCodeSetup } from '../../testing/code-fixtures.ts';
import { bulkCustomers, marketSetup } from '../../testing/market-fixtures.ts';
import { createTestApp, TEST_PASSWORD } from '../../testing/test-app.ts';

const t = await createTestApp();
const su = () => t.superadmin.token;

describe('tenants', () => {
  it('platform admin creates a tenant with its first admin, who can sign in', async () => {
    const slug = t.unique('brand');
    const res = await t.request({
      method: 'POST',
      url: '/api/tenants',
      token: su(),
      body: {
        slug,
        name: 'Marca Uno',
        countryCode: 'GT',
        admin: { username: 'jefa', password: TEST_PASSWORD },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug,
      name: 'Marca Uno',
      status: 'active',
      countryCode: 'GT',
      theme: { preset: 'light', colors: {}, logoUrl: null },
    });
    const admin = await t.login('jefa', slug);
    expect(admin.role).toBe('ADMIN');
  });

  it('refuses bad, reserved and taken slugs and unknown countries, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ slug: 'Mi Marca', name: 'x', countryCode: 'CR' }, 'slug', 'SLUG_FORMAT'],
      [{ slug: 'login', name: 'x', countryCode: 'CR' }, 'slug', 'SLUG_RESERVED'],
      [{ slug: t.unique('ok'), name: '', countryCode: 'CR' }, 'name', 'FIELD_REQUIRED'],
      [{ slug: t.unique('ok'), name: 'x', countryCode: 'ZZ' }, 'countryCode', 'FIELD_INVALID'],
      [
        {
          slug: t.unique('ok'),
          name: 'x',
          countryCode: 'CR',
          theme: { preset: 'light', colors: { primary: '#12' } },
        },
        'theme.colors.primary',
        'COLOR_FORMAT',
      ],
    ];
    for (const [body, path, code] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/tenants', token: su(), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, code })]),
      );
    }
    const existing = await t.createTenant();
    const taken = await t.request({
      method: 'POST',
      url: '/api/tenants',
      token: su(),
      body: { slug: existing.slug, name: 'x', countryCode: 'CR' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('TENANT_SLUG_TAKEN');
  });

  it('lists, searches, updates the theme and reads the public theme', async () => {
    const tenant = await t.createTenant({ name: 'Cervecería Búho' });
    const list = await t.request({ url: `/api/tenants?q=${encodeURIComponent('búho')}`, token: su() });
    expect(list.body.items.map((x: { slug: string }) => x.slug)).toEqual([tenant.slug]);
    expect((await t.request({ url: '/api/tenants?pageSize=500', token: su() })).status).toBe(400);
    const all = await t.request({ url: '/api/tenants?pageSize=200', token: su() });
    expect(all.body.items.some((x: { slug: string }) => x.slug === 'platform')).toBe(false);

    const patched = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: su(),
      body: {
        theme: {
          preset: 'dark-purple',
          colors: { primary: 'ff0066' },
          logoUrl: 'https://cdn.example.com/logo.png',
        },
      },
    });
    expect(patched.status).toBe(200);
    const theme = await t.request({ url: `/api/public/tenants/${tenant.slug}/theme` });
    expect(theme.status).toBe(200);
    expect(theme.body).toMatchObject({
      slug: tenant.slug,
      status: 'active',
      theme: { preset: 'dark-purple' },
    });
    expect(theme.body.colors).toMatchObject({ primary: '#ff0066', background: '#1a1030' });
    expect((await t.request({ url: '/api/public/tenants/platform/theme' })).status).toBe(400);
    expect((await t.request({ url: '/api/public/tenants/nobody-here/theme' })).status).toBe(404);
  });

  it('the tenant reads its own tenant', async () => {
    const tenant = await t.createTenant();
    const own = await t.request({ url: '/api/tenant', token: tenant.admin.token });
    expect(own.body).toMatchObject({ id: tenant.id, slug: tenant.slug });
  });

  it('suspends, reactivates and deletes only a suspended tenant with its data, keeping its audit trail', async () => {
    const tenant = await t.createTenant();
    // data that reaches the tenant through its campaign only: codes (one redeemed) and a redemption
    const { campaign, operator } = await rewardCodeSetup(t, tenant, 2);
    const [first] = await t.db.ownerQuery<{ code: string }>(
      'select code from reward_codes where tenant_id = $1 and campaign_id = $2 limit 1',
      [tenant.id, campaign.id],
    );
    expect((await redeem(t, operator, first?.code ?? '')).status).toBe(200);
    // and the rows a participation or a product redemption writes: a raffle participation and its
    // entry, a points account with its ledger, an order
    const raffle = await createActiveCampaign(t, tenant);
    expect((await participate(t, tenant, raffle.name, validAnswers())).status).toBe(201);
    const market = await marketSetup(t, tenant, { digitalCodes: 0, price: 5 });
    const [buyer] = await bulkCustomers(t, tenant, market.campaign.id, 1, 20);
    const order = await t.request({
      method: 'POST',
      url: '/api/marketplaces/redeem-product',
      token: buyer?.token,
      body: { marketplaceId: market.marketplace.id, productId: market.physical.id, centreId: market.shop.id },
    });
    expect(order.status, order.text).toBe(201);
    const early = await t.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}`, token: su() });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('TENANT_NOT_SUSPENDED');

    await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: su(),
      body: { status: 'suspended' },
    });
    expect((await t.request({ url: `/api/public/tenants/${tenant.slug}/theme` })).body.status).toBe(
      'suspended',
    );
    await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: su(),
      body: { status: 'active' },
    });
    expect((await t.request({ url: '/api/auth/me', token: tenant.admin.token })).status).toBe(200);

    await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: su(),
      body: { status: 'suspended' },
    });
    const auditTrail = () =>
      t.db.ownerQuery('select * from audit_log where tenant_id = $1 order by id', [tenant.id]);
    const trail = await auditTrail();
    expect(trail.length).toBeGreaterThan(5);
    const deleted = await t.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}`, token: su() });
    expect(deleted.status, deleted.text).toBe(204);
    // the audit trail outlives the tenant (migration 0045)
    expect(await auditTrail()).toEqual(trail);
    expect((await t.request({ url: `/api/tenants/${tenant.id}`, token: su() })).status).toBe(404);
    const tables = [
      'users',
      'campaigns',
      'reward_codes',
      'redemptions',
      'participants',
      'participations',
      'raffle_entries',
      'points_accounts',
      'points_ledger',
      'orders',
      'products',
    ];
    for (const table of tables) {
      const left = await t.db.ownerQuery(`select 1 from ${table} where tenant_id = $1`, [tenant.id]);
      expect(left, table).toEqual([]);
    }
  });
});
