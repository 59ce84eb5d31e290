// Starts the built server for a benchmark on a fresh PostgreSQL database (or PGlite with
// --pglite), waits until it answers, and stops it (and drops the database) afterwards.
// BENCH_URL instead targets servers already running (npm run cluster behind HAProxy, started
// with INITIAL_ADMIN_PASSWORD=bench-password-123 and the rate limits below), BENCH_DATABASE_URL
// naming their primary (for the reference route and the figures read from the database).
// `env` adds to the server's environment (e.g. MAP_TILE_URL); `portOffset: false` keeps `port` as given.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'bench-password-123';

export async function startServer({
  port = 3190,
  pglite = false,
  pgUrl = 'postgres://postgres@127.0.0.1:5432',
  env: extraEnv = {},
  portOffset = true,
} = {}) {
  if (process.env.BENCH_URL)
    return {
      url: process.env.BENCH_URL,
      pid: null,
      database: process.env.BENCH_DATABASE_URL ?? null,
      async stop() {},
    };
  // another session's benchmark may hold the default ports: BENCH_PORT_OFFSET moves them all
  if (portOffset) port += Number(process.env.BENCH_PORT_OFFSET ?? 0);
  // BENCH_SERVER_DIST: another build of the server (a copy of apps/server/dist made from an earlier
  // commit, kept under the checkout's node_modules, e.g. node_modules/.bench/dist-before, where it
  // finds its packages and no linter looks), for before/after runs back to back
  const dist = process.env.BENCH_SERVER_DIST ?? join(root, 'apps/server/dist');
  if (!process.env.BENCH_SERVER_DIST) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@promo/server'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  // a server left running on the port (a bench stopped half-way) would answer the readiness check
  // below in this one's place, on another database
  const taken = await fetch(`http://127.0.0.1:${port}/readyz`).then(
    () => true,
    () => false,
  );
  if (taken)
    throw new Error(`port ${port} is taken by another server: stop it, or move with BENCH_PORT_OFFSET`);
  const database = `promo_bench_${process.pid}`;
  if (!pglite)
    spawnSync('psql', [`${pgUrl}/postgres`, '-qc', `CREATE DATABASE ${database}`], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'promo-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    // any free port: another session's server may hold the default one
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    INITIAL_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    LOGIN_RATE_LIMIT: '1000000',
    PUBLIC_RATE_LIMIT: '100000000',
    PARTICIPATION_RATE_LIMIT: '100000000',
    PARTICIPATION_IDENTITY_RATE_LIMIT: '1000000',
    ...(pglite ? {} : { DATABASE_URL: `${pgUrl}/${database}` }),
    ...extraEnv,
  };
  // BENCH_SERVER_NODE_ARGS: flags for the server's node only (a CPU profile: --cpu-prof --cpu-prof-dir=…)
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(dist, 'main.js')], {
    env,
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // a fresh embedded database runs every migration first: minutes on a loaded machine
  let ready = false;
  for (let i = 0; i < 900 && !ready && child.exitCode === null; i++) {
    try {
      ready = (await fetch(`${url}/readyz`)).ok;
    } catch {}
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  if (!ready) {
    child.kill('SIGTERM');
    throw new Error(`the server on ${url} did not become ready`);
  }
  return {
    url,
    pid: child.pid,
    database: pglite ? null : `${pgUrl}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!pglite) reportIndexReads(`${pgUrl}/${database}`);
      // BENCH_KEEP_DATABASE=1 leaves the database (the embedded one: its data directory) for a
      // look afterwards: drop or remove it by hand
      if (process.env.BENCH_KEEP_DATABASE) {
        process.stderr.write(`database kept: ${pglite ? join(dataDir, 'pgdata') : `${pgUrl}/${database}`}\n`);
        return;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (!pglite)
        spawnSync('psql', [`${pgUrl}/postgres`, '-qc', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`], {
          stdio: 'inherit',
        });
    },
  };
}

/**
 * The indexes a run read the most entries of per scan (stderr): a hot path's statement that a
 * plan made without statistics serves through the wrong index reads more entries with every
 * request (decision 033; session 16 found the reward code claim's). Read once the server's
 * connections are closed, when they have flushed their statistics.
 */
function reportIndexReads(databaseUrl) {
  const query = `SELECT relname || '.' || indexrelname, idx_scan, round(idx_tup_read::numeric / idx_scan, 1)
                   FROM pg_stat_user_indexes WHERE idx_scan >= 100
                  ORDER BY idx_tup_read::numeric / idx_scan DESC LIMIT 5`;
  const result = spawnSync('psql', [databaseUrl, '-AtF', ' ', '-c', query], { encoding: 'utf8' });
  if (result.status !== 0) return;
  const lines = result.stdout.trim().split('\n').filter(Boolean);
  process.stderr.write(
    `index entries read per scan, most first (index, scans, entries a scan):\n${lines.map((l) => `  ${l}`).join('\n')}\n`,
  );
}

export async function api(url, path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export function machine() {
  const cpus = spawnSync('nproc').stdout.toString().trim();
  const mem = spawnSync('sh', ['-c', "free -g | awk '/Mem:/{print $2}'"]).stdout.toString().trim();
  return `${cpus} cores, ${mem} GiB, Node ${process.version}`;
}
