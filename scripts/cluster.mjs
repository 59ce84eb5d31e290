#!/usr/bin/env node
// `npm run cluster`: the production topology on 127.0.0.1, from Debian's packages and
// PostgreSQL's own binaries (docs/deploy.md): HAProxy (health checks on /readyz) in front of
// CLUSTER_SERVERS server processes (default 3); PgBouncer in transaction mode in front of a
// PostgreSQL primary and a streaming hot standby made with pg_basebackup, each with its own data
// directory and port (the machine's own PostgreSQL is left alone); Redis. Stays in the
// foreground; Ctrl-C (or SIGTERM) stops everything it started and removes its run directory
// (CLUSTER_KEEP=true keeps it). SIGHUP restarts the server processes one after the other.
// The run directory holds cluster.json (addresses and process ids) for npm run test:cluster.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale, serverBuild } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const deploy = join(root, 'deploy');
const env = process.env;
const number = (name, fallback) => Number(env[name] ?? fallback);
const ports = {
  haproxy: number('CLUSTER_PORT', 3400),
  firstServer: number('CLUSTER_FIRST_SERVER_PORT', 3401),
  // each server process's metrics (GET /metrics) on 127.0.0.1, one port each, never behind HAProxy
  firstMetrics: number('CLUSTER_FIRST_METRICS_PORT', 9465),
  pgbouncer: number('CLUSTER_PGBOUNCER_PORT', 6433),
  primary: number('CLUSTER_PRIMARY_PORT', 5440),
  replica: number('CLUSTER_REPLICA_PORT', 5441),
  redis: number('CLUSTER_REDIS_PORT', 6390),
};
const serverCount = number('CLUSTER_SERVERS', 3);
const runDir = env.CLUSTER_DIR ?? '/tmp/promo-cluster';
const PG_BIN = env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const url = `http://127.0.0.1:${ports.haproxy}`;

const started = []; // { name, child } in start order; stopped in reverse
const servers = []; // { port, child }
let stopping = false;

function log(line) {
  console.log(`[cluster] ${line}`);
}

