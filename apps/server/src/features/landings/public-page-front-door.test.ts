import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createActiveCampaign } from '../../testing/campaign-fixtures.ts';
import { publishedGroup } from '../../testing/landing-fixtures.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { standardFormPage } from './fixtures/standard-page.ts';

// every request Fastify's pipeline sees; the front door's answers never reach it
let throughFastify = 0;
const t = await createTestApp({
  beforeReady: (app) =>
    app.addHook('onRequest', (_request, _reply, done) => {
      throughFastify++;
      done();
    }),
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
afterAll(() => t.app.close());
const tenant = await t.createTenant();
const campaign = await createActiveCampaign(t, tenant);
const { name, ids } = await publishedGroup(t, tenant, campaign.id, [
  standardFormPage(),
  standardFormPage('Dos'),
]);
const path = `/${tenant.slug}/landing/${name}`;

/** A browser's visit over HTTP, and whether Fastify's pipeline answered it. */
async function visit(address: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = throughFastify;
  const answer = await fetch(`${origin}${address}`, { headers, method });
  const body = Buffer.from(await answer.arrayBuffer());
  return { status: answer.status, headers: answer.headers, body, byFastify: throughFastify > before };
}

/** The headers that differ from one answer to the next whoever writes them. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);
const lasting = (headers: Headers) => {
  const pairs: [string, string][] = [];
  headers.forEach((value, header) => {
    if (!PER_ANSWER.has(header)) pairs.push([header, value]);
  });
  return pairs;
};

describe('a landing page answered before Fastify (the front door)', () => {
  it('answers a page it answered before exactly as Fastify does, in each coding and as a 304', async () => {
    const first = await visit(path);
    expect(first).toMatchObject({ status: 200, byFastify: true });
    for (const coding of ['br', 'gzip', 'identity']) {
      // fetch decodes what it is sent: the bytes compared here are the page as a browser reads it
      const headers = { 'accept-encoding': coding };
      const again = await visit(path, headers);
      expect(again.byFastify).toBe(false);
      expect(again.status).toBe(200);
      expect(again.headers.get('content-encoding')).toBe(coding === 'identity' ? null : coding);
      expect(again.body.equals(first.body)).toBe(true);
      // Fastify's answer from memory (the first one also counted its look-up against the rate limit)
      const fastify = await t.request({ url: path, headers });
      expect(lasting(again.headers)).toEqual(
        Object.entries(fastify.headers)
          .filter(([header]) => !PER_ANSWER.has(header))
          .map(([header, value]) => [header, String(value)])
          .sort(),
      );
      const revalidated = await visit(path, {
        ...headers,
        'if-none-match': String(again.headers.get('etag')),
      });
      expect(revalidated).toMatchObject({ status: 304, byFastify: false });
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.get('etag')).toBe(again.headers.get('etag'));
    }
    expect((await visit(`${path}?page=2`)).byFastify).toBe(true);
    const second = await visit(`${path}?page=2`);
    expect(second.byFastify).toBe(false);
    expect(second.body.toString()).toContain('<title>Dos</title>');
  });

  it('answers /landing/{group} of the default tenant (demo) as well', async () => {
    const demoAdmin = await t.login('admin', 'demo');
    const list = await t.request({ url: '/api/campaigns?q=promo-demo', token: demoAdmin.token });
    const demo = { id: '', slug: 'demo', admin: demoAdmin };
    const { name: demoGroup } = await publishedGroup(t, demo, list.body.items[0].id, [
      standardFormPage('Demo'),
    ]);
    // the demo campaign's window follows the real clock, not the test's
    const now = t.clock.now();
    t.clock.set(new Date());
    try {
      expect(await visit(`/landing/${demoGroup}`)).toMatchObject({ status: 200, byFastify: true });
      const again = await visit(`/landing/${demoGroup}`);
      expect(again).toMatchObject({ status: 200, byFastify: false });
      expect(again.body.toString()).toContain('<title>Demo</title>');
    } finally {
      t.clock.set(now);
    }
  });

  it('gives each answer a request id, the caller’s when it sends a plain one', async () => {
    await visit(path);
    const given = await visit(path, { 'x-request-id': 'balanceador-42' });
    expect(given).toMatchObject({ byFastify: false });
    expect(given.headers.get('x-request-id')).toBe('balanceador-42');
    const made = await visit(path, { 'x-request-id': 'no vale <script>' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const logged = t.logLines
      .filter((line) => line.includes('"balanceador-42"'))
      .map((line) => JSON.parse(line));
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[0].req.url).toBe('/:tenant/landing/:group');
  });

  it('counts its answers in the metrics under the route’s pattern', async () => {
    const count = async () => {
      const line = (await t.metrics())
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_requests_total{') &&
            l.includes('route="/:tenant/landing/:group"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    await visit(path);
    const before = await count();
    for (let i = 0; i < 3; i++) expect((await visit(path)).byFastify).toBe(false);
    expect(await count()).toBe(before + 3);
  });

  it('leaves to Fastify the addresses it does not take whole, which are answered as before', async () => {
    await visit(path);
    for (const address of [
      `${path}?page=1&utm_source=tv`,
      `${path}?page=abc`,
      `${path}/`,
      `/${tenant.slug}/landing/${name.toUpperCase()}`,
      `/${tenant.slug}/landing/%6c${name.slice(1)}`,
    ]) {
      const answer = await visit(address);
      expect(answer.byFastify, address).toBe(true);
    }
    expect((await visit(`${path}?page=1&utm_source=tv`)).status).toBe(200);
    expect((await visit(path, {}, 'HEAD')).byFastify).toBe(true);
  });

  it('shows a publish at once, a closed campaign and a suspended tenant: what it holds is not current any more', async () => {
    const before = await visit(path);
    expect((await visit(path)).byFastify).toBe(false);
    const first = ids[0] as string;
    await t.request({
      method: 'PUT',
      url: `/api/landing-pages/${first}`,
      token: tenant.admin.token,
      body: { document: standardFormPage('Publicado ahora') },
    });
    await t.request({
      method: 'POST',
      url: `/api/landing-pages/${first}/publish`,
      token: tenant.admin.token,
    });
    const published = await visit(path);
    expect(published.byFastify).toBe(true);
    expect(published.body.toString()).toContain('<title>Publicado ahora</title>');
    expect(published.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await visit(path)).byFastify).toBe(false);

    // the campaign's end passes (the clock moves): the page says it is not available
    const now = t.clock.now();
    t.clock.set(new Date('2026-12-31T00:00:01Z')); // createActiveCampaign's end
    try {
      const closed = await visit(path);
      expect(closed.byFastify).toBe(true);
      expect(closed.body.toString()).toContain('Promoción no disponible');
    } finally {
      t.clock.set(now);
    }

    const suspended = await t.request({
      method: 'PATCH',
      url: `/api/tenants/${tenant.id}`,
      token: t.superadmin.token,
      body: { status: 'suspended' },
    });
    expect(suspended.status, suspended.text).toBe(200);
    const refused = await visit(path);
    expect(refused).toMatchObject({ status: 403, byFastify: true });
    expect(refused.body.toString()).toContain('suspendido');
  });
});
