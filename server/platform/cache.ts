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
  /** Keys with a load in flight, and how many callers wait on each. */
  private readonly loading = new Map<string, number>();

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

  /**
   * The value under `key`, loaded when missing. A load that was running when its key was
   * forgotten (the data changed meanwhile) is thrown away and the value loaded again, so the
   * caller gets what is true after the change, never an error or the old value.
   */
  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let loadFailed = false;
      const context = () =>
        load().catch((error: unknown) => {
          loadFailed = true;
          throw error;
        });
      this.loading.set(key, (this.loading.get(key) ?? 0) + 1);
      try {
        const entry = (await this.lru.fetch(key, { ttl: ttlMs, context })) as { value: T };
        return entry.value;
      } catch (error) {
        // The load's own failure is the caller's; a forgotten load (lru-cache aborts it) is retried.
        if (loadFailed) throw error;
        if (attempt >= 3) return load();
      } finally {
        const left = (this.loading.get(key) ?? 1) - 1;
        if (left > 0) this.loading.set(key, left);
        else this.loading.delete(key);
      }
    }
  }

  /**
   * The value under `key` when one is held and fresh, without loading or waiting (undefined when
   * missing, expired, forgotten or still loading): the synchronous fast path for a value that is
   * usually there. A forgotten key is gone at once, so a peek never returns what `invalidate` removed.
   */
  peek<T>(key: string): T | undefined {
    return (this.lru.get(key) as { value: T } | undefined)?.value;
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
    // lru-cache's keys() leaves out loads in flight: those are tracked here, so they are stopped too.
    for (const key of new Set([...this.lru.keys(), ...this.loading.keys()])) {
      if (key.startsWith(prefix)) this.lru.delete(key);
    }
  }
}

/**
 * The prefix of everything kept for one account (its saved products, what it may do about a
 * product's reviews). The database announces it when the account's wishlist, reviews or orders
 * change (migration 0018, ADR 053), so every process forgets that account's entries at once.
 */
export function accountCacheKey(userId: number): string {
  return `account:${userId}:`;
}
