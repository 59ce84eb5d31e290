#!/usr/bin/env node
// bench/participation: distinct valid participations against a running server, next to the
// reference route measured in the same run (bench/reference: a minimal Fastify + node-postgres
// route doing one conditional UPDATE … RETURNING, or Fastify + PGlite doing one INSERT with
// --pglite), with the same connections and duration. `--kind` picks the campaign kind loaded
// (raffle: an entry; reward_code: a code claimed from 200,000 generated; instant_award: a try at
// the open moment of a prize with 100 moments; points: a credit of 10 points; marketplace: the
// participation alone). Usage:
//   node bench/participation/run.mjs [--kind raffle] [--duration 20] [--connections 50] [--pglite]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { figures, loadMeter, ratio, referencePgliteInsert, referencePgUpdate } from '../lib/reference.mjs';
import { api, machine, PASSWORD, startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    pglite: { type: 'boolean', default: false },
    kind: { type: 'string', default: 'raffle' },
  },
});
const KINDS = ['raffle', 'reward_code', 'instant_award', 'points', 'marketplace'];
const kind = values.kind;
if (!KINDS.includes(kind)) throw new Error(`--kind must be one of ${KINDS.join(', ')}`);
const duration = Number(values.duration);
const connections = Number(values.connections);

const server = await startServer({ pglite: values.pglite });
/** What each kind needs before it takes participations: codes to claim, a prize with moments. */
async function prepareKind(token, campaignId) {
  if (kind === 'reward_code') {
    const queued = await api(server.url, '/api/reward-codes', {
      token,
      body: { campaignId, count: 200_000 },
    });
    let job = queued.jobId ? { status: 'queued' } : { status: 'succeeded' };
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 250));
      job = await api(server.url, `/api/jobs/${queued.jobId}`, { token });
    }
    if (job.status !== 'succeeded') throw new Error(`code generation: ${JSON.stringify(job)}`);
  }
  if (kind === 'instant_award') {
    await api(server.url, `/api/instant-awards/${campaignId}/prizes`, {
      token,
      body: { name: 'Televisor', value: 300000, stock: 100 },
    });
    await api(server.url, `/api/instant-awards/${campaignId}/moments`, {
      token,
      method: 'PUT',
      body: { generate: true },
    });
  }
}

try {
  const { token } = await api(server.url, '/api/auth/login', {
    body: { tenant: 'demo', username: 'admin', password: PASSWORD },
  });
  const name = `bench-${Date.now()}`;
  const now = Date.now();
  // a reward-code campaign names where its codes are redeemed
  const centre =
    kind === 'reward_code'
      ? await api(server.url, '/api/redemption-centres', {
          token,
          body: {
            code: String(100_000 + (Date.now() % 900_000)),
            name: 'Centro bench',
            department: 'San José',
            latitude: 9.93,
            longitude: -84.08,
          },
        })
      : null;
  const campaign = await api(server.url, '/api/campaigns', {
    token,
    body: {
      name,
      title: 'Bench',
      kind,
      countryCode: 'CR',
      ...(kind === 'points' ? { settings: { pointsPerParticipation: 10 } } : {}),
      ...(centre ? { settings: { centreIds: [centre.id] } } : {}),
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
  await prepareKind(token, campaign.id);
  await api(server.url, `/api/campaigns/${campaign.id}/active-status`, {
    token,
    method: 'PATCH',
    body: { active: true },
  });
  await api(server.url, '/api/campaign-rulers', {
    token,
    body: { campaignId: campaign.id, kind: 'max_per_identity', params: { total: 1 } },
  });

  // identity numbers in no order, as a TV spot's visitors bring them (each once: a multiplier
  // prime to the prime modulus walks every residue), not one after the other
  let serial = 0;
  const cedulaOf = (n) => String(100_000_000 + ((n * 48_271) % 899_999_963));
  const outcomes = {};
  const meter = loadMeter(server.database);
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
              cedula: cedulaOf(serial),
              name: 'Bench Persona',
              phone: '88887777',
              birthdate: '1990-01-01',
              department: 'Heredia',
            },
            consent: true,
          };
          return { ...req, body: JSON.stringify(body) };
        },
        onResponse: (status, body) => {
          // what the kind answered (won or not, a code, a balance): the load did the kind's work
          const outcome = status === 201 ? JSON.parse(body).outcome : { kind: `http ${status}` };
          const key = outcome.kind === 'instant_award' ? `instant_award won=${outcome.won}` : outcome.kind;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        },
      },
    ],
  });
  const product = { ...figures(result, meter), outcomes };
  const reference = values.pglite
    ? await referencePgliteInsert({ connections, duration })
    : await referencePgUpdate({ databaseUrl: server.database, connections, duration });
  const summary = {
    bench: 'participation',
    machine: machine(),
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    driver: values.pglite ? 'pglite' : 'postgres',
    kind,
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
