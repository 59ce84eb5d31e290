import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { UPLOAD_LIMITS } from '@promo/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

// A real socket: what is tested is the connection, which app.inject() does not have.
const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
const tenant = await t.createTenant();

/** What the client saw: the server's answer, and whether the server closed the connection. */
type Outcome = { answer: string; closedByServer: boolean; sent: number };

/**
 * Starts an upload that announces `announced` bytes of file, sends `sendBytes` of them and then
 * waits (as a client does that reads the answer before sending more), never sending the rest.
 */
async function startUpload(path: string, contentType: string, announced: number, sendBytes: number) {
  const boundary = '----refused-body-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  let closedByServer = false;
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  // writes after the server closed fail (EPIPE, ECONNRESET): that is the point
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => {
    socket.once('end', () => {
      closedByServer = true;
      resolve();
    });
    socket.once('close', () => resolve());
  });
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: promo.test\r\nAuthorization: Bearer ${tenant.admin.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + announced + tail.length}\r\n\r\n`,
  );
  socket.write(head);
  // one line of text repeated: a valid CSV row for the CSV kinds
  const chunk = Buffer.alloc(64 * 1024, 'value,x\n');
  let sent = 0;
  let open = true;
  void closed.then(() => {
    open = false;
  });
  while (open && sent < sendBytes) {
    if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), closed]);
    sent += chunk.length;
  }
  const outcome = async (timeoutMs: number): Promise<Outcome> => {
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    socket.destroy();
    return { answer, closedByServer, sent };
  };
  return { outcome };
}

describe('a refused oversized upload', () => {
  for (const { route, kind, contentType } of [
    { route: '/api/uploads/blacklist', kind: 'blacklist', contentType: 'text/csv' },
    { route: '/api/images', kind: 'images', contentType: 'image/png' },
  ] as const) {
    it(`${route}: answers 413 with connection: close and closes the connection without the rest of the body`, async () => {
      const limit = UPLOAD_LIMITS[kind].maxBytes;
      // announces twice the limit, sends the limit and a megabyte, then waits for the answer
      const upload = await startUpload(route, contentType, 2 * limit, limit + 1024 * 1024);
      const { answer, closedByServer, sent } = await upload.outcome(5000);
      expect(sent).toBeLessThan(2 * limit);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(closedByServer).toBe(true);
    });
  }

  it('keeps the connection of an upload read whole, taken or refused', async () => {
    const answers: Array<[number, string | null]> = [];
    for (const csv of ['kind,value,reason,campaign\nemail,persona@example.com,Fraude,\n', 'nada\n']) {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'lista.csv');
      const res = await fetch(`http://127.0.0.1:${port}/api/uploads/blacklist`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${tenant.admin.token}` },
      });
      await res.arrayBuffer();
      answers.push([res.status, res.headers.get('connection')]);
    }
    expect(answers).toEqual([
      [200, 'keep-alive'],
      [400, 'keep-alive'],
    ]);
  });

  // last: the app is closed
  it('leaves no connection behind: the app closes at once', async () => {
    const refused = await startUpload(
      '/api/uploads/blacklist',
      'text/csv',
      2 * UPLOAD_LIMITS.blacklist.maxBytes,
      UPLOAD_LIMITS.blacklist.maxBytes + 1024 * 1024,
    );
    expect((await refused.outcome(5000)).closedByServer).toBe(true);
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
