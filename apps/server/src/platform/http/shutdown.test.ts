import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bootstrapFirstRun } from '../../bootstrap.ts';
import { TEST_PASSWORD, TEST_SECRET } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-db.ts';

describe('graceful shutdown', async () => {
  const db = await openTestDatabase();
  afterAll(() => db.close());
  await bootstrapFirstRun(db, TEST_PASSWORD);

  it('answers every request already received before closing, then refuses new connections', async () => {
    const app = await buildApp({
      db,
      config: { jwtSecret: TEST_SECRET, publicBaseUrl: 'http://x', logOutbox: false, defaultTenant: 'demo' },
      logLevel: 'silent',
      webDist: null,
      limits: { loginPerMinute: 1000 },
    });
    let received = 0;
    app.addHook('onRequest', async () => {
      received++;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const url = `http://127.0.0.1:${port}/api/auth/login`;
    const inFlight = 24;
    const requests = Array.from({ length: inFlight }, () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'superadmin', password: TEST_PASSWORD }),
      }).then((r) => r.status),
    );
    const deadline = Date.now() + 5000;
    while (received < inFlight && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
    const closing = app.close();
    const statuses = await Promise.all(requests);
    await closing;
    expect(statuses).toEqual(Array(inFlight).fill(200));
    // closed: nothing listens any more (not an error answer, nor a reset mid-request)
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    });
  });
});
