import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { appWithWebApp } from '../../testing/web-app.ts';
import { registerErrorHandling } from './error-handler.ts';

const t = await createTestApp();

describe('operations', () => {
  it('healthz and readyz answer', async () => {
    expect((await t.request({ url: '/healthz' })).body).toEqual({ status: 'ok' });
    expect((await t.request({ url: '/readyz' })).body).toEqual({ status: 'ready' });
  });

  it('metrics, on their own server, count requests per route pattern with a latency histogram', async () => {
    await t.request({ url: `/api/users/${t.superadmin.userId}`, token: t.superadmin.token });
    const res = await t.app.metricsServer.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/users\/:id",status="200"\} \d+/,
    );
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_seconds_total');
    expect(res.body).not.toContain(t.superadmin.userId);
    // it serves the metrics and nothing else
    expect((await t.app.metricsServer.inject({ url: '/healthz' })).statusCode).toBe(404);
    expect((await t.app.metricsServer.inject({ url: '/api/users' })).statusCode).toBe(404);
  });

  it('the public port answers 404 for /metrics, also where the web app answers every other path', async () => {
    const res = await t.request({ url: '/metrics' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.text).not.toContain('http_requests_total');
    const served = await appWithWebApp();
    try {
      expect((await served.app.inject({ url: '/anything' })).statusCode).toBe(200);
      const metrics = await served.app.inject({ url: '/metrics' });
      expect(metrics.statusCode).toBe(404);
      expect(metrics.body).not.toContain('<title>SPA</title>');
    } finally {
      await served.close();
    }
  });

  it('the metrics server listens on a port of its own, and closes with the app', async () => {
    const bare = await appWithWebApp();
    const at = await bare.app.metricsServer.listen({ port: 0, host: '127.0.0.1' });
    const scraped = await fetch(`${at}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('http_requests_total');
    await bare.close();
    await expect(fetch(`${at}/metrics`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });

  it('publishes OpenAPI from the route schemas, and its UI', async () => {
    const spec = await t.request({ url: '/api/openapi.json' });
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/users/register',
        '/api/tenants',
        '/api/countries/{code}',
      ]),
    );
    expect(
      spec.body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['username', 'password']);
    const ui = await t.request({ url: '/api/docs/' });
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });

  it('answers every failure in one shape with a request id', async () => {
    const unknown = await t.request({ url: '/api/nothing-here' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { code: 'NOT_FOUND', message: 'No encontramos lo que busca.', details: [] },
    });
    expect(unknown.headers['x-request-id']).toBeTruthy();
    const given = await t.request({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body).error.code).toBe('BAD_REQUEST');
  });

  it('never sends internals of an unexpected error', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    bare.get('/boom', async () => {
      throw new Error('select secret_column from somewhere');
    });
    const res = await bare.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Algo salio mal, inténtelo de nuevo o comuníquese con su proveedor!',
        details: [],
      },
    });
    await bare.close();
  });

  it('logs no personal data nor tokens', async () => {
    const tenant = await t.createTenant();
    await t.request({
      method: 'POST',
      url: '/api/users/register',
      token: tenant.admin.token,
      body: {
        username: 'maria',
        password: 'maria-password-1',
        role: 'ANALYST',
        email: 'maria.personal@example.com',
      },
    });
    const log = t.logLines.join('');
    expect(log).toContain('"url":"/api/users/register"');
    expect(log).not.toContain('maria.personal@example.com');
    expect(log).not.toContain('maria-password-1');
    expect(log).not.toContain(tenant.admin.token);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when the database cannot be reached', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    bare.get('/down', async () => {
      throw new Error('Failed query: select 1', {
        cause: Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      });
    });
    const res = await bare.inject({ url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
        details: [],
      },
    });
    await bare.close();
  });

  // last: the app stays draining
  it('says not ready while draining for a shutdown, and still serves requests', async () => {
    t.app.drain();
    const ready = await t.request({ url: '/readyz' });
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'draining' });
    expect((await t.request({ url: '/healthz' })).status).toBe(200);
    const served = await t.request({ url: `/api/users/${t.superadmin.userId}`, token: t.superadmin.token });
    expect(served.status).toBe(200);
  });
});
