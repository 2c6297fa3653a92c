import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache.ts';

describe('TtlCache', () => {
  it('serves a value until its time is up, then loads again', async () => {
    let now = 50_000;
    const cache = new TtlCache(() => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', 1000, load)).toBe(1);
    now = 50_999;
    expect(await cache.get('k', 1000, load)).toBe(1);
    now = 51_001;
    expect(await cache.get('k', 1000, load)).toBe(2);
    // Another key lives as long as its own get() says.
    expect(await cache.get('short', 10, load)).toBe(3);
    now = 51_012;
    expect(await cache.get('short', 10, load)).toBe(4);
    expect(await cache.get('k', 1000, load)).toBe(2);
  });

  it('shares one load between concurrent callers and does not keep failures', async () => {
    const cache = new TtlCache(() => 0);
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    const values = await Promise.all([cache.get('k', 1000, slow), cache.get('k', 1000, slow)]);
    expect(values).toEqual([1, 1]);
    await expect(cache.get('bad', 1000, () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('bad', 1000, async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most maxEntries values, dropping the oldest', async () => {
    const cache = new TtlCache(() => 0, 2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', 1000, load);
    await cache.get('b', 1000, load);
    await cache.get('c', 1000, load);
    expect(await cache.get('b', 1000, load)).toBe(2);
    expect(await cache.get('a', 1000, load)).toBe(4);
  });

  it('forgets keys by prefix', async () => {
    const cache = new TtlCache(() => 0);
    await cache.get('catalog:home', 1000, async () => 'old');
    cache.invalidate('catalog:');
    expect(await cache.get('catalog:home', 1000, async () => 'new')).toBe('new');
  });

  it('tells the bus what it forgets, and forgets what the bus brings from other processes', async () => {
    const published: string[] = [];
    const joined: TtlCache[] = [];
    const bus = {
      publish: (prefix: string) => published.push(prefix),
      join: (c: TtlCache) => joined.push(c),
    };
    const here = new TtlCache(() => 0, 10, bus);
    const there = new TtlCache(() => 0, 10, bus);
    expect(joined).toEqual([here, there]);
    await here.get('content:settings', 1000, async () => 'old');
    await there.get('content:settings', 1000, async () => 'old');
    here.invalidate('content:');
    expect(published).toEqual(['content:']);
    expect(await here.get('content:settings', 1000, async () => 'new')).toBe('new');
    // What the bus does for a message from another process: forget here, without telling again.
    there.forget('content:');
    expect(published).toEqual(['content:']);
    expect(await there.get('content:settings', 1000, async () => 'new')).toBe('new');
  });
});

describe('a load overtaken by a change', () => {
  it('is loaded again: the caller gets the new value, not an error or the old one', async () => {
    const cache = new TtlCache();
    let version = 'old';
    let calls = 0;
    const pending = cache.get('catalog:product:1:', 10_000, async () => {
      calls += 1;
      const seen = version;
      await new Promise((r) => setTimeout(r, 30));
      return seen;
    });
    await new Promise((r) => setTimeout(r, 5));
    version = 'new';
    cache.invalidate('catalog:product:1:');
    await expect(pending).resolves.toBe('new');
    expect(calls).toBe(2);
    await expect(cache.get('catalog:product:1:', 10_000, async () => 'other')).resolves.toBe('new');
  });

  it('still reports the load’s own failure', async () => {
    const cache = new TtlCache();
    await expect(
      cache.get('k', 1000, async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
  });
});

describe('peek', () => {
  it('gives a held, fresh value at once, and nothing missing, loading, expired or forgotten', async () => {
    let now = 1_000;
    const cache = new TtlCache(() => now);
    expect(cache.peek('k')).toBeUndefined();
    let release: (value: string) => void = () => {};
    const pending = cache.get('k', 100, () => new Promise<string>((r) => (release = r)));
    expect(cache.peek('k')).toBeUndefined();
    release('v');
    await pending;
    expect(cache.peek('k')).toBe('v');
    now = 1_101;
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', 100, async () => 'w');
    expect(cache.peek('k')).toBe('w');
    cache.invalidate('k');
    expect(cache.peek('k')).toBeUndefined();
  });
});
