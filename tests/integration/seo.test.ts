// sitemap.xml and robots.txt for search engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

describe('search engines', () => {
  it('get a sitemap with every listing page and every active product', async () => {
    const a = await createProduct(shop.database.db, { name: 'Sitemap Wig & Co' });
    const hidden = await createProduct(shop.database.db, { name: 'Hidden Wig', isActive: false });
    const res = await shop.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>http://shop.test/</loc>');
    expect(res.body).toContain('<loc>http://shop.test/collections?category=lace-frontals</loc>');
    expect(res.body).toContain(`<loc>http://shop.test/collections/sitemap-wig-co-${a.id}</loc>`);
    expect(res.body).not.toContain(`-${hidden.id}</loc>`);
  });

  it('get a robots.txt that points at the sitemap and keeps private pages out', async () => {
    const res = await shop.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    expect(res.body).toContain('Disallow: /admin');
  });
});

describe('customer care pages', () => {
  it('serve shipping, returns and privacy, and 404 for anything else', async () => {
    for (const [slug, title] of [
      ['shipping', 'Shipping Information'],
      ['returns', 'Return Policy'],
      ['privacy', 'Privacy Policy'],
    ]) {
      const res = await shop.app.inject(`/pages/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(title);
    }
    expect((await shop.app.inject('/pages/nope')).statusCode).toBe(404);
  });
});
