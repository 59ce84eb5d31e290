import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, serverEnv, startServer } from './testing/processes.ts';
import { cloneTestDatabase } from './testing/test-db.ts';

/**
 * `npm start` stopped by its process group (systemd's default KillMode, Ctrl-C at a terminal): the
 * server gets the signal from the group and again from the wrapper (scripts/run-server.mjs).
 * Issue #44: the second skipped the drain and the server exited 1.
 */
describe('SIGTERM to the process group of npm start', async () => {
  const database = await cloneTestDatabase();
  const server = await startServer(
    serverEnv(database.url, await mkdtemp(join(tmpdir(), 'promo-group-signal-')), {
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_MS: '500',
    }),
    60_000,
    { wrapped: true },
  );
  afterAll(() => {
    if (server.child.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  });

  it('drains once, closes and exits 0', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    process.kill(-server.pid, 'SIGTERM');
    expect(await exited(server.child)).toBe(0);
    const lines = server.log
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; signal?: string });
    const said = (start: string) => lines.filter((l) => l.msg.startsWith(start));
    expect(said('shutting down: /readyz answers 503')).toHaveLength(1);
    expect(said('shut down')).toHaveLength(1);
    expect(said('another signal')).toEqual([]);
    await expect(fetch(`${server.url}/healthz`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});
