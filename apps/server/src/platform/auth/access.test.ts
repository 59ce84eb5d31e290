import type { Role } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { ownedResources } from '../../testing/owned-resources.ts';
import { createTestApp, type Session } from '../../testing/test-app.ts';

/**
 * The role table, walked for every /api route the application declares: no token is refused
 * (401), a role not listed is refused (403), a listed role gets through the guard, and another
 * tenant's ids are not found (404) where the owner's same request gets the route's own answer.
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

// Resources of `tenant` that `other` must not reach, and the request of each `:id` route.
const owned = await ownedResources(t, tenant);

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
        // and reach the route's own answer: a guard (or a route) that crashes is not passed
        expect(res.status, `${role}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
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
  it('has an owned request for each such route, and for no other', () => {
    expect(Object.keys(owned).sort()).toEqual(idRoutes.map((r) => `${r.method} ${r.url}`).sort());
  });

  // Each request is sent by the other tenant's admin (not found), then the same request by the
  // owner's admin, which must get the route's own answer: a route that is not found for everyone,
  // or an id or body that is wrong, fails here instead of passing as a 404.
  it.each(idRoutes)(
    '$method $url answers 404 for another tenant’s id, and not for its own',
    async ({ method, url }) => {
      const own = owned[`${method} ${url}`];
      if (!own) throw new Error(`no owned request for ${method} ${url}: add one to owned-resources.ts`);
      const send = (token: string) =>
        t.request({
          method: method as 'GET',
          url: url.replace(':id', own.id),
          token,
          body: own.body,
          ...(own.headers ? { headers: own.headers } : {}),
        });
      const res = await send(other.admin.token);
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(res.text).not.toContain(tenant.slug);
      const owner = await send(sessions.ADMIN.token);
      expect(owner.status, `the owner’s ${method} ${url}: ${owner.text.slice(0, 300)}`).toBe(own.owner);
    },
  );

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
