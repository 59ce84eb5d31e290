import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD } from '../../testing/test-app.ts';

const t = await createTestApp();

async function outboxLink(tenantId: string): Promise<string> {
  const rows = await t.db.ownerQuery<{ body: string }>(
    'select body from outbox where tenant_id = $1 order by created_at desc limit 1',
    [tenantId],
  );
  const match = /uuid=([0-9a-f-]{36})/.exec(rows[0]?.body ?? '');
  if (!match?.[1]) throw new Error('no reset link in the outbox');
  return match[1];
}

describe('users', () => {
  it('admin registers, lists, reads, updates and deletes a user', async () => {
    const tenant = await t.createTenant();
    const created = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: {
        username: 'ana.lopez',
        password: TEST_PASSWORD,
        role: 'OPERATOR',
        name: 'Ana López',
        email: 'ana@example.com',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'ana.lopez',
      role: 'OPERATOR',
      name: 'Ana López',
      active: true,
    });
    expect(created.body).not.toHaveProperty('passwordHash');
    const id = created.body.id;

    const list = await t.request({ url: '/api/users?q=lopez', token: tenant.admin.token });
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].id).toBe(id);
    const sorted = await t.request({
      url: '/api/users?sort=-username&pageSize=1',
      token: tenant.admin.token,
    });
    expect(sorted.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(sorted.body.items[0].username).toBe('ana.lopez');

    const updated = await t.request({
      method: 'PATCH',
      url: `/api/users/${id}`,
      token: tenant.admin.token,
      body: { role: 'ANALYST', name: 'Ana L.' },
    });
    expect(updated.body).toMatchObject({ role: 'ANALYST', name: 'Ana L.' });
    expect((await t.request({ url: `/api/users/${id}`, token: tenant.admin.token })).body.role).toBe(
      'ANALYST',
    );

    expect(
      (await t.request({ method: 'DELETE', url: `/api/users/${id}`, token: tenant.admin.token })).status,
    ).toBe(204);
    expect((await t.request({ url: `/api/users/${id}`, token: tenant.admin.token })).status).toBe(404);
  });

  it('writes an audit row in the same transaction as each change', async () => {
    const tenant = await t.createTenant();
    const user = await t.createUser(tenant, 'ANALYST');
    const rows = await t.db.ownerQuery<{ action: string; actor_id: string; ip: string }>(
      "select action, actor_id, ip from audit_log where tenant_id = $1 and entity_id = $2 and action = 'user.create'",
      [tenant.id, user.userId],
    );
    expect(rows).toEqual([{ action: 'user.create', actor_id: tenant.admin.userId, ip: '127.0.0.1' }]);
  });

  it('refuses a taken user name (any case) and names every invalid field', async () => {
    const tenant = await t.createTenant();
    const taken = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: { username: 'ADMIN', password: TEST_PASSWORD, role: 'ANALYST' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('USERNAME_TAKEN');

    const invalid = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: { username: 'a b', password: 'short', role: 'KING', email: 'ana @example.com', extra: 1 },
    });
    expect(invalid.status).toBe(400);
    const byPath = Object.fromEntries(
      invalid.body.error.details.map((d: { path: string; code: string }) => [d.path, d.code]),
    );
    expect(byPath).toMatchObject({
      username: 'SPECIAL_CHARACTERS',
      password: 'PASSWORD_TOO_WEAK',
      role: 'FIELD_INVALID',
      email: 'EMAIL_FORMAT',
      extra: 'UNKNOWN_FIELD',
    });
  });

  it('answers messages in English when asked', async () => {
    const tenant = await t.createTenant();
    const res = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      body: { username: 'bob', password: 'short', role: 'ANALYST' },
    });
    expect(res.body.error.details[0].message).toBe('The password must have at least 10 characters.');
  });

  it('keeps roles in their scope: tenant admins cannot make platform admins and vice versa', async () => {
    const tenant = await t.createTenant();
    const up = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: { username: 'boss', password: TEST_PASSWORD, role: 'SUPERADMIN' },
    });
    expect(up.status).toBe(400);
    expect(up.body.error.details[0]).toMatchObject({ path: 'role', code: 'FIELD_INVALID' });
    const down = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: t.superadmin.token,
      body: { username: 'op', password: TEST_PASSWORD, role: 'OPERATOR' },
    });
    expect(down.status).toBe(400);
    const platform = await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: t.superadmin.token,
      body: { username: t.unique('root'), password: TEST_PASSWORD, role: 'SUPERADMIN' },
    });
    expect(platform.status).toBe(201);
  });

  it('lets non-admins read and edit only themselves, and never their own role', async () => {
    const tenant = await t.createTenant();
    const analyst = await t.createUser(tenant, 'ANALYST');
    expect((await t.request({ url: `/api/users/${analyst.userId}`, token: analyst.token })).status).toBe(200);
    expect((await t.request({ url: `/api/users/${tenant.admin.userId}`, token: analyst.token })).status).toBe(
      403,
    );
    const own = await t.request({
      method: 'PATCH',
      url: `/api/users/${analyst.userId}`,
      token: analyst.token,
      body: { name: 'Nuevo Nombre' },
    });
    expect(own.body.name).toBe('Nuevo Nombre');
    const promote = await t.request({
      method: 'PATCH',
      url: `/api/users/${analyst.userId}`,
      token: analyst.token,
      body: { role: 'ADMIN' },
    });
    expect(promote.status).toBe(403);
    const selfDemote = await t.request({
      method: 'PATCH',
      url: `/api/users/${tenant.admin.userId}`,
      token: tenant.admin.token,
      body: { role: 'ANALYST' },
    });
    expect(selfDemote.body.error.code).toBe('CANNOT_CHANGE_SELF');
    const selfDelete = await t.request({
      method: 'DELETE',
      url: `/api/users/${tenant.admin.userId}`,
      token: tenant.admin.token,
    });
    expect(selfDelete.body.error.code).toBe('CANNOT_CHANGE_SELF');
  });

  it('deactivating a user signs them out', async () => {
    const tenant = await t.createTenant();
    const operator = await t.createUser(tenant, 'OPERATOR');
    await t.request({
      method: 'PATCH',
      url: `/api/users/${operator.userId}`,
      token: tenant.admin.token,
      body: { active: false },
    });
    expect((await t.request({ url: '/api/auth/me', token: operator.token })).status).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { tenant: tenant.slug, username: operator.username, password: TEST_PASSWORD },
    });
    expect(login.body.error.code).toBe('LOGIN_FAILED');
  });
});

