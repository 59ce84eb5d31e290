import type { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

/**
 * Fixed-window counters by key (an identity, an account, a client): `hit` counts one attempt and
 * answers whether it is within `max` per window. In memory per process, or in Redis when given,
 * so that several servers share the counts. A Redis failure lets the request through.
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
  redis?: Redis | null;
}): Throttle {
  const { name, max, windowMs, clock, redis } = options;
  if (redis) {
    return {
      async hit(key) {
        try {
          const redisKey = `promo-th:${name}:${key}`;
          const [[, count]] = (await redis
            .multi()
            .incr(redisKey)
            .pexpire(redisKey, windowMs, 'NX')
            .exec()) as [[unknown, number]];
          return count <= max;
        } catch {
          return true;
        }
      },
      async blocked(key) {
        try {
          return Number((await redis.get(`promo-th:${name}:${key}`)) ?? 0) >= max;
        } catch {
          return false;
        }
      },
    };
  }
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const now = clock.now().getTime();
      if (windows.size > 100_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1 <= max;
      }
      current.count += 1;
      return current.count <= max;
    },
    async blocked(key) {
      const current = windows.get(key);
      return Boolean(current && current.resetAt > clock.now().getTime() && current.count >= max);
    },
  };
}
