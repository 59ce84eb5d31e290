import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD, TEST_SECRET } from './test-app.ts';

/** A TCP port on 127.0.0.1 that nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/** Waits until `check` answers true, trying every `everyMs`; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Resolves with the exit code (or the signal's name) when the child ends. */
export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
}

/** A throwaway redis-server on 127.0.0.1:`port`, without persistence. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await until(async () => {
    const { Socket } = await import('node:net');
    return new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
  }, 10_000);
  return child;
}

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const RUN_SERVER = new URL('../../../../scripts/run-server.mjs', import.meta.url).href;

/** How the server is started: on its own, or under `npm start`'s wrapper as a process group of its own. */
function launch(wrapped: boolean): string[] {
  if (!wrapped) return ['--import', 'tsx', MAIN];
  const program = `import { runServer } from ${JSON.stringify(RUN_SERVER)};
runServer(['--import', 'tsx', ${JSON.stringify(MAIN)}]);`;
  return ['--input-type=module', '-e', program];
}

/**
 * The real server (src/main.ts through tsx, one process) with this environment; its log collected.
 * `wrapped`: run by `npm start`'s wrapper (scripts/run-server.mjs), leader of a new process group
 * (`child` is the wrapper; the group's id is its pid).
 */
export type ServerProcess = { child: ChildProcess; url: string; log: string[]; pid: number };

export async function startServer(
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
  options: { wrapped?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, launch(options.wrapped ?? false), {
    detached: options.wrapped ?? false,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      // several servers under test at once: each its own free metrics port
      METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk) => log.push(String(chunk)));
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const failed = (why: string) => new Error(`server did not start (${why}):\n${log.join('').slice(-2000)}`);
  await until(
    async () => child.exitCode !== null || (await fetch(`${url}/healthz`)).ok,
    readyTimeoutMs,
    100,
  ).catch(() => {
    // wrapped: the whole group (the wrapper and the server)
    if (options.wrapped && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
    throw failed('timeout');
  });
  if (child.exitCode !== null) throw failed(`exit ${child.exitCode}`);
  return { child, url, log, pid: child.pid as number };
}

/** The environment of a server process under test on `databaseUrl` (limits out of the way). */
export function serverEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    INITIAL_ADMIN_PASSWORD: TEST_PASSWORD,
    LOGIN_RATE_LIMIT: '100000',
    PUBLIC_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
    POINTS_EXPIRY_TIME: 'off',
    ...extra,
  };
}

/** A figure a fault test measured, written to the run's output (quoted in docs/reliability.md). */
export function reportFigure(line: string): void {
  process.stderr.write(`[figure] ${line}\n`);
}
