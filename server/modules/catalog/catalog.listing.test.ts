// GET /api/v1/products (the same service as /collections): filters, sorting, paging and search
// in the database, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const DAY = 86_400_000;

interface Item {
  name: string;
  priceKobo: number;
  variants: { sku: string; priceKobo: number; stock: number; options: Record<string, string> }[];
  images: unknown[];
}
interface ListPage {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

async function list(query: string): Promise<ListPage> {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/products${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListPage;
}
const names = (page: ListPage) => page.items.map((i) => i.name);

beforeAll(async () => {
  shop = await createTestShop();
  const db = shop.database.db;
  const now = Date.now();
  await createProduct(db, {
    name: 'Brazilian Body Wave Bundle',
    category: 'bundles',
    subcategory: 'Body Wave',
    salesCount: 120,
    createdAt: new Date(now - 50 * DAY),
    variants: [
      { priceKobo: 3_000_000, options: { length: '12"' } },
      { priceKobo: 6_000_000, options: { length: '24"' } },
    ],
    withImage: true,
  });
  await createProduct(db, {
    name: 'Peruvian Deep Wave Bundle',
    category: 'bundles',
    subcategory: 'Deep Wave',
    salesCount: 40,
    createdAt: new Date(now - 10 * DAY),
    variants: [{ priceKobo: 4_500_000, compareAtPriceKobo: 5_000_000, options: { length: '16"' } }],
  });
  await createProduct(db, {
    name: 'HD Lace Frontal 13x4',
    category: 'lace-frontals',
    subcategory: 'Frontal',
    salesCount: 90,
    createdAt: new Date(now - 5 * DAY),
    variants: [{ priceKobo: 8_000_000, options: { laceSize: '13x4', length: '18"' } }],
  });
  await createProduct(db, {
    name: 'Honey Blonde Straight Wig',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    salesCount: 10,
    isFlashSale: true,
    createdAt: new Date(now - 2 * DAY),
    variants: [{ priceKobo: 25_000_000, options: { colour: '613', length: '22"' } }],
  });
  await createProduct(db, {
    name: 'X-pression Braiding Hair',
    category: 'braiding-hair',
    subcategory: 'Pre-stretched',
    salesCount: 300,
    createdAt: new Date(now - 70 * DAY),
    variants: [{ priceKobo: 350_000, options: { colour: '1B' } }],
  });
  await createProduct(db, {
    name: 'Retired Wig',
    category: 'wigs',
    isActive: false,
    createdAt: new Date(now),
  });
});
afterAll(async () => {
  await shop.close();
});

describe('filtering', () => {
  it('lists every active product, newest first, with variants and images', async () => {
    const page = await list('');
    expect(page.total).toBe(5);
    expect(names(page)).toEqual([
      'Honey Blonde Straight Wig',
      'HD Lace Frontal 13x4',
      'Peruvian Deep Wave Bundle',
      'Brazilian Body Wave Bundle',
      'X-pression Braiding Hair',
    ]);
    const bundle = page.items.find((i) => i.name === 'Brazilian Body Wave Bundle')!;
    expect(bundle.priceKobo).toBe(3_000_000);
    expect(bundle.variants.map((v) => v.priceKobo)).toEqual([3_000_000, 6_000_000]);
    expect(bundle.images).toHaveLength(1);
  });

  it('filters by category, new arrivals and sale', async () => {
    expect(names(await list('?category=bundles'))).toEqual([
      'Peruvian Deep Wave Bundle',
      'Brazilian Body Wave Bundle',
    ]);
    expect(names(await list('?category=wigs'))).toEqual(['Honey Blonde Straight Wig']);
    expect(names(await list('?category=new'))).toEqual([
      'Honey Blonde Straight Wig',
      'HD Lace Frontal 13x4',
      'Peruvian Deep Wave Bundle',
    ]);
    expect(names(await list('?category=sale'))).toEqual([
      'Honey Blonde Straight Wig',
      'Peruvian Deep Wave Bundle',
    ]);
  });

  it('filters by price range in naira on the lowest variant price, bounds included', async () => {
    expect(names(await list('?minPrice=30000&maxPrice=80000&sort=price-asc'))).toEqual([
      'Brazilian Body Wave Bundle',
      'Peruvian Deep Wave Bundle',
      'HD Lace Frontal 13x4',
    ]);
    expect(names(await list('?minPrice=100000'))).toEqual(['Honey Blonde Straight Wig']);
    expect((await list('?maxPrice=3000')).total).toBe(0);
  });
});

describe('sorting and paging', () => {
  it('sorts by popularity and by price both ways', async () => {
    expect(names(await list('?sort=popular'))[0]).toBe('X-pression Braiding Hair');
    expect(names(await list('?sort=price-asc'))[0]).toBe('X-pression Braiding Hair');
    expect(names(await list('?sort=price-desc'))[0]).toBe('Honey Blonde Straight Wig');
  });

  it('pages through results without repeats or gaps, and past the end is empty', async () => {
    const one = await list('?pageSize=2&page=1&sort=price-asc');
    const two = await list('?pageSize=2&page=2&sort=price-asc');
    const three = await list('?pageSize=2&page=3&sort=price-asc');
    expect(one.total).toBe(5);
    expect([...names(one), ...names(two), ...names(three)]).toEqual(names(await list('?sort=price-asc')));
    expect(three.items).toHaveLength(1);
    const beyond = await list('?pageSize=2&page=9');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
  });
});

describe('search', () => {
  it('finds what a shopper means, best match first', async () => {
    expect(names(await list('?search=body%20wave'))[0]).toBe('Brazilian Body Wave Bundle');
    expect(names(await list('?search=bodywave'))).toContain('Brazilian Body Wave Bundle');
    expect(names(await list('?search=frontl'))[0]).toBe('HD Lace Frontal 13x4');
    expect(names(await list('?search=613'))).toEqual(['Honey Blonde Straight Wig']);
    expect(names(await list('?search=DEEP%20wave'))[0]).toBe('Peruvian Deep Wave Bundle');
  });

  it('combines search with filters and finds nothing for nonsense', async () => {
    expect(names(await list('?search=wave&category=bundles&sort=price-desc'))).toEqual([
      'Peruvian Deep Wave Bundle',
      'Brazilian Body Wave Bundle',
    ]);
    expect((await list('?search=qqqzzzxxx')).total).toBe(0);
    expect((await list(`?search=${encodeURIComponent("'; DROP TABLE products; --")}`)).total).toBe(0);
    expect((await list('?search=')).total).toBe(5);
  });
});

describe('by ids (the wishlist)', () => {
  it('returns only the asked-for active products', async () => {
    const all = await list('?sort=price-asc');
    const ids = all.items.slice(0, 2).map((i) => (i as unknown as { id: number }).id);
    const page = await list(`?ids=${ids.join(',')},999999`);
    expect(page.items.map((i) => (i as unknown as { id: number }).id).sort()).toEqual([...ids].sort());
    const bad = await shop.app.inject('/api/v1/products?ids=1,two');
    expect(bad.statusCode).toBe(400);
  });
});

describe('compression', () => {
  it('answers compressed for browsers that accept it, and plain for those that do not', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const plain = await shop.app.inject({
      url: '/api/v1/products',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await shop.app.inject({
      url: '/api/v1/products',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await shop.app.inject({ url: '/api/v1/products', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('bad parameters', () => {
  it.each([
    ['?category=shoes', 'category'],
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?minPrice=50000&maxPrice=10000', 'minPrice'],
    ['?sort=cheapest', 'sort'],
    ['?pageSize=1000', 'pageSize'],
    [`?search=${'a'.repeat(10_240)}`, 'search'],
  ])('%s gets 400 with a clear message about %s', async (query, field) => {
    const res = await shop.app.inject({ method: 'GET', url: `/api/v1/products${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string; fieldErrors: Record<string, string[]> };
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(body.message.length).toBeGreaterThan(10);
  });
});

describe('the /collections page', () => {
  it('reads the same parameters from its URL', async () => {
    const pagesShop = await createTestShop({ pages: true });
    try {
      await createProduct(pagesShop.database.db, { name: 'Kinky Curly Bundle', category: 'bundles' });
      await createProduct(pagesShop.database.db, { name: 'Bob Wig', category: 'wigs' });
      const res = await pagesShop.app.inject('/collections?category=wigs');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Bob Wig');
      expect(res.body).not.toContain('Kinky Curly Bundle');
      const empty = await pagesShop.app.inject('/collections?search=nothing-like-this');
      expect(empty.body).toContain('No products found matching your criteria.');
      const mangled = await pagesShop.app.inject('/collections?category=shoes&page=-4');
      expect(mangled.statusCode).toBe(200);
      expect(mangled.body).toContain('Kinky Curly Bundle');
    } finally {
      await pagesShop.close();
    }
  });
});
