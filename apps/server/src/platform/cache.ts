/**
 * A small in-process cache of reference data read on every public request (a tenant by slug, a
 * country's rules). Entries live `ttlMs`; writes in this process delete them at once, and other
 * processes see a change within `ttlMs`. Concurrent misses for one key share one load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The application's caches by name; each feature names and types its own. */
export class CacheRegistry {
  private readonly caches = new Map<string, TtlCache<unknown>>();

  named<V>(name: string, ttlMs: number): TtlCache<V> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new TtlCache<unknown>(ttlMs);
      this.caches.set(name, cache);
    }
    return cache as TtlCache<V>;
  }
}
