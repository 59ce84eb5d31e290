import { afterAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../testing/test-db.ts';
import {
  type Invalidation,
  type InvalidationBus,
  postgresInvalidationBus,
  redisInvalidationBus,
} from './invalidation.ts';

/** Two processes' buses: what one publishes, the other hears (within a second), never itself. */
async function heardAcross(a: InvalidationBus, b: InvalidationBus) {
  const heardByA: Invalidation[] = [];
  const heardByB: Invalidation[] = [];
  await a.subscribe(
    (m) => heardByA.push(m),
    () => {},
  );
  await b.subscribe(
    (m) => heardByB.push(m),
    () => {},
  );
  a.publish({ cache: 'principals', key: 'tenant:user' });
  a.publish({ cache: 'tenants-by-slug', key: null });
  const deadline = Date.now() + 1000;
  while (heardByB.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return { heardByA, heardByB };
}

const expected = [
  { cache: 'principals', key: 'tenant:user' },
  { cache: 'tenants-by-slug', key: null },
];

describe('the invalidation bus between processes', () => {
  it('through Redis pub/sub', async () => {
    const url = process.env.TEST_REDIS_URL as string;
    const a = redisInvalidationBus(url);
    const b = redisInvalidationBus(url);
    afterAll(async () => {
      await a.close();
      await b.close();
    });
    const { heardByA, heardByB } = await heardAcross(a, b);
    expect(heardByB).toEqual(expected);
    expect(heardByA).toEqual([]);
  });

  it('through PostgreSQL LISTEN/NOTIFY', async () => {
    const { url } = await cloneTestDatabase();
    const a = postgresInvalidationBus(url);
    const b = postgresInvalidationBus(url);
    afterAll(async () => {
      await a.close();
      await b.close();
    });
    const { heardByA, heardByB } = await heardAcross(a, b);
    expect(heardByB).toEqual(expected);
    expect(heardByA).toEqual([]);
  });
});
