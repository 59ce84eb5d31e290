import { randomBytes } from 'node:crypto';
import type { Role } from '@promo/contract';
import { type Session, TEST_PASSWORD, type TestApp, type TestTenant } from './test-app.ts';

type Options = {
  method?: string;
  url: string;
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * The test app's request and factories over real HTTP to a server process at `baseUrl` (which
 * shares TEST_SECRET and TEST_PASSWORD), so that the fixtures written for `createTestApp` set up
 * data on it. Its clock is the system's.
 */
export async function httpTestClient(baseUrl: string) {
  async function request(opts: Options) {
    const response = await fetch(`${baseUrl}${opts.url}`, {
      method: opts.method ?? 'GET',
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    // biome-ignore lint/suspicious/noExplicitAny: test convenience for reading answers
    return { status: response.status, body: json as any, headers, text };
  }

  async function login(username: string, tenant: string | null): Promise<Session> {
    const res = await request({
      method: 'POST',
      url: '/api/auth/login',
      body: { username, password: TEST_PASSWORD, ...(tenant ? { tenant } : {}) },
    });
    if (res.status !== 200) throw new Error(`login ${username}@${tenant} failed: ${res.status} ${res.text}`);
    return { token: res.body.token, userId: res.body.user.id, role: res.body.user.role, tenant, username };
  }

  const superadmin = await login('superadmin', null);
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}${counter++}`;

  async function createTenant(): Promise<TestTenant> {
    const slug = unique('t');
    const res = await request({
      method: 'POST',
      url: '/api/tenants',
      token: superadmin.token,
      body: {
        slug,
        name: `Tenant ${slug}`,
        countryCode: 'CR',
        admin: { username: 'admin', password: TEST_PASSWORD },
      },
    });
    if (res.status !== 201) throw new Error(`tenant failed: ${res.status} ${res.text}`);
    return { id: res.body.id, slug, admin: await login('admin', slug) };
  }

  async function createUser(tenant: TestTenant, role: Role, extra: Record<string, unknown> = {}) {
    const username = unique(role.toLowerCase());
    const res = await request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: { username, password: TEST_PASSWORD, role, ...extra },
    });
    if (res.status !== 201) throw new Error(`user failed: ${res.status} ${res.text}`);
    return login(username, tenant.slug);
  }

  const client = { request, login, superadmin, createTenant, createUser, unique };
  /** The same client typed for the fixtures, which use only request, createUser and unique. */
  return { ...client, asTestApp: client as unknown as TestApp };
}