/** A command as the postgres user (PostgreSQL refuses to run as root). */
function asPostgres(command, args) {
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function installIfMissing() {
  const missing = [
    ['haproxy', '/usr/sbin/haproxy'],
    ['pgbouncer', '/usr/sbin/pgbouncer'],
  ].filter(([, path]) => !existsSync(path));
  if (missing.length === 0) return;
  const names = missing.map(([name]) => name);
  log(`installing ${names.join(', ')} (apt-get)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...names], {
    stdio: 'inherit',
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** A long-running child of ours, its output in the run directory; stopped with the cluster. */
function run(name, command, args, options = {}) {
  const out = join(runDir, `${name}.log`);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? env,
  });
  const append = (chunk) => writeFileSync(out, chunk, { flag: 'a' });
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  child.on('exit', (code, signal) => {
    if (!stopping) log(`${name} ended (${code ?? signal}); its log: ${out}`);
  });
  started.push({ name, child });
  return child;
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves when the child has ended (at once if it already has, by a signal too). */
const ended = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

const ready = (port) => async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;

function pgConf(snippet, port) {
  return `${readFileSync(join(deploy, snippet), 'utf8')}\nport = ${port}\nunix_socket_directories = '${runDir}'\n`;
}

function startPostgres() {
  const primary = join(runDir, 'primary');
  const replica = join(runDir, 'replica');
  log(`PostgreSQL primary on ${ports.primary} (initdb in ${primary})`);
  asPostgres(join(PG_BIN, 'initdb'), [
    '-D',
    primary,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  // the role's settings (port, replication) in a file of their own, replaced in the standby's copy
  writeFileSync(join(primary, 'postgresql.conf'), "\ninclude_if_exists 'role.conf'\n", { flag: 'a' });
  writeFileSync(join(primary, 'role.conf'), pgConf('postgresql.primary.conf', ports.primary));
  writeFileSync(join(primary, 'pg_hba.conf'), readFileSync(join(deploy, 'pg_hba.conf')));
  execFileSync('chown', ['-R', 'postgres:postgres', primary]);
  asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', primary, '-l', join(runDir, 'primary.log'), '-w', 'start']);
  started.push({ name: 'postgresql primary', stop: () => pgStop(primary) });
  asPostgres(join(PG_BIN, 'psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(ports.primary),
    '-U',
    'postgres',
    '-qc',
    'CREATE DATABASE promo',
  ]);

  log(`PostgreSQL hot standby on ${ports.replica} (pg_basebackup in ${replica})`);
  asPostgres(join(PG_BIN, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(ports.primary),
    '-U',
    'postgres',
    '-D',
    replica,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  writeFileSync(join(replica, 'role.conf'), pgConf('postgresql.replica.conf', ports.replica));
  execFileSync('chown', ['-R', 'postgres:postgres', replica]);
  asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', replica, '-l', join(runDir, 'replica.log'), '-w', 'start']);
  started.push({ name: 'postgresql replica', stop: () => pgStop(replica) });
}

function pgStop(dataDir) {
  spawnSync(
    'runuser',
    ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', 'stop'],
    {
      stdio: 'ignore',
    },
  );
}

async function startPgBouncer() {
  log(`PgBouncer (transaction pooling) on ${ports.pgbouncer}`);
  const ini = readFileSync(join(deploy, 'pgbouncer.ini'), 'utf8')
    .replaceAll('@RUN_DIR@', runDir)
    .replace('listen_port = 6433', `listen_port = ${ports.pgbouncer}`)
    .replace('port=5440', `port=${ports.primary}`)
    .replace('port=5441', `port=${ports.replica}`);
  writeFileSync(join(runDir, 'pgbouncer.ini'), ini);
  writeFileSync(join(runDir, 'userlist.txt'), '"postgres" ""\n');
  execFileSync('chown', ['postgres:postgres', join(runDir, 'pgbouncer.ini'), join(runDir, 'userlist.txt')]);
  // PgBouncer refuses to run as root: -u switches to the postgres user
  run('pgbouncer', '/usr/sbin/pgbouncer', ['-u', 'postgres', join(runDir, 'pgbouncer.ini')]);
  await until(
    () =>
      spawnSync(join(PG_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(ports.pgbouncer), '-q'])
        .status === 0,
    15_000,
    'PgBouncer',
  );
}

async function startRedis() {
  log(`Redis on ${ports.redis}`);
  run('redis', '/usr/bin/redis-server', [
    '--port',
    String(ports.redis),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    runDir,
  ]);
  await until(
    () =>
      spawnSync('redis-cli', ['-p', String(ports.redis), 'ping'], { encoding: 'utf8' }).stdout.trim() ===
      'PONG',
    10_000,
    'Redis',
  );
}

/** The metrics port of the server process on `port`. */
const metricsPortOf = (port) => ports.firstMetrics + (port - ports.firstServer);

function serverEnv(port) {
  const pgbouncer = `postgres://postgres@127.0.0.1:${ports.pgbouncer}`;
  return {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPortOf(port)),
    DATA_DIR: join(runDir, `server-${port}`),
    DATABASE_URL: `${pgbouncer}/promo`,
    DATABASE_REPLICA_URL: `${pgbouncer}/promo_replica`,
    DATABASE_DIRECT_URL: `postgres://postgres@127.0.0.1:${ports.primary}/promo`,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    PUBLIC_BASE_URL: url,
    // HAProxy connects from 127.0.0.1: only its X-Forwarded-For is believed
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? '3000',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  };
}

/** What every server process shares: the token secret and the first accounts' password. */
const shared = {
  JWT_SECRET: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
  INITIAL_ADMIN_PASSWORD: env.INITIAL_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url'),
};
const adminPassword = shared.INITIAL_ADMIN_PASSWORD;

function startServer(port) {
  const child = run(`server-${port}`, process.execPath, ['--enable-source-maps', serverBuild], {
    env: { ...serverEnv(port), ...shared },
  });
  const entry = { port, child };
  const at = servers.findIndex((s) => s.port === port);
  if (at >= 0) servers[at] = entry;
  else servers.push(entry);
  writeState();
  return child;
}

function writeState() {
  const state = {
    url,
    servers: servers.map((s) => ({ port: s.port, metricsPort: metricsPortOf(s.port), pid: s.child.pid })),
    primaryUrl: `postgres://postgres@127.0.0.1:${ports.primary}/promo`,
    replicaUrl: `postgres://postgres@127.0.0.1:${ports.replica}/promo`,
    pgbouncerUrl: `postgres://postgres@127.0.0.1:${ports.pgbouncer}/promo`,
    redisUrl: `redis://127.0.0.1:${ports.redis}`,
    adminPassword,
  };
  writeFileSync(join(runDir, 'cluster.json'), `${JSON.stringify(state, null, 2)}\n`);
}

async function startServers() {
  const portsOfServers = Array.from({ length: serverCount }, (_, i) => ports.firstServer + i);
  // the first migrates the database and creates the first accounts; the others find them done
  const [first, ...rest] = portsOfServers;
  log(`server processes on ${portsOfServers.join(', ')}`);
  startServer(first);
  await until(ready(first), 120_000, `server ${first}`);
  for (const port of rest) startServer(port);
  await Promise.all(rest.map((port) => until(ready(port), 120_000, `server ${port}`)));
}

/** Restarts the server processes one after the other (HAProxy sends around each one meanwhile). */
async function rollingRestart() {
  for (const server of [...servers]) {
    log(`restarting the server on ${server.port}`);
    server.child.kill('SIGTERM');
    await ended(server.child);
    startServer(server.port);
    await until(ready(server.port), 120_000, `server ${server.port}`);
  }
  log('restart done');
}

async function startHaproxy() {
  log(`HAProxy on ${ports.haproxy}`);
  const lines = servers.map((s, i) => `    server s${i + 1} 127.0.0.1:${s.port} check`);
  const cfg = readFileSync(join(deploy, 'haproxy.cfg'), 'utf8')
    .replace(/^ {4}server .*\n/gm, '')
    .replace('bind 127.0.0.1:3400', `bind 127.0.0.1:${ports.haproxy}`)
    .trimEnd();
  writeFileSync(join(runDir, 'haproxy.cfg'), `${cfg}\n${lines.join('\n')}\n`);
  run('haproxy', '/usr/sbin/haproxy', ['-f', join(runDir, 'haproxy.cfg'), '-db']);
  await until(async () => (await fetch(`${url}/readyz`)).ok, 15_000, 'HAProxy');
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  log('stopping');
  const children = started.filter((s) => s.child).reverse();
  // every child at once (servers drain and finish their requests), then both PostgreSQL servers
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(children.map(({ child }) => ended(child))),
    new Promise((r) => setTimeout(r, 15_000)),
  ]);
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const s of started.filter((s) => s.stop).reverse()) s.stop();
  if (env.CLUSTER_KEEP !== 'true') rmSync(runDir, { recursive: true, force: true });
  log('stopped');
}

