import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpTestClient } from '../../testing/http-client.ts';
import { exited, reportFigure, serverEnv, startServer, until } from '../../testing/processes.ts';
import { cloneTestDatabase } from '../../testing/test-db.ts';

const DRAIN_MS = 3000;

/** One GET over a kept-alive connection of `agent`: its status, or the network error's code. */
function get(agent: http.Agent, url: string, token: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('SIGTERM under keep-alive load, to a real server process', async () => {
  const database = await cloneTestDatabase();
  const server = await startServer(
    serverEnv(database.url, await mkdtemp(join(tmpdir(), 'promo-sigterm-')), {
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    }),
  );
  afterAll(() => {
    server.child.kill('SIGKILL');
  });
  const client = await httpTestClient(server.url);
  const { token, userId } = client.superadmin;

  it('says not ready at once, serves every request during the drain, then exits 0', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const url = `${server.url}/api/users/${userId}`;
    const results: (number | string)[] = [];
    let loading = true;
    const workers = Array.from({ length: 20 }, async () => {
      while (loading) results.push(await get(agent, url, token));
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const beforeSignal = results.length;

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await until(async () => (await fetch(`${server.url}/readyz`)).status === 503, 1000, 20);
    const notReadyAfterMs = Date.now() - signalledAt;

    // load until shortly before the drain ends (a balancer has moved away by then)
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS - 600 - (Date.now() - signalledAt)));
    loading = false;
    await Promise.all(workers);
    agent.destroy();
    const code = await exited(server.child);
    const exitedAfterMs = Date.now() - signalledAt;
    reportFigure(
      `SIGTERM: /readyz 503 after ${notReadyAfterMs} ms; ${results.length} requests (${results.length - beforeSignal} during the drain) over 20 kept-alive connections; exit ${code} after ${exitedAfterMs} ms`,
    );

    expect(notReadyAfterMs).toBeLessThan(1000);
    expect(results.length - beforeSignal).toBeGreaterThan(0);
    expect(results.filter((status) => status !== 200)).toEqual([]);
    expect(code).toBe(0);
    expect(exitedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS);
    await expect(fetch(`${server.url}/healthz`)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});
