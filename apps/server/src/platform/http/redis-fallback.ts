import type { FastifyBaseLogger } from 'fastify';

/**
 * Shared rate-limit counts go to Redis while it answers and to this process's memory while it
 * does not: one warning when it stops answering, one line when it answers again, never an error
 * for the request. Every count tries Redis first (failing at once while it is away, see
 * redis-client.ts), so the counts go back to Redis as soon as it returns.
 */
export class RedisFallback {
  private down = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  async run<T>(viaRedis: () => Promise<T>, inMemory: () => T): Promise<T> {
    let result: T;
    try {
      result = await viaRedis();
    } catch (error) {
      if (!this.down) {
        this.down = true;
        this.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'Redis is unavailable: rate limits count in this process’s memory until it returns',
        );
      }
      return inMemory();
    }
    if (this.down) {
      this.down = false;
      this.log.info('Redis is back: rate limits count in Redis again');
    }
    return result;
  }
}

/** Fixed-window counters by key in this process's memory (bounded: expired windows are swept). */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one hit of `key` at `now`; answers the count in its window and when that ends. */
  hit(key: string, windowMs: number, now: number): { count: number; resetAt: number } {
    if (this.windows.size > 100_000) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    }
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    current.count += 1;
    return { ...current };
  }

  /** The hits of `key` in its current window at `now`, without counting. */
  count(key: string, now: number): number {
    const current = this.windows.get(key);
    return current && current.resetAt > now ? current.count : 0;
  }
}
