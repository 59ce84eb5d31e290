#!/usr/bin/env node
// bench/participation: distinct valid participations against a running server, next to the raw
// PostgreSQL figure (pgbench: single-row conditional UPDATE ... RETURNING at 16 clients) measured
// on the same machine in the same run. Usage:
//   node bench/participation/run.mjs [--duration 20] [--connections 50] [--pglite]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    pglite: { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

function pgbenchUpdateTps(databaseUrl) {
  const script = join(tmpdir(), 'promo-pgbench-update.sql');
  writeFileSync(
    script,
    "\\set id random(1, 100000)\nUPDATE bench_codes SET status = 'redeemed', redeemed_at = now() WHERE code = 'C' || :id AND status <> 'void' RETURNING code;\n",
  );
  spawnSync(
    'psql',
    [
      databaseUrl,
      '-qc',
      "CREATE TABLE bench_codes (code text PRIMARY KEY, status text NOT NULL, redeemed_at timestamptz); INSERT INTO bench_codes SELECT 'C' || g, 'assigned', null FROM generate_series(1, 100000) g;",
    ],
    { stdio: 'inherit' },
  );
  const out = spawnSync('pgbench', [
    '-n',
    '-c',
    '16',
    '-j',
    '2',
    '-T',
    String(Math.min(duration, 15)),
    '-f',
    script,
    databaseUrl,
  ]).stdout.toString();
  const match = /tps = ([\d.]+)/.exec(out);
  spawnSync('psql', [databaseUrl, '-qc', 'DROP TABLE bench_codes'], { stdio: 'inherit' });
  return match ? Number(match[1]) : null;
}

const server = await startServer({ pglite: values.pglite });
try {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const name = `bench-${Date.now()}`;
  const now = Date.now();
  const campaign = await api(server.url, '/api/campaigns', {
    token,
    body: {
      name,
      title: 'Bench',
      kind: 'raffle',
      countryCode: 'CR',
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
    },
  });
  await api(server.url, `/api/campaigns/${campaign.id}/form`, {
    token,
    method: 'PUT',
    body: {
      fields: [
        { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
        { key: 'name', type: 'text', label: 'Nombre', required: true },
        { key: 'phone', type: 'phone', label: 'Teléfono', required: true },
        { key: 'birthdate', type: 'date', label: 'Nacimiento', required: true },
        { key: 'department', type: 'department', label: 'Provincia', required: true },
      ],
    },
  });
  await api(server.url, `/api/campaigns/${campaign.id}/active-status`, {
    token,
    method: 'PATCH',
    body: { active: true },
  });
  await api(server.url, '/api/campaign-rulers', {
    token,
    body: { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } },
  });

  let serial = 100_000_000;
  const result = await autocannon({
    url: `${server.url}/api/public/demo/campaigns/${name}/participations`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          serial += 1;
          const body = {
            answers: {
              cedula: String(serial + 100_000_000),
              name: 'Bench Persona',
              phone: '88887777',
              birthdate: '1990-01-01',
              department: 'Heredia',
            },
            consent: true,
          };
          return { ...req, body: JSON.stringify(body) };
        },
      },
    ],
  });
  const non2xx = result.non2xx;
  const pgTps = server.database ? pgbenchUpdateTps(server.database) : null;
  const summary = {
    machine: machine(),
    driver: values.pglite ? 'pglite' : 'postgres',
    connections,
    durationSeconds: duration,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    errors: result.errors,
    non2xx,
    pgbenchUpdateTps: pgTps,
    ratioToPgbench: pgTps ? Number((result.requests.average / pgTps).toFixed(3)) : null,
    target: '>= 0.25 x pgbench UPDATE TPS, p99 <= 50 ms',
  };
  console.log(JSON.stringify(summary, null, 2));
} finally {
  await server.stop();
}
