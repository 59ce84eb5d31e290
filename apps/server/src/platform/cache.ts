import type { Invalidation, InvalidationBus } from './invalidation.ts';

/** A cached value: its load, when it goes stale, and what it loaded once it has. */
type Entry<V> = { value: Promise<V>; expiresAt: number; settled?: { value: V } };

/**
 * A small in-process cache of reference data read on every public request (a tenant by slug, a
 * country's rules). Entries live `ttlMs`; writes in this process delete them at once, and, with an
 * invalidation bus, in every other process as soon as the message arrives (else within `ttlMs`).
 * Concurrent misses for one key share one load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly onForget: (key: string | null) => void = () => {},
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const entry: Entry<V> = { value, expiresAt: now + this.ttlMs };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.settled = { value: loaded };
      },
      () => this.entries.delete(key),
    );
    return value;
  }

  /**
   * The value of `key` if it is held, fresh and loaded, without waiting: for answers given before
   * any promise is made (the front door, platform/http/front-door.ts). Undefined otherwise.
   */
  peek(key: string): { value: V } | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > performance.now() ? hit.settled : undefined;
  }

  /** Whether `key` is held and fresh: `get` would answer it without loading. */
  holds(key: string): boolean {
    const hit = this.entries.get(key);
    return hit !== undefined && hit.expiresAt > performance.now();
  }

  /** Forgets `key` here and in every other process. */
  delete(key: string): void {
    this.entries.delete(key);
    this.onForget(key);
  }

  /** Forgets everything here and in every other process. */
  clear(): void {
    this.entries.clear();
    this.onForget(null);
  }

  /** What another process forgot: forgotten here only. */
  forgetLocally(key: string | null): void {
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }
}

/**
 * The application's caches by name; each feature names and types its own. With a bus, what one
 * process forgets every process forgets (see docs/architecture.md, "One truth across processes").
 */
export class CacheRegistry {
  private readonly caches = new Map<string, TtlCache<unknown>>();

  constructor(private readonly bus: InvalidationBus | null = null) {}

  named<V>(name: string, ttlMs: number): TtlCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      const bus = this.bus;
      cache = new TtlCache<unknown>(
        ttlMs,
        10_000,
        bus ? (key) => bus.publish({ cache: name, key }) : undefined,
      );
      this.caches.set(name, cache);
    }
    return cache as TtlCache<V>;
  }

  /** Applies another process's change (a cache not used here yet has nothing to forget). */
  apply(message: Invalidation): void {
    this.caches.get(message.cache)?.forgetLocally(message.key);
  }

  /** Messages may have been lost (the bus reconnected): every cache starts afresh. */
  forgetAll(): void {
    for (const cache of this.caches.values()) cache.forgetLocally(null);
  }
}
