import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MemoryWindows, type RedisFallback } from './redis-fallback.ts';

type Counted = { current: number; ttl: number };

/**
 * A store for `@fastify/rate-limit` that counts in Redis (fixed windows shared by every server)
 * and in memory while Redis is away, instead of letting every request through.
 */
export function fallbackRateLimitStore(
  redis: Redis,
  fallback: RedisFallback,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = nameSpace,
      private readonly memory = new MemoryWindows(),
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      const redisKey = this.prefix + key;
      fallback
        .run(
          async () => {
            const replies = await redis
              .multi()
              .incr(redisKey)
              .pexpire(redisKey, timeWindow, 'NX')
              .pttl(redisKey)
              .exec();
            const failed = replies?.find(([error]) => error);
            if (!replies || failed) throw failed?.[0] ?? new Error('Redis transaction discarded');
            return { current: Number(replies[0]?.[1]), ttl: Math.max(0, Number(replies[2]?.[1])) };
          },
          () => {
            const now = Date.now();
            const window = this.memory.hit(redisKey, timeWindow, now);
            return { current: window.count, ttl: window.resetAt - now };
          },
        )
        .then(
          (counted) => callback(null, counted),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // the plugin passes the route as `routeInfo` (its types say otherwise)
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      return new FallbackStore(
        undefined,
        `${this.prefix}${route.method ?? ''}${route.url ?? ''}-`,
        this.memory,
      ) as FastifyRateLimitStore;
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
