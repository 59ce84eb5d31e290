import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requestFrom, signInFrom } from '../../testing/from-address.ts';
import { createTestApp, TEST_PASSWORD, type TestTenant } from '../../testing/test-app.ts';

// As deployed behind one HAProxy on this machine: TRUST_PROXY=127.0.0.1. Other clients connect
// from other loopback addresses.
const t = await createTestApp({ trustProxy: ['127.0.0.1'] });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const PROXY = '127.0.0.1';

const signIn = (from: string, tenant: TestTenant, forwardedFor: string, password?: string) =>
  signInFrom(origin, from, tenant, forwardedFor, password);

/** The address the audit log recorded for the tenant's latest sign-in. */
async function lastSignInAddress(tenant: TestTenant): Promise<string | undefined> {
  const [row] = await t.db.ownerQuery<{ ip: string }>(
    `select ip from audit_log where tenant_id = $1 and action = 'auth.login' order by id desc limit 1`,
    [tenant.id],
  );
  return row?.ip;
}

/** The address the request log gave the request of this id. */
function loggedAddress(requestId: string): string | undefined {
  const line = t.logLines
    .map((text) => JSON.parse(text))
    .find((entry) => entry.reqId === requestId && entry.msg === 'incoming request');
  return line?.req?.remoteAddress;
}

describe('client addresses with TRUST_PROXY=127.0.0.1', () => {
  it('a client that is not the proxy keeps its own address, whatever X-Forwarded-For it sends', async () => {
    const tenant = await t.createTenant();
    const res = await requestFrom('127.0.0.5', `${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'spoofed-direct' },
      body: { username: 'admin', password: TEST_PASSWORD, tenant: tenant.slug },
    });
    expect(res.status, res.text).toBe(200);
    expect(await lastSignInAddress(tenant)).toBe('127.0.0.5');
    expect(loggedAddress('spoofed-direct')).toBe('127.0.0.5');
  });

  it('through the proxy, the client is the last hop the proxy wrote, not what the client wrote before it', async () => {
    const tenant = await t.createTenant();
    // the client sent "203.0.113.7"; the proxy appended the address it saw the client at
    const res = await signIn(PROXY, tenant, '203.0.113.7, 198.51.100.4');
    expect(res.status, res.text).toBe(200);
    expect(await lastSignInAddress(tenant)).toBe('198.51.100.4');
    const single = await signIn(PROXY, tenant, '198.51.100.9');
    expect(single.status).toBe(200);
    expect(await lastSignInAddress(tenant)).toBe('198.51.100.9');
  });

  it('locks an address out of an account after five failures, whatever header each try sends', async () => {
    const tenant = await t.createTenant();
    for (let i = 1; i <= 5; i++) {
      const wrong = await signIn('127.0.0.6', tenant, `198.51.100.${i}`, 'wrong-password-1');
      expect(wrong.body.error.code).toBe('LOGIN_FAILED');
    }
    const locked = await signIn('127.0.0.6', tenant, '198.51.100.99');
    expect([locked.status, locked.body.error?.code]).toEqual([429, 'LOGIN_LOCKED']);
    // another client, named by the proxy, is not locked out
    const other = await signIn(PROXY, tenant, '198.51.100.1');
    expect(other.status).toBe(200);
  });
});
