#!/usr/bin/env node
// bench/raffle: a verifiable draw of 100 winners + 20 alternates through the API over N entries
// on PostgreSQL (time, server peak RSS), next to `ORDER BY random() LIMIT 100` over the same rows.
//   node bench/raffle/run.mjs [--entries 1000000] [--people 200000]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '1000000' }, people: { type: 'string', default: '200000' } },
});
const entries = Number(values.entries);
const people = Number(values.people);

const rssMb = (pid, field) =>
  Math.round(
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) /
      1024,
  );

function psql(url, sqlText) {
  const out = spawnSync('psql', [url, '-Atqc', sqlText], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.trim();
}

const server = await startServer();
try {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const campaign = await api(server.url, '/api/campaigns', {
    token,
    body: {
      name: `bench-${Date.now()}`,
      title: 'Bench',
      kind: 'raffle',
      countryCode: 'CR',
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  const tenant = psql(server.database, `SELECT tenant_id FROM campaigns WHERE id = '${campaign.id}'`);
  let started = Date.now();
  psql(
    server.database,
    `INSERT INTO participants (tenant_id, cedula, name, department)
     SELECT '${tenant}', (100000000 + g)::text, 'Persona ' || g, 'San José' FROM generate_series(1, ${people}) g`,
  );
  psql(
    server.database,
    // the rows are valid by construction: no per-row foreign-key triggers while loading
    `SET session_replication_role = replica;
     INSERT INTO raffle_entries (tenant_id, campaign_id, participant_id, points, department, created_at)
     SELECT '${tenant}', '${campaign.id}', p.id, 1 + (g % 3), 'San José', now()
     FROM generate_series(1, ${entries}) g
     JOIN (SELECT id, row_number() OVER () AS n FROM participants WHERE tenant_id = '${tenant}') p ON p.n = 1 + (g % ${people});
     ANALYZE raffle_entries`,
  );
  console.log(
    `loaded ${entries} entries of ${people} people in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const rssBefore = rssMb(server.pid, 'VmRSS');
  const loadBefore = loadavg()[0];
  const timings = {};
  let first;
  for (const [label, query] of [
    ['entries', 'count=100&alternates=20&onePerIdentity=false'],
    ['points', 'count=100&alternates=20&weighting=points&onePerIdentity=false'],
    ['onePerIdentity', 'count=100&alternates=20&onePerIdentity=true'],
  ]) {
    started = performance.now();
    const path = `/api/raffle/select-winners/${campaign.id}?${query}`;
    // a socket pooled before a long load may have been closed by the server: one retry
    const draw = await api(server.url, path, { token }).catch(() => api(server.url, path, { token }));
    timings[label] = Math.round(performance.now() - started);
    if (draw.winners.length !== 100) throw new Error('short draw');
    first ??= draw;
  }
  const peak = rssMb(server.pid, 'VmHWM');

  // the frozen list downloaded again (streamed) hashes as the certificate says
  started = performance.now();
  const download = await fetch(`${server.url}/api/raffle/draws/${first.drawId}/entries`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of download.body) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  const downloadMs = Math.round(performance.now() - started);
  if (hash.digest('hex') !== first.certificate.entriesHash) throw new Error('entry list hash differs');
  const peakAfterDownload = rssMb(server.pid, 'VmHWM');

  psql(server.database, 'SELECT 1');
  const raw = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    psql(
      server.database,
      `SELECT id FROM raffle_entries WHERE tenant_id = '${tenant}' AND campaign_id = '${campaign.id}' ORDER BY random() LIMIT 100`,
    );
    raw.push(performance.now() - started);
  }
  const rawMs = Math.round(Math.min(...raw));
  console.log(
    JSON.stringify(
      {
        bench: 'raffle',
        machine: machine(),
        entries,
        people,
        drawMs: timings,
        rawOrderByRandomMs: rawMs,
        // the machine is shared: the 1-minute load average before the draws and after the raw query
        loadAverage: [loadBefore, loadavg()[0]].map((l) => +l.toFixed(1)),
        ratio: +(timings.entries / rawMs).toFixed(2),
        target: '<= 5 x ORDER BY random() LIMIT 100 at 10,000,000 entries',
        rssBeforeMb: rssBefore,
        peakRssMb: peak,
        entriesDownload: { ms: downloadMs, mb: Math.round(bytes / 1e6), peakRssMb: peakAfterDownload },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
