import { describe, expect, it } from 'vitest';
import { localCacheBus, TtlCache } from './cache.ts';
import { type CachedPage, PageCache } from './page-cache.ts';

function page(tags: string[], text = 'html'): CachedPage {
  return { status: 200, headers: [], body: Buffer.from(text), csp: '', etag: '"x"', encoded: {}, tags };
}

describe('the page cache', () => {
  it('forgets exactly the pages that show what changed', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    cache.set('/p/12', page(['content:', 'catalog:product:12:', 'catalog:list']), cache.begin());
    cache.set('/p/13', page(['content:', 'catalog:product:13:', 'catalog:list']), cache.begin());
    cache.set('/', page(['content:', 'catalog:home']), cache.begin());

    cache.forget('catalog:product:12:');
    expect(cache.get('/p/12')).toBeUndefined();
    expect(cache.get('/p/13')).toBeDefined();
    expect(cache.get('/')).toBeDefined();

    cache.forget('catalog:list');
    expect(cache.get('/p/13')).toBeUndefined();
    expect(cache.get('/')).toBeDefined();

    // A settings change (content:hero …) reaches every page; "catalog:" every catalogue page.
    cache.forget('content:hero');
    expect(cache.get('/')).toBeUndefined();
  });

  it('does not keep a page whose render began before a change it shows', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const begun = cache.begin();
    cache.forget('catalog:product:12:');
    expect(cache.set('/p/12', page(['catalog:product:12:']), begun)).toBe(false);
    expect(cache.get('/p/12')).toBeUndefined();
    // A change elsewhere meanwhile does not stop it.
    expect(cache.set('/p/13', page(['catalog:product:13:']), begun)).toBe(true);
  });

  it('refuses when too many changes came during a render to tell', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const begun = cache.begin();
    for (let i = 0; i < 300; i++) cache.forget(`catalog:product:${1000 + i}:`);
    expect(cache.set('/p/13', page(['catalog:product:13:']), begun)).toBe(false);
  });

  it('hears every data cache invalidation on its bus', async () => {
    const bus = localCacheBus();
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1_000_000, bus });
    const data = new TtlCache(Date.now, 100, bus);
    await data.get('catalog:home', 10_000, async () => 1);
    cache.set('/', page(['content:', 'catalog:home']), cache.begin());
    data.invalidate('catalog:');
    expect(cache.get('/')).toBeUndefined();
  });

  it('keeps pages for the TTL at most and within its memory', () => {
    let now = 5000; // lru-cache reads a start time of 0 as "never set"
    const cache = new PageCache({ ttlMs: 1000, maxBytes: 3000, now: () => now });
    cache.set('/a', page(['content:'], 'a'.repeat(1000)), cache.begin());
    now = 6001;
    expect(cache.get('/a')).toBeUndefined();
    for (const k of ['/1', '/2', '/3', '/4'])
      cache.set(k, page(['content:'], 'b'.repeat(1000)), cache.begin());
    expect(cache.size).toBeLessThanOrEqual(2);
  });
});