async function main() {
  if (process.getuid?.() !== 0)
    throw new Error('npm run cluster runs as root (it starts PostgreSQL as the postgres user)');
  installIfMissing();
  buildIfStale();
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true, mode: 0o755 });
  execFileSync('chown', ['postgres:postgres', runDir]);
  startPostgres();
  await startRedis();
  await startPgBouncer();
  await startServers();
  await startHaproxy();
  writeState();
  console.log(`\nPlataforma de promociones (cluster): ${url}`);
  console.log(
    `  ${serverCount} procesos detrás de HAProxy, PgBouncer ${ports.pgbouncer}, PostgreSQL ${ports.primary} (primario) y ${ports.replica} (réplica), Redis ${ports.redis}`,
  );
  console.log(
    `  Cuentas: superadmin y admin (demo), contraseña: ${env.INITIAL_ADMIN_PASSWORD ? '(INITIAL_ADMIN_PASSWORD)' : adminPassword}`,
  );
  console.log(`  Registros en ${runDir}. Ctrl-C detiene todo.\n`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(0));
  });
}
process.on('SIGHUP', () => {
  rollingRestart().catch((error) => log(`restart failed: ${error.message}`));
});

main().catch(async (error) => {
  console.error(`[cluster] ${error.message}`);
  await stopAll();
  process.exit(1);
});
