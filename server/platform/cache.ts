// A small in-process cache for read-mostly, shop-wide data (home sections, categories, settings),
// on lru-cache (ADR 008): values are at most `ttlMs` old; at most `maxEntries` are kept (least
// recently used dropped first), so arbitrary keys (query strings) cannot grow memory; concurrent
// misses share one load; a failed load is not cached. Each process has its own copy; a process
// that changes the data calls `invalidate`, which forgets the keys here and, when the cache is on
// a bus (ADR 033), tells every other process on the same PostgreSQL to forget them too. The TTL
// stays as the safety net for a message lost while a listening connection was down.
import { LRUCache } from 'lru-cache';

type Load = () => Promise<unknown>;
/** lru-cache keeps objects (never undefined), so a loaded value is boxed. */
type Boxed = { value: unknown };

/** Anything that can forget what it holds under a key prefix: a TtlCache, the page cache. */
export interface Forgetful {
  forget(prefix: string): void;
}

/**
 * Carries invalidations to the other processes (see server/db/cache-bus.ts), and the database's
 * own change notices (a sale's stock change) to every process, this one included.
 */
export interface CacheBus {
  /** Forgets the keys starting with `prefix` in every cache of this process and the others. */
  publish(prefix: string): void;
  /** Joins a cache, so invalidations from other processes and the database reach it. */
  join(cache: Forgetful): void;
}

/** A bus for one process with no database to listen to (scripts): the caches it joins only. */
export function localCacheBus(): CacheBus {
  const caches = new Set<Forgetful>();
  return {
    publish(prefix) {
      for (const cache of caches) cache.forget(prefix);
    },
    join(cache) {
      caches.add(cache);
    },
  };
}

export class TtlCache {
  private readonly lru: LRUCache<string, Boxed, Load>;
  private readonly bus: CacheBus | undefined;

  constructor(now: () => number = Date.now, maxEntries = 1000, bus?: CacheBus) {
    this.lru = new LRUCache<string, Boxed, Load>({
      max: maxEntries,
      // Each get() says how long its value lives; this is only the ceiling lru-cache requires.
      ttl: 24 * 60 * 60 * 1000,
      // Read the clock on every check (the default caches it for 1 ms).
      ttlResolution: 0,
      perf: { now },
      fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
    });
    this.bus = bus;
    bus?.join(this);
  }

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = (await this.lru.fetch(key, { ttl: ttlMs, context: load })) as { value: T };
    return entry.value;
  }

  /**
   * Forgets every key that starts with `prefix` (all keys when empty), here and, on a bus, in
   * every other process. Call it after the change has committed.
   */
  invalidate(prefix = ''): void {
    this.forget(prefix);
    this.bus?.publish(prefix);
  }

  /** Forgets keys in this process only (what the bus does when another process invalidates). */
  forget(prefix = ''): void {
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix)) this.lru.delete(key);
  }
}