describe('configuration', () => {
  it('stores a user’s preferences and merges partial changes', async () => {
    const tenant = await t.createTenant();
    const analyst = await t.createUser(tenant, 'ANALYST');
    const initial = await t.request({
      url: `/api/users/configuration/${analyst.userId}`,
      token: analyst.token,
    });
    expect(initial.body).toEqual({ locale: 'es', theme: null, persistentLogin: false, tableSettings: {} });
    await t.request({
      method: 'PATCH',
      url: `/api/users/configuration/${analyst.userId}`,
      token: analyst.token,
      body: { locale: 'en' },
    });
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/users/configuration/${analyst.userId}`,
      token: analyst.token,
      body: { theme: 'dark-purple' },
    });
    expect(changed.body).toMatchObject({ locale: 'en', theme: 'dark-purple' });
    expect(
      (await t.request({ url: `/api/users/configuration/${tenant.admin.userId}`, token: analyst.token }))
        .status,
    ).toBe(403);
  });
});

describe('passwords', () => {
  it('a user changing their own needs the current one', async () => {
    const tenant = await t.createTenant();
    const analyst = await t.createUser(tenant, 'ANALYST');
    const wrong = await t.request({
      method: 'PATCH',
      url: `/api/users/password/${analyst.userId}`,
      token: analyst.token,
      body: { currentPassword: 'not-the-password', newPassword: 'another-password-1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'La contraseña actual es incorrecta.',
    });
    expect(wrong.body.error.details[0].path).toBe('currentPassword');
    const missing = await t.request({
      method: 'PATCH',
      url: `/api/users/password/${analyst.userId}`,
      token: analyst.token,
      body: { newPassword: 'another-password-1' },
    });
    expect(missing.body.error.details[0]).toMatchObject({ path: 'currentPassword', code: 'FIELD_REQUIRED' });
    const other = await t.request({
      method: 'PATCH',
      url: `/api/users/password/${tenant.admin.userId}`,
      token: analyst.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another-password-1' },
    });
    expect(other.status).toBe(403);
  });

  it('an admin sets another user’s password, which signs that user out', async () => {
    const tenant = await t.createTenant();
    const operator = await t.createUser(tenant, 'OPERATOR');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/users/password/${operator.userId}`,
      token: tenant.admin.token,
      body: { newPassword: 'set-by-the-admin-1' },
    });
    expect(res.body).toEqual({ changed: true });
    expect((await t.request({ url: '/api/auth/me', token: operator.token })).status).toBe(401);
    await t.login(operator.username, tenant.slug, 'set-by-the-admin-1');
  });

  it('forgot → outbox link → reset works once, within the hour', async () => {
    const tenant = await t.createTenant();
    const user = await t.createUser(tenant, 'ANALYST', { email: 'analyst@example.com' });
    const forgot = await t.request({
      method: 'POST',
      url: '/api/users/password/forgot',
      body: { tenant: tenant.slug, username: user.username },
    });
    expect(forgot.status).toBe(202);
    const uuid = await outboxLink(tenant.id);
    expect(t.logLines.join('')).toContain(`/${tenant.slug}/reset-password?uuid=${uuid}`);

    const reset = await t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      body: { uuid, newPassword: 'reset-password-123' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request({ url: '/api/auth/me', token: user.token })).status).toBe(401);
    await t.login(user.username, tenant.slug, 'reset-password-123');

    const again = await t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      body: { uuid, newPassword: 'reset-password-456' },
    });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('PASSWORD_RESET_INVALID');
  });

  it('a reset link expires after one hour', async () => {
    const tenant = await t.createTenant();
    const user = await t.createUser(tenant, 'ANALYST');
    const link = await t.request({
      method: 'POST',
      url: `/api/users/${user.userId}/password-reset`,
      token: tenant.admin.token,
    });
    expect(link.status).toBe(201);
    const uuid = new URL(link.body.link).searchParams.get('uuid');
    const start = t.clock.now();
    t.clock.advance(60 * 60_000 + 1);
    const res = await t.request({
      method: 'POST',
      url: '/api/users/password/reset',
      body: { uuid, newPassword: 'too-late-password' },
    });
    t.clock.set(start);
    expect(res.body.error.code).toBe('PASSWORD_RESET_INVALID');
  });

  it('forgot answers the same for unknown users and tenants', async () => {
    const a = await t.request({
      method: 'POST',
      url: '/api/users/password/forgot',
      body: { tenant: 'no-such-tenant', username: 'nobody' },
    });
    const b = await t.request({
      method: 'POST',
      url: '/api/users/password/forgot',
      body: { username: 'nobody' },
    });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body).toEqual(b.body);
  });

  it('a link of another tenant’s user cannot be used in this tenant’s scope (capability is the secret)', async () => {
    const tenant = await t.createTenant();
    const user = await t.createUser(tenant, 'ANALYST');
    const link = await t.request({
      method: 'POST',
      url: `/api/users/${user.userId}/password-reset`,
      token: tenant.admin.token,
    });
    const other = await t.createTenant();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/users/${user.userId}/password-reset`,
          token: other.admin.token,
        })
      ).status,
    ).toBe(404);
    const uuid = new URL(link.body.link).searchParams.get('uuid');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/users/password/reset',
          body: { uuid, newPassword: 'fine-password-1' },
        })
      ).status,
    ).toBe(200);
  });
});
