import { Redis } from 'ioredis';

/**
 * A Redis client for shared rate limits that never makes a request wait on Redis: while it is
 * away, commands fail at once (no offline queue, one try, a second at most per command) and the
 * limits count in memory; it reconnects by itself every 0.2-2 s.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // connection errors are reported by the rate limits that fall back (one warning), not here
  redis.on('error', () => {});
  return redis;
}
