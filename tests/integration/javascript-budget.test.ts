// The first-load JavaScript budget (issue 15, ADRs 009 and 039): what a shopper's phone downloads
// before a page is interactive, measured from the built pages themselves — every script and
// module preload the HTML names, and the modules those import statically — gzip-compressed as it
// travels. Home, listings and product pages are served without React in the browser and stay
// under 90 KB; so are the cart and checkout (ADR 046), counted with the chunk their island loads;
// the hydrated storefront pages keep a budget of their own so growth is noticed.
// Admin code and the zod schemas never reach a storefront page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../build/client');
const KB = 1024;

let shop: TestShop;
let productPath = '';
let variantId = 0;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const wig = await createProduct(shop.database.db, {
    name: 'Budget Wig',
    category: 'wigs',
    variants: [{ priceKobo: 9_000_000, stock: 7 }],
  });
  productPath = `/collections/budget-wig-${wig.id}`;
  variantId = wig.variants[0]!.id;
});
afterAll(async () => {
  await shop.close();
});

/**
 * The built files a page loads before it is interactive: named in its HTML, then static imports
 * (and, with `dynamic`, the chunks the islands import when a page needs them: all of them, so an
 * upper bound).
 */
function firstLoadFiles(html: string, dynamic = false): string[] {
  const named = [
    ...html.matchAll(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  // Inline module scripts (React Router's hydration) import the entry and route modules too.
  for (const m of html.matchAll(/import\s*(?:[\w${}\s,*]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) {
    named.push(m[1] as string);
  }
  const seen = new Set<string>();
  const queue = [...named];
  while (queue.length > 0) {
    const href = queue.shift() as string;
    if (seen.has(href)) continue;
    seen.add(href);
    const source = readFileSync(path.join(CLIENT_DIR, href), 'utf8');
    // Static imports only: a dynamic import() loads later, when it is needed.
    const imports = dynamic
      ? /(?:import|export)\s*(?:[\w${}\s,*]*from\s*|\(\s*)?["'](\.\/[^"']+\.js)["']/g
      : /(?:import|export)\s*(?:[\w${}\s,*]*from\s*)?["'](\.\/[^"']+\.js)["']/g;
    for (const m of source.matchAll(imports)) {
      queue.push(path.posix.join(path.posix.dirname(href), m[1] as string));
    }
  }
  return [...seen];
}

function gzipBytes(files: string[]): number {
  return files.reduce((sum, href) => sum + gzipSync(readFileSync(path.join(CLIENT_DIR, href))).byteLength, 0);
}

async function measure(url: string, client = new TestClient(shop.app), dynamic = false) {
  const res = await client.get(url);
  expect(res.statusCode, url).toBe(200);
  const files = firstLoadFiles(res.body, dynamic);
  return { files, bytes: gzipBytes(files) };
}

describe('first-load JavaScript', () => {
  it.each([
    ['home', () => '/'],
    ['listing', () => '/collections?category=wigs'],
    ['product', () => productPath],
  ])('the %s page loads at most 90 KB gzip, without the framework, admin code or zod', async (_name, url) => {
    const { files, bytes } = await measure(url());
    expect(files.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(90 * KB);
    expect(files.filter((f) => /\/(entry\.client|chunk-|admin|schemas)/.test(f))).toEqual([]);
  });

  it.each([
    ['cart', '/cart'],
    ['checkout', '/checkout'],
  ])(
    'the %s page, holding an item, loads at most 12 KB gzip with its island, without the framework',
    async (_name, url) => {
      const shopper = new TestClient(shop.app);
      const added = await shopper.post('/cart', {
        intent: 'add',
        variantId: String(variantId),
        quantity: '1',
      });
      expect(added.statusCode).toBe(302);
      const { files, bytes } = await measure(url, shopper, true);
      expect(files.some((f) => f.includes('islands'))).toBe(true);
      expect(bytes).toBeLessThanOrEqual(12 * KB);
      expect(files.filter((f) => /\/(entry\.client|chunk-|admin|schemas)/.test(f))).toEqual([]);
    },
  );

  it.each([
    ['sign-in', '/auth'],
    ['track order', '/track-order'],
  ])('the hydrated %s page stays within its 140 KB budget, without admin code or zod', async (_name, url) => {
    const { files, bytes } = await measure(url);
    expect(files.some((f) => f.includes('entry.client'))).toBe(true);
    expect(bytes).toBeLessThanOrEqual(140 * KB);
    expect(files.filter((f) => /\/(admin|schemas)/.test(f))).toEqual([]);
  });
});
