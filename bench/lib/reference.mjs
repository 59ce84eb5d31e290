// Runs the reference routes (bench/reference/server.mjs) in a process of their own and loads them
// with the same autocannon settings as the product route, so that each benchmark prints a ratio
// measured in the same run.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMeter } from './cpu-share.mjs';
import { walMeter } from './wal-share.mjs';

const script = fileURLToPath(new URL('../reference/server.mjs', import.meta.url));

async function startReference({ port: basePort, databaseUrl, pglite }) {
  const port = basePort + Number(process.env.BENCH_PORT_OFFSET ?? 0);
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      PORT: String(port),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(pglite ? { PGLITE: '1' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // PGlite takes a few seconds to start on a loaded machine
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/hello`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Starts measuring a load (just before the run): the CPU per request of the machine and of
 * PostgreSQL (cpu-share.mjs) and, with a PostgreSQL URL, the WAL bytes per request and the
 * requests per flush (wal-share.mjs). `stop(requests)` answers the figures' fields.
 */
export function loadMeter(databaseUrl = null) {
  const wal = databaseUrl ? walMeter(databaseUrl) : null;
  const cpu = cpuMeter();
  return {
    stop: (requests) => ({
      cpuMsPerRequest: cpu.stop(requests),
      ...(wal ? { walPerRequest: wal.stop(requests) } : {}),
    }),
  };
}

/**
 * What a benchmark reports of an autocannon run: requests per second, p50/p99, failures, and
 * with `meter` (`loadMeter`, started just before the run) the CPU and WAL per request.
 */
export function figures(result, meter) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    non2xx: result.non2xx,
    errors: result.errors,
    ...(meter ? meter.stop(result.requests.total) : {}),
  };
}

/**
 * With `BENCH_REFUSALS=1`, a load's first few refusals (status and body), to say what a non-2xx
 * count was. Off by default: with the callback autocannon builds an object of every answer's
 * headers and calls it (its body is decoded to a string either way, bench/lib/wrk.mjs), which costs
 * the load generator (the landing page's rate fell by a third) and only the product's load would
 * pay it.
 */
export function refusalNotes() {
  const refusals = [];
  if (process.env.BENCH_REFUSALS !== '1') return { onResponse: undefined, refusals };
  const onResponse = (status, body, context) => {
    if (status >= 300 && refusals.length < 3)
      refusals.push({
        status,
        body: String(body).slice(0, 300),
        ...(context?.sent ? { sent: context.sent } : {}),
      });
  };
  return { onResponse, refusals };
}

/**
 * An autocannon run measured with `figures`, CPU (and with `databaseUrl` WAL) per request included,
 * and with `BENCH_REFUSALS=1` its first refusals.
 */
export async function measuredLoad(options, databaseUrl = null) {
  const { onResponse, refusals } = refusalNotes();
  const requests = onResponse
    ? options.requests?.map((request) => ({ ...request, onResponse }))
    : options.requests;
  const meter = loadMeter(databaseUrl);
  const result = figures(await autocannon({ ...options, ...(requests ? { requests } : {}) }), meter);
  return refusals.length > 0 ? { ...result, refusals } : result;
}

/**
 * Fastify hello world under the given load: autocannon's (`measuredLoad`), or `load`'s (a function
 * of `{ url, connections, duration }`, as `wrkLoad`) when given.
 */
export async function referenceHello({ connections, duration, port = 3199, load = measuredLoad }) {
  const reference = await startReference({ port });
  try {
    return await load({ url: `${reference.url}/hello`, connections, duration });
  } finally {
    await reference.stop();
  }
}

/** The reference routes' table: 400,000 codes 'C1'… with a primary key, analysed; answers the count. */
function createBenchCodes(databaseUrl) {
  const rows = 400_000;
  spawnSync(
    'psql',
    [
      databaseUrl,
      '-qc',
      `CREATE TABLE bench_codes (code text PRIMARY KEY, status text NOT NULL, redeemed_at timestamptz);
       INSERT INTO bench_codes SELECT 'C' || g, 'assigned', null FROM generate_series(1, ${rows}) g;
       ANALYZE bench_codes;`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return rows;
}

const dropBenchCodes = (databaseUrl) =>
  spawnSync('psql', [databaseUrl, '-qc', 'DROP TABLE bench_codes'], { stdio: 'inherit' });

/**
 * The minimal Fastify + node-postgres route: one conditional UPDATE … RETURNING per request, each
 * on a different row of a 400,000-row indexed table created in `databaseUrl` (and dropped after).
 */
export async function referencePgUpdate({ databaseUrl, connections, duration, port = 3199 }) {
  const rows = createBenchCodes(databaseUrl);
  const reference = await startReference({ port, databaseUrl });
  try {
    let next = 0;
    return await measuredLoad(
      {
        url: `${reference.url}/pg/redeem`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: `C${(next++ % rows) + 1}` }) }),
          },
        ],
      },
      databaseUrl,
    );
  } finally {
    await reference.stop();
    dropBenchCodes(databaseUrl);
  }
}

/**
 * The minimal Fastify + node-postgres read: one point query by primary key per request, on a
 * 400,000-row table created in `databaseUrl` (and dropped after), each request a different row.
 */
export async function referencePgPointQuery({ databaseUrl, connections, duration, port = 3199 }) {
  const rows = createBenchCodes(databaseUrl);
  const reference = await startReference({ port, databaseUrl });
  try {
    let next = 0;
    return await measuredLoad(
      {
        url: `${reference.url}/pg/code/C1`,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/pg/code/C${((next++ * 7919) % rows) + 1}` }),
          },
        ],
      },
      databaseUrl,
    );
  } finally {
    await reference.stop();
    dropBenchCodes(databaseUrl);
  }
}

/** The minimal Fastify + PGlite route: one INSERT … RETURNING per request, in the server's process. */
export async function referencePgliteInsert({ connections, duration, port = 3199 }) {
  const reference = await startReference({ port, pglite: true });
  try {
    let serial = 0;
    return await measuredLoad({
      url: `${reference.url}/pglite/insert`,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => {
            serial += 1;
            return {
              ...req,
              body: JSON.stringify({
                identity: String(100_000_000 + serial),
                answers: { name: 'Bench Persona' },
              }),
            };
          },
        },
      ],
    });
  } finally {
    await reference.stop();
  }
}

export const ratio = (product, reference) =>
  reference.requestsPerSecond
    ? Number((product.requestsPerSecond / reference.requestsPerSecond).toFixed(3))
    : null;
