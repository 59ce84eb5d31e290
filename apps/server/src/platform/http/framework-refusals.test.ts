import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { MAX_PARAM_LENGTH, MAX_URL_LENGTH } from './framework-refusals.ts';

/**
 * Refusals that happen before a route runs (Node's HTTP parser, Fastify's router and body
 * parsers), through a real socket: each answers the product's error body and echoes nothing.
 */
const t = await createTestApp();
const tenant = await t.createTenant();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as AddressInfo;

/** Sends `head` (and `body`) as written and reads the whole answer. */
function raw(
  head: string,
  body: Buffer | string = '',
): Promise<{ status: number; text: string; json: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // the server may close while a large body is still being written: the answer was read
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [statusLine = '', ...rest] = text.split('\r\n');
      const payload = rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n');
      let json: unknown = null;
      try {
        json = JSON.parse(payload);
      } catch {}
      resolve({ status: Number(statusLine.split(' ')[1]), text, json });
    });
    socket.write(head);
    socket.end(body);
  });
}

const get = (path: string, headers = '') =>
  raw(`GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`);
const post = (path: string, contentType: string, body: string | Buffer) =>
  raw(
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    body,
  );

const errorOf = (answer: { json: unknown }) =>
  (answer.json as { error: { code: string; message: string } }).error;
const MARK = 'echo-marker-4711';

describe('framework refusals in the product shape', () => {
  it('a malformed percent-encoding is a bad request that does not echo the address', async () => {
    const answer = await get(`/api/campaigns/${MARK}%zz`, `Authorization: Bearer ${tenant.admin.token}\r\n`);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: 'BAD_REQUEST',
      message: 'La solicitud no está bien formada.',
      details: [],
    });
    expect(answer.text).not.toContain(MARK);
  });

  it('an address over the limit, or a path parameter over its limit, is 414', async () => {
    const longUrl = await get(`/api/campaigns?q=${MARK}${'x'.repeat(MAX_URL_LENGTH)}`);
    expect(longUrl.status).toBe(414);
    expect(errorOf(longUrl).code).toBe('URL_TOO_LONG');
    expect(longUrl.text).not.toContain(MARK);
    const longParam = await get(`/api/campaigns/${MARK}${'x'.repeat(MAX_PARAM_LENGTH)}`);
    expect(longParam.status).toBe(414);
    expect(errorOf(longParam).code).toBe('URL_TOO_LONG');
    expect(longParam.text).not.toContain(MARK);
  });

  it('headers over Node’s limit are 431, and a request that is not HTTP is 400, both in JSON', async () => {
    const big = await get('/api/campaigns', `X-Big: ${MARK}${'y'.repeat(20_000)}\r\n`);
    expect(big.status).toBe(431);
    expect(errorOf(big).code).toBe('HEADERS_TOO_LARGE');
    expect(big.text).not.toContain(MARK);
    const garbage = await raw(`NOT HTTP ${MARK}\r\n\r\n`);
    expect(garbage.status).toBe(400);
    expect(errorOf(garbage).code).toBe('BAD_REQUEST');
    expect(garbage.text).not.toContain(MARK);
  });

  it('a body in another format is 415 naming the expected one', async () => {
    const answer = await post('/api/raffle-codes/validate', 'application/xml', `<a>${MARK}</a>`);
    expect(answer.status).toBe(415);
    expect(errorOf(answer)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'El formato de los datos enviados no es el esperado (application/json).',
      details: [],
    });
  });

  it('a body over the limit is 413', async () => {
    const answer = await post('/api/raffle-codes/validate', 'application/json', `"${'z'.repeat(1_100_000)}"`);
    expect(answer.status).toBe(413);
    expect(errorOf(answer).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('malformed JSON, an empty JSON body and a prototype-poisoning body are bad requests, not echoed', async () => {
    for (const body of [`{"tenant":"${MARK}"`, '', `{"__proto__":{"x":"${MARK}"}}`]) {
      const answer = await post('/api/raffle-codes/validate', 'application/json', body);
      expect(answer.status, body).toBe(400);
      expect(errorOf(answer).code, body).toBe('BAD_REQUEST');
      expect(answer.text).not.toContain(MARK);
    }
  });

  it('none of these refusals wrote the address or the body to the log', () => {
    expect(t.logLines.join('\n')).not.toContain(MARK);
  });
});
