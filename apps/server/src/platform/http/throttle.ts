import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import { MemoryWindows, type RedisFallback } from './redis-fallback.ts';

/**
 * Fixed-window counters by key (an identity, an account, a client): `hit` counts one attempt and
 * answers whether it is within `max` per window. In memory per process, or in Redis when given,
 * so that several servers share the counts; while Redis is away they count in memory (see
 * RedisFallback), so a limit still holds.
 */
export type Throttle = {
  /** Counts one attempt; answers whether it is within the limit. */
  hit(key: string): Promise<boolean>;
  /** Whether the key has used up its attempts for now, without counting. */
  blocked(key: string): Promise<boolean>;
};

export function createThrottle(options: {
  name: string;
  max: number;
  windowMs: number;
  clock: Clock;
  redis?: { client: Redis; fallback: RedisFallback } | null;
}): Throttle {
  const { name, max, windowMs, clock, redis } = options;
  const memory = new MemoryWindows();
  const inMemory = {
    hit: (key: string) => memory.hit(key, windowMs, clock.now().getTime()).count <= max,
    blocked: (key: string) => memory.count(key, clock.now().getTime()) >= max,
  };
  if (!redis) {
    return { hit: async (key) => inMemory.hit(key), blocked: async (key) => inMemory.blocked(key) };
  }
  const { client, fallback } = redis;
  const redisKey = (key: string) => `promo-th:${name}:${key}`;
  return {
    hit: (key) =>
      fallback.run(
        async () => {
          const replies = await client
            .multi()
            .incr(redisKey(key))
            .pexpire(redisKey(key), windowMs, 'NX')
            .exec();
          const [error, count] = replies?.[0] ?? [new Error('Redis transaction discarded')];
          if (error) throw error;
          return Number(count) <= max;
        },
        () => inMemory.hit(key),
      ),
    blocked: (key) =>
      fallback.run(
        async () => Number((await client.get(redisKey(key))) ?? 0) >= max,
        () => inMemory.blocked(key),
      ),
  };
}
