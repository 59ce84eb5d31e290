import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { memoryInvalidationHub } from './invalidation.ts';

// Two server processes on one database, joined as `npm run cluster` joins them (there through
// Redis or LISTEN/NOTIFY, here in memory): what one changes, the other applies at once instead
// of after its caches' lifetimes (5 s for a token's user and a tenant).
describe('one truth across processes', async () => {
  const hub = memoryInvalidationHub();
  const first = await createTestApp({ bus: hub.bus() });
  const second = await createTestApp({ db: first.db, bus: hub.bus() });
  const tenant = await first.createTenant();

  it('a user demoted through one process is signed out on the other at once', async () => {
    const user = await first.createUser(tenant, 'ADMIN');
    expect((await second.request({ url: '/api/users', token: user.token })).status).toBe(200);
    const demoted = await first.request({
      method: 'PATCH',
      url: `/api/users/${user.userId}`,
      token: tenant.admin.token,
      body: { role: 'ANALYST' },
    });
    expect(demoted.status).toBe(200);
    // a new role ends the user's sessions (issue #35): signed in again, the new role holds
    const refused = await second.request({ url: '/api/users', token: user.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHENTICATED');
    const again = await second.login(user.username, tenant.slug);
    expect((await second.request({ url: '/api/users', token: again.token })).status).toBe(403);
  });

  it('a user deleted through one process is signed out on the other at once', async () => {
    const user = await first.createUser(tenant, 'ADMIN');
    expect((await second.request({ url: '/api/users', token: user.token })).status).toBe(200);
    const deleted = await first.request({
      method: 'DELETE',
      url: `/api/users/${user.userId}`,
      token: tenant.admin.token,
    });
    expect(deleted.status).toBe(204);
    const refused = await second.request({ url: '/api/users', token: user.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('a tenant suspended through one process is refused by the other at once, also its public theme', async () => {
    const other = await first.createTenant();
    expect((await second.request({ url: '/api/users', token: other.admin.token })).status).toBe(200);
    const theme = await second.request({ url: `/api/public/tenants/${other.slug}/theme` });
    expect(theme.status).toBe(200);
    expect(theme.body.status).toBe('active');
    const suspended = await first.request({
      method: 'PATCH',
      url: `/api/tenants/${other.id}`,
      token: first.superadmin.token,
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    const refused = await second.request({ url: '/api/users', token: other.admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('TENANT_SUSPENDED');
    const after = await second.request({ url: `/api/public/tenants/${other.slug}/theme` });
    expect(after.body.status).toBe('suspended');
  });
});
