import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bootstrapFirstRun } from '../../bootstrap.ts';
import { freePort, startRedis, until } from '../../testing/processes.ts';
import { randomIp, TEST_PASSWORD, TEST_SECRET } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-db.ts';
import { systemClock } from '../clock.ts';
import { connectRedis } from './redis-client.ts';
import { RedisFallback } from './redis-fallback.ts';
import { createThrottle } from './throttle.ts';

// A Redis of its own (127.0.0.1, a free port), stopped and started again in the middle of the run.
describe('rate limits when Redis stops and comes back', async () => {
  const port = await freePort();
  let server = await startRedis(port);
  const db = await openTestDatabase();
  await bootstrapFirstRun(db, TEST_PASSWORD);
  const redis = connectRedis(`redis://127.0.0.1:${port}`);
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    db,
    redis,
    config: { jwtSecret: TEST_SECRET, publicBaseUrl: 'http://x', logOutbox: false, defaultTenant: 'demo' },
    logLevel: 'info',
    logStream,
    webDist: null,
    limits: { loginPerMinute: 4 },
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    redis.disconnect();
    server.kill('SIGKILL');
    await db.close();
  });

  const logins = async (ip: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        // a name per attempt: the account lock-out (in the database) stays out of the way
        payload: { username: `nobody-${ip}-${i}`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };
  const keysFor = async (ip: string) => {
    const probe = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1 });
    try {
      return (await probe.keys('promo-rl:*')).filter((key) => key.endsWith(ip));
    } finally {
      probe.disconnect();
    }
  };
  const warnings = () => logLines.filter((line) => line.includes('Redis is unavailable'));

  it('counts in Redis, then in memory with one warning while it is stopped, then in Redis again', async () => {
    await until(() => redis.status === 'ready', 5000);
    const before = randomIp();
    expect(await logins(before, 6)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(await keysFor(before)).toHaveLength(1);

    server.kill('SIGKILL');
    await until(() => redis.status !== 'ready', 5000);
    const during = randomIp();
    expect(await logins(during, 6)).toEqual([401, 401, 401, 401, 429, 429]);
    const others = await Promise.all(Array.from({ length: 5 }, () => logins(randomIp(), 5)));
    for (const statuses of others) expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(warnings()).toHaveLength(1);

    server = await startRedis(port);
    await until(() => redis.status === 'ready', 10_000);
    const after = randomIp();
    expect(await logins(after, 5)).toEqual([401, 401, 401, 401, 429]);
    expect(await keysFor(after)).toHaveLength(1);
    expect(logLines.filter((line) => line.includes('Redis is back'))).toHaveLength(1);
    expect(warnings()).toHaveLength(1);
  });

  it('keeps a throttle’s limit in memory while Redis is away', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const fallback = new RedisFallback(log);
    const throttle = createThrottle({
      name: `t${Date.now()}`,
      max: 3,
      windowMs: 60_000,
      clock: systemClock,
      redis: { client: redis, fallback },
    });
    await until(() => redis.status === 'ready', 10_000);
    expect(await Promise.all([1, 2].map(() => throttle.hit('k')))).toEqual([true, true]);
    server.kill('SIGKILL');
    await until(() => redis.status !== 'ready', 5000);
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push(await throttle.hit('k'));
    // memory starts its own window: the limit holds there too
    expect(hits).toEqual([true, true, true, false, false]);
    expect(await throttle.blocked('k')).toBe(true);
    expect(lines.filter((line) => line.includes('Redis is unavailable'))).toHaveLength(1);
    server = await startRedis(port);
    await until(() => redis.status === 'ready', 10_000);
    // Redis again, restarted empty (no persistence): its own count from zero
    const again = [];
    for (let i = 0; i < 4; i++) again.push(await throttle.hit('k'));
    expect(again).toEqual([true, true, true, false]);
    expect(lines.filter((line) => line.includes('Redis is back'))).toHaveLength(1);
  });
});
