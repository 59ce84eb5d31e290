#!/usr/bin/env node
// bench/participation: distinct valid participations against a running server, next to the
// reference route measured in the same run (bench/reference: a minimal Fastify + node-postgres
// route doing one conditional UPDATE … RETURNING, or Fastify + PGlite doing one INSERT with
// --pglite), with the same connections and duration. Usage:
//   node bench/participation/run.mjs [--duration 20] [--connections 50] [--pglite]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ratio, referencePgliteInsert, referencePgUpdate } from '../lib/reference.mjs';
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
  const product = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
  };
  const reference = values.pglite
    ? await referencePgliteInsert({ connections, duration })
    : await referencePgUpdate({ databaseUrl: server.database, connections, duration });
  const summary = {
    bench: 'participation',
    machine: machine(),
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    driver: values.pglite ? 'pglite' : 'postgres',
    connections,
    durationSeconds: duration,
    product,
    reference: {
      route: values.pglite
        ? 'Fastify + PGlite, one INSERT'
        : 'Fastify + node-postgres, one UPDATE … RETURNING',
      ...reference,
    },
    ratio: ratio(product, reference),
    target: values.pglite ? '>= 0.3 x reference, p99 <= 300 ms' : '>= 0.35 x reference, p99 <= 80 ms',
  };
  console.log(JSON.stringify(summary, null, 2));
} finally {
  await server.stop();
}
