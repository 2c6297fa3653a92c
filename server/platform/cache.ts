// A small in-process cache for read-mostly, shop-wide data (home sections, categories, settings).
// Values are at most `ttlMs` old; concurrent misses share one load; a failed load is not cached.
// Each process has its own copy, so staleness across processes is bounded by the TTL, and a
// process that changes the data calls `invalidate` to see its own change at once.

interface Entry<T> {
  value?: T;
  expires: number;
  pending?: Promise<T>;
}

export class TtlCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly now: () => number = Date.now,
    /** Oldest entries are dropped beyond this many, so arbitrary keys (query strings) cannot grow memory. */
    private readonly maxEntries = 1000,
  ) {}

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry && 'value' in entry && entry.expires > this.now()) return entry.value as T;
    if (entry?.pending) return entry.pending;
    const pending = load().then(
      (value) => {
        this.entries.delete(key);
        this.entries.set(key, { value, expires: this.now() + ttlMs });
        while (this.entries.size > this.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest === undefined) break;
          this.entries.delete(oldest);
        }
        return value;
      },
      (error: unknown) => {
        this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, { ...entry, expires: entry?.expires ?? 0, pending });
    return pending;
  }

  /** Forgets every key that starts with `prefix` (all keys when empty). */
  invalidate(prefix = ''): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
