// A small in-process cache for read-mostly, shop-wide data (home sections, categories, settings),
// on lru-cache (ADR 008): values are at most `ttlMs` old; at most `maxEntries` are kept (least
// recently used dropped first), so arbitrary keys (query strings) cannot grow memory; concurrent
// misses share one load; a failed load is not cached. Each process has its own copy, so staleness
// across processes is bounded by the TTL, and a process that changes the data calls `invalidate`
// to see its own change at once.
import { LRUCache } from 'lru-cache';

type Load = () => Promise<unknown>;
/** lru-cache keeps objects (never undefined), so a loaded value is boxed. */
type Boxed = { value: unknown };

export class TtlCache {
  private readonly lru: LRUCache<string, Boxed, Load>;

  constructor(now: () => number = Date.now, maxEntries = 1000) {
    this.lru = new LRUCache<string, Boxed, Load>({
      max: maxEntries,
      // Each get() says how long its value lives; this is only the ceiling lru-cache requires.
      ttl: 24 * 60 * 60 * 1000,
      // Read the clock on every check (the default caches it for 1 ms).
      ttlResolution: 0,
      perf: { now },
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    });
  }

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = (await this.lru.fetch(key, { ttl: ttlMs, context: load })) as { value: T };
    return entry.value;
  }

  /** Forgets every key that starts with `prefix` (all keys when empty). */
  invalidate(prefix = ''): void {
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix)) this.lru.delete(key);
  }
}
