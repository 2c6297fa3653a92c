// Every category of the catalogue can be reached from the header's menu (laptop and phone), the
// footer and the home page's Shop by Category: a shopper looking for lace frontals and closures
// finds them without typing a search (issue 29).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS, type CategorySlug } from '#core/catalog.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let client: TestClient;
const productOf: Record<CategorySlug, string> = {
  wigs: 'Waymark Glueless Wig',
  bundles: 'Waymark Body Wave Bundle',
  'braiding-hair': 'Waymark Braiding Pack',
  'lace-frontals': 'Waymark HD Lace Closure',
};

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  client = new TestClient(shop.app);
  for (const category of CATEGORY_SLUGS) {
    // Not new and not on sale: only a way in to its own category reaches it.
    await createProduct(shop.database.db, {
      name: productOf[category],
      category,
      createdAt: new Date(Date.now() - 200 * 86_400_000),
    });
  }
}, 60_000);
afterAll(async () => {
  await shop.close();
});

function decode(href: string): string {
  return href.replaceAll('&amp;', '&');
}

/** The /collections links inside the first element matching `open` … its closing tag. */
function listingLinks(html: string, open: RegExp, close: string): string[] {
  const start = html.search(open);
  expect(start, `${open} on the page`).toBeGreaterThanOrEqual(0);
  const end = html.indexOf(close, start);
  const part = html.slice(start, end);
  return [...part.matchAll(/href="(\/collections[^"]*)"/g)].map((m) => decode(m[1]!));
}

/** Which of the test products the shopper reaches by following these links. */
async function reached(links: string[]): Promise<Set<CategorySlug>> {
  const found = new Set<CategorySlug>();
  for (const link of new Set(links)) {
    if (link === '/collections') continue; // "All Products" reaches everything; it does not count
    const page = await client.get(link);
    expect(page.statusCode, link).toBe(200);
    for (const category of CATEGORY_SLUGS) {
      if (page.body.includes(productOf[category])) found.add(category);
    }
  }
  return found;
}

describe('every category has a way in', () => {
  it('from the laptop menu, the phone menu, the footer and Shop by Category', async () => {
    const home = await client.get('/');
    expect(home.statusCode).toBe(200);
    const places = {
      'laptop menu': listingLinks(home.body, /<nav[^>]*aria-label="Categories"/, '</nav>'),
      'phone menu': listingLinks(home.body, /<nav[^>]*aria-label="Mobile"/, '</nav>'),
      footer: listingLinks(home.body, /<footer/, '</footer>'),
      'Shop by Category': listingLinks(
        home.body,
        /<section[^>]*aria-labelledby="categories-title"/,
        '</section>',
      ),
    };
    for (const [place, links] of Object.entries(places)) {
      expect([...(await reached(links))].sort(), place).toEqual([...CATEGORY_SLUGS].sort());
    }
  });

  it('keeps the spec’s menu wording: Bundles & Lace opens bundles and lace frontals', async () => {
    const home = await client.get('/');
    const menu = home.body.match(/<nav[^>]*aria-label="Categories"[\s\S]*?<\/nav>/)?.[0] ?? '';
    const labels = [...menu.matchAll(/<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(labels).toEqual([
      'All Products',
      'Wigs',
      'Bundles & Lace',
      'Braiding Hair',
      'New Arrivals',
      'Sale',
    ]);
    const href = decode(menu.match(/href="([^"]+)"[^>]*>Bundles &amp; Lace</)?.[1] ?? '');
    const listing = await client.get(href);
    expect(listing.body).toContain(productOf.bundles);
    expect(listing.body).toContain(productOf['lace-frontals']);
    expect(listing.body).not.toContain(productOf.wigs);
    expect(listing.body).toMatch(/<h1[^>]*>Bundles &amp; Lace<\/h1>/);
  });
});

describe('the phone menu', () => {
  it('has a way to the wishlist (the header hides its heart below 640 px)', async () => {
    const home = await client.get('/');
    const menu = home.body.match(/<nav[^>]*aria-label="Mobile"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(menu).toMatch(/<a[^>]*href="\/wishlist"[^>]*>[\s\S]*?Wishlist<\/a>/);
  });
});
