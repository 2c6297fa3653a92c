// The full-page cache (ADR 038): finished HTML of anonymous page views (home, listings, product
// and content pages), kept in this process and served again until something it shows changes.
// Each page is stored with the tags of what it shows — the same names as the data caches' keys
// (`catalog:product:12:`, `catalog:list`, `content:` …) — and forgotten when any invalidation
// reaches it: a service's `invalidate` (an owner's edit, here and through the cache bus in every
// process) or the database's own notice of a stock change (a sale). A page whose render began
// before an invalidation that touches it is not stored, so a render racing a change never puts
// the old page back. The TTL is the safety net for a notice lost while a listening connection was
// down. Only finished, personal-free pages arrive here: server/http/ssr.ts decides which.
import { LRUCache } from 'lru-cache';
import type { CacheBus, Forgetful } from './cache.ts';

export interface CachedPage {
  status: number;
  /** The response's own headers (content type, Vary …; never Set-Cookie). */
  headers: [string, string][];
  /** The HTML, with no CSP nonce in it: its inline scripts are allowed by their hashes. */
  body: Buffer;
  /** Its Content-Security-Policy: the shop's, with the inline scripts' hashes for the nonce. */
  csp: string;
  etag: string;
  /** The body compressed, per encoding, made on first demand. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  tags: string[];
}

/** Does invalidating `prefix` touch something tagged `tag`? Either names the other's subset. */
function touches(prefix: string, tag: string): boolean {
  return prefix === '' || tag.startsWith(prefix) || prefix.startsWith(tag);
}

/** How many recent invalidations are remembered to judge renders that were running meanwhile. */
const RECENT = 256;

export interface PageCacheOptions {
  /** How long a page may be served without any invalidation (the safety net). */
  ttlMs: number;
  /** Memory the cached pages may take, in bytes. */
  maxBytes: number;
  now?: () => number;
  bus?: CacheBus;
}

export class PageCache implements Forgetful {
  private readonly lru: LRUCache<string, CachedPage>;
  /** Counts invalidations; a render notes it when it starts. */
  private generation = 0;
  private readonly recent: { generation: number; prefix: string }[] = [];
  /**
   * Keys of pages their route shares (kept once, or rendered for a personal visitor with tags):
   * a personal visitor's miss on one renders the anonymous page to keep it (ADR 043); any other
   * page is just rendered for them.
   */
  private readonly shared = new LRUCache<string, true>({ max: 20_000 });
  hits = 0;
  misses = 0;

  constructor(options: PageCacheOptions) {
    this.lru = new LRUCache<string, CachedPage>({
      max: 5000,
      maxSize: options.maxBytes,
      sizeCalculation: (page) => page.body.byteLength + 512,
      ttl: options.ttlMs,
      ttlResolution: 0,
      perf: { now: options.now ?? Date.now },
    });
    options.bus?.join(this);
  }

  get(key: string): CachedPage | undefined {
    const page = this.lru.get(key);
    if (page) this.hits += 1;
    else this.misses += 1;
    return page;
  }

  /** Call as a render starts; hand the result to `set` with the page once it is finished. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keeps a finished page, unless an invalidation touching one of its tags arrived since its
   * render began (it may show what was just changed), or too many arrived to tell.
   */
  set(key: string, page: CachedPage, begunAt: number): boolean {
    if (this.generation !== begunAt) {
      const oldest = this.recent[0]?.generation ?? this.generation;
      if (begunAt < oldest - 1) return false;
      for (const change of this.recent) {
        if (change.generation > begunAt && page.tags.some((tag) => touches(change.prefix, tag))) return false;
      }
    }
    this.lru.set(key, page);
    this.shared.set(key, true);
    return true;
  }

  /** Notes that the page under `key` is one its route shares (rendered, not kept). */
  noteShared(key: string): void {
    this.shared.set(key, true);
  }

  /** Is the page under `key` one its route shares, as far as this process has seen? */
  isShared(key: string): boolean {
    return this.shared.has(key);
  }

  /**
   * Forgets every page showing something under `prefix` (all pages when empty). The bus calls it
   * for every invalidation of a data cache, in this process or another, and for the database's
   * stock notices.
   */
  forget(prefix = ''): void {
    this.generation += 1;
    this.recent.push({ generation: this.generation, prefix });
    if (this.recent.length > RECENT) this.recent.shift();
    for (const [key, page] of this.lru.entries()) {
      if (page.tags.some((tag) => touches(prefix, tag))) this.lru.delete(key);
    }
  }

  get size(): number {
    return this.lru.size;
  }
}

/**
 * What a page says about itself while it renders (the load context's `page`): a route whose
 * content is the same for every anonymous visitor shares it, naming the tags of what it shows
 * (app/lib/page-cache.server.ts). A page nobody shares is never kept.
 */
export class PageRender {
  readonly tags = new Set<string>();
  /** A loader or action could not reach the database: the page is answered with a plain 503 (ADR 050). */
  databaseUnavailable = false;

  share(tags: readonly string[]): void {
    for (const tag of tags) this.tags.add(tag);
  }
}
