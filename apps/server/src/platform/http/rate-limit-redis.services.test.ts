import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bootstrapFirstRun } from '../../bootstrap.ts';
import { randomIp, TEST_PASSWORD, TEST_SECRET } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-db.ts';

// Runs with the service suites (npm run test:pg), where Redis is at TEST_REDIS_URL.
describe('rate limits shared through Redis', async () => {
  const db = await openTestDatabase();
  await bootstrapFirstRun(db, TEST_PASSWORD);
  const redis = new Redis(process.env.TEST_REDIS_URL as string);
  const make = () =>
    buildApp({
      db,
      redis,
      config: { jwtSecret: TEST_SECRET, publicBaseUrl: 'http://x', logOutbox: false, defaultTenant: 'demo' },
      logLevel: 'silent',
      webDist: null,
      limits: { loginPerMinute: 4, publicPerMinute: 3 },
    });
  const [one, two] = await Promise.all([make(), make()]);
  afterAll(async () => {
    await one.close();
    await two.close();
    redis.disconnect();
    await db.close();
  });

  it('counts one address across two servers', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? one : two;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { username: `nobody${i}`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts one address’s landing-page look-ups across two servers', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? one : two;
      const res = await app.inject({
        method: 'GET',
        url: `/demo/landing/nothing-${ip.replaceAll('.', '-')}-${i}`,
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });
});
