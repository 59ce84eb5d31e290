import { randomInt } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import { TEST_PASSWORD, type TestTenant } from './test-app.ts';

export type AddressedAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test convenience for reading answers
  body: any;
};

/**
 * An HTTP request over a connection of its own from `localAddress`, a loopback address (all of
 * 127.0.0.0/8 is this machine's): to the server it comes from another client, whatever headers it
 * sends. A JSON body when `body` is given.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<AddressedAnswer> {
  const payload = options.body === undefined ? null : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
      },
    );
    sent.on('error', reject);
    sent.end(payload ?? undefined);
  });
}

/** A loopback address for one more client: 127.x.y.z, never 127.0.0.1 (where proxies are). */
export function clientLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Signs the tenant's admin in at `origin` from the client address `from`, sending a forged X-Forwarded-For. */
export function signInFrom(
  origin: string,
  from: string,
  tenant: TestTenant,
  forwardedFor: string,
  password = TEST_PASSWORD,
): Promise<AddressedAnswer> {
  return requestFrom(from, `${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'x-forwarded-for': forwardedFor },
    body: { username: 'admin', password, tenant: tenant.slug },
  });
}
