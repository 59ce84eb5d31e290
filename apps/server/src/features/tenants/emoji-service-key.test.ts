import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

// Spec §9: the configuration holds an emoji service key; its value is not printed to whoever
// does not need it: the platform admins who set it and the tenant's admins (the builder's users).
const t = await createTestApp();
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

describe('the emoji service key', () => {
  it('is stored by the platform admin and shown to the tenant’s admins only', async () => {
    const tenant = await t.createTenant();
    const set = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { emojiServiceKey: KEY } },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.config.emojiServiceKey).toBe(KEY);
    const listed = await t.request({ url: `/api/tenants/${tenant.id}`, token: t.superadmin.token });
    expect(listed.body.config.emojiServiceKey).toBe(KEY);

    const own = await t.request({ url: '/api/tenant', token: tenant.admin.token });
    expect(own.body.config.emojiServiceKey).toBe(KEY);
    for (const role of ['ANALYST', 'OPERATOR'] as const) {
      const user = await t.createUser(tenant, role);
      const res = await t.request({ url: '/api/tenant', token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.config.emojiServiceKey, role).toBeNull();
      expect(res.text).not.toContain(KEY);
    }
  });

  it('is refused when it is not a key, on its field, and can be removed', async () => {
    const tenant = await t.createTenant();
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { emojiServiceKey: 'no <script>' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      expect.objectContaining({ path: 'config.emojiServiceKey', code: 'FIELD_INVALID' }),
    ]);
    await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { emojiServiceKey: KEY } },
    });
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { config: { emojiServiceKey: null } },
    });
    expect(cleared.body.config.emojiServiceKey).toBeNull();
  });

  it('lets the back-office reach the emoji service, and nothing else outside', async () => {
    const tenant = await t.createTenant();
    const res = await t.request({ url: '/api/tenant', token: tenant.admin.token });
    expect(res.headers['content-security-policy']).toMatch(
      /(^|;)connect-src 'self' https:\/\/emoji-api\.com(;|$)/,
    );
  });
});
