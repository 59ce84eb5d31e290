#!/usr/bin/env node
// Why the landing bench loads the page with wrk: a minimal Fastify route answering 4,053 bytes
// (the brotli page's size) of random bytes, and one answering as many ASCII 'a's, each loaded by
// autocannon and by wrk (50 connections, 8 s each). autocannon appends every answer's body to a
// string, so its rate follows the body's content; wrk's does not. Usage (wrk from Debian's package):
//   node bench/landing/body-bytes.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { wrkLoad } from '../lib/wrk.mjs';

const port = 3189 + Number(process.env.BENCH_PORT_OFFSET ?? 0);
const size = 4053;

if (process.argv[2] === '--serve') {
  const random = randomBytes(size);
  const ascii = Buffer.alloc(size, 'a');
  const app = Fastify({ logger: false });
  app.get('/random', async (_request, reply) => reply.type('text/html').send(random));
  app.get('/ascii', async (_request, reply) => reply.type('text/html').send(ascii));
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.('ready');
} else {
  const server = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => server.once('message', resolve));
  const rows = [];
  try {
    for (const body of ['random', 'ascii']) {
      const url = `http://127.0.0.1:${port}/${body}`;
      const byAutocannon = await autocannon({ url, connections: 50, duration: 8 });
      const byWrk = wrkLoad({ url, connections: 50, duration: 8 });
      rows.push({
        body,
        autocannon: Math.round(byAutocannon.requests.average),
        wrk: byWrk.requestsPerSecond,
      });
    }
  } finally {
    server.kill();
  }
  console.log(JSON.stringify({ bench: 'landing body bytes', bytes: size, requestsPerSecond: rows }, null, 2));
}
