#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
// bench/uploads: a CSV of 2,000,000 reward codes (about 35 MB) uploaded through the API; the time
// of the request and the server's peak memory (VmHWM) before and after, on PostgreSQL or PGlite.
// On PostgreSQL, next to a raw COPY of as many codes into a fresh copy of the indexed table
// (bench/lib/raw-copy.mjs) in the same run, right after the upload.
//   node bench/uploads/run.mjs [--count 2000000] [--pglite]
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { rawCopySeconds } from '../lib/raw-copy.mjs';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '2000000' }, pglite: { type: 'boolean', default: false } },
});
const count = Number(values.count);

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const lines = ['code'];
for (let i = 0; i < count; i++) lines.push(`UP${String(i).padStart(13, '0')}`);
const csv = Buffer.from(`${lines.join('\r\n')}\r\n`);
lines.length = 0;

const server = await startServer({ port: 3193, pglite: values.pglite });
try {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const centre = await api(server.url, '/api/redemption-centres', {
    token,
    body: { code: '900002', name: 'Bench uploads', latitude: 9.9, longitude: -84 },
  });
  const now = Date.now();
  const campaign = await api(server.url, '/api/campaigns', {
    token,
    body: {
      name: `uploads-${now}`,
      title: 'Bench uploads',
      kind: 'reward_code',
      countryCode: 'CR',
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      settings: { centreIds: [centre.id] },
    },
  });
  const before = rssMb(server.pid);
  const boundary = '----bench-uploads';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="campaignId"\r\n\r\n${campaign.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  // node:http rather than fetch: fetch gives up waiting for the answer's headers after 300 s
  const res = await new Promise((resolve, reject) => {
    const req = request(
      `${server.url}/api/uploads/reward-codes`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': payload.length,
        },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const body = JSON.parse(res.text);
  const seconds = (performance.now() - started) / 1000;
  const after = rssMb(server.pid);
  const tenantId = values.pglite
    ? null
    : spawnSync('psql', [
        server.database,
        '-Atc',
        `select tenant_id from campaigns where id = '${campaign.id}'`,
      ])
        .stdout.toString()
        .trim();
  const copySeconds = values.pglite
    ? null
    : await rawCopySeconds({
        databaseUrl: server.database,
        count,
        length: 15,
        tenantId,
        campaignId: campaign.id,
      });
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        driver: values.pglite ? 'pglite' : 'postgres',
        count,
        fileMb: Math.round((csv.length / 1024 / 1024) * 10) / 10,
        status: res.status,
        created: body.created,
        refusedTotal: body.refusedTotal,
        seconds: Math.round(seconds * 10) / 10,
        rssBeforeMb: before.rss,
        peakRssBeforeMb: before.peak,
        peakRssAfterMb: after.peak,
        ...(copySeconds === null
          ? {}
          : {
              rawCopySeconds: Math.round(copySeconds * 10) / 10,
              ratioToRawCopy: Math.round((seconds / copySeconds) * 100) / 100,
            }),
        loadAverage1m: loadavg()[0],
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
