import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { requestFrom } from '../../testing/from-address.ts';
import { clientAddress, proxyTrust } from './client-address.ts';
import { FrontDoor } from './front-door.ts';
import { serializeRequest } from './log-safety.ts';
import { RequestTally } from './request-tally.ts';

const lines: string[] = [];
const door = new FrontDoor({
  securityHeaders: [
    ['x-frame-options', 'DENY'],
    ['content-security-policy', "default-src 'self'"],
  ],
  requestId: (request) =>
    typeof request.headers['x-request-id'] === 'string' ? request.headers['x-request-id'] : 'new-id',
  // behind a proxy at 127.0.0.1, as the app is built with TRUST_PROXY=127.0.0.1
  clientAddress: (request) => clientAddress(request, proxyTrust(['127.0.0.1'])),
});
const app = Fastify({
  serverFactory: door.serverFactory,
  logger: {
    level: 'info',
    serializers: { req: serializeRequest },
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  },
});
let fastifyAnswered = 0;
app.addHook('onRequest', (_request, _reply, done) => {
  fastifyAnswered++;
  done();
});
app.get('/held', async () => 'from fastify');
app.post('/held', async () => 'posted');
const held = door.held(
  200,
  [
    ['content-security-policy', "script-src 'none'"],
    ['content-type', 'text/plain'],
  ],
  'held body',
);
door.add({
  route: '/held',
  answer: (request) => {
    if (request.url === '/held?fault=1') throw new Error('a look-up that fails');
    return request.url === '/held' ? held : undefined;
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
afterAll(() => app.close());

describe('the front door', () => {
  it('lets everything through to Fastify until it is opened', async () => {
    const before = fastifyAnswered;
    expect(await (await fetch(`${base}/held`)).text()).toBe('from fastify');
    expect(fastifyAnswered).toBe(before + 1);
  });

  it('writes a held answer with the security headers (its own of a name winning), its length and a request id', async () => {
    const tally = new RequestTally();
    door.open({ log: app.log, tally });
    const before = fastifyAnswered;
    const answer = await fetch(`${base}/held`, { headers: { 'x-request-id': 'abc-123' } });
    expect(await answer.text()).toBe('held body');
    expect(fastifyAnswered).toBe(before);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-security-policy')).toBe("script-src 'none'");
    expect(answer.headers.get('content-length')).toBe('9');
    expect(answer.headers.get('x-request-id')).toBe('abc-123');
    expect(answer.headers.get('connection')).toBe('keep-alive');
    // counted under the route pattern, and logged as Fastify logs a request at info
    const [requests] = await Promise.all(tally.metrics().map((metric) => metric.get()));
    expect(requests?.values).toEqual([
      { labels: { method: 'GET', route: '/held', status: '200' }, value: 1 },
    ]);
    const logged = lines.map((line) => JSON.parse(line)).filter((line) => line.reqId === 'abc-123');
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[0].req).toEqual({ method: 'GET', url: '/held', remoteAddress: '127.0.0.1' });
    expect(logged[1].res).toEqual({ statusCode: 200 });
  });

  it('sends what no route holds, and every other method, on to Fastify', async () => {
    const before = fastifyAnswered;
    expect((await fetch(`${base}/held?x=1`)).status).toBe(200);
    expect(await (await fetch(`${base}/held`, { method: 'POST' })).text()).toBe('posted');
    expect((await fetch(`${base}/held`, { method: 'HEAD' })).status).toBe(200);
    expect(fastifyAnswered).toBe(before + 3);
  });

  it('leaves a request whose held answer fails to Fastify, and logs the fault', async () => {
    const before = fastifyAnswered;
    const answer = await fetch(`${base}/held?fault=1`);
    expect(await answer.text()).toBe('from fastify');
    expect(fastifyAnswered).toBe(before + 1);
    const fault = lines.map((line) => JSON.parse(line)).find((line) => line.msg?.startsWith('front door:'));
    expect(fault).toMatchObject({ level: 50, route: '/held' });
  });

  it('logs the client address Fastify would: a client’s own socket, or the hop the trusted proxy wrote', async () => {
    const logged = (id: string) =>
      lines
        .map((line) => JSON.parse(line))
        .find((line) => line.reqId === id && line.msg === 'incoming request')?.req.remoteAddress;
    const direct = await requestFrom('127.0.0.5', `${base}/held`, {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'direct-1' },
    });
    expect(direct.text).toBe('held body');
    expect(logged('direct-1')).toBe('127.0.0.5');
    const proxied = await requestFrom('127.0.0.1', `${base}/held`, {
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.4', 'x-request-id': 'proxied-1' },
    });
    expect(proxied.text).toBe('held body');
    expect(logged('proxied-1')).toBe('198.51.100.4');
  });

  it('asks the client to drop the connection while the server closes', async () => {
    door.closing = true;
    try {
      const answer = await fetch(`${base}/held`);
      expect(answer.headers.get('connection')).toBe('close');
      expect(await answer.text()).toBe('held body');
    } finally {
      door.closing = false;
    }
  });
});
