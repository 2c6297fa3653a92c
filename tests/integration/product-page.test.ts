// The product page and its API, through HTTP: found by the id at the end of the slug, redirected
// to its canonical address, 404 when missing, and readable by link previews and search engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let wig: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const db = shop.database.db;
  wig = await createProduct(db, {
    name: 'Body Wave Frontal Wig',
    category: 'wigs',
    subcategory: 'Frontal Wig',
    description: 'Soft body wave on a 13x4 HD lace frontal.',
    variants: [
      {
        priceKobo: 9_600_000,
        compareAtPriceKobo: 12_000_000,
        stock: 3,
        options: { length: '16"', density: '180%' },
      },
      { priceKobo: 11_000_000, stock: 0, options: { length: '20"', density: '180%' } },
    ],
    withImage: true,
  });
  for (let i = 0; i < 5; i++)
    await createProduct(db, { name: `Other Wig ${i}`, category: 'wigs', salesCount: i });
  await createProduct(db, { name: 'Some Bundle', category: 'bundles', salesCount: 999 });
});
afterAll(async () => {
  await shop.close();
});

describe('product page', () => {
  it('renders the product on the server with price, stock, details and related products', async () => {
    const res = await shop.app.inject(`/collections/body-wave-frontal-wig-${wig.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<h1');
    expect(html).toContain('Body Wave Frontal Wig');
    expect(html).toContain('₦96,000');
    expect(html).toContain('Only 3 left');
    expect(html).toContain('Sale −20%');
    expect(html).toContain('Soft body wave on a 13x4 HD lace frontal.');
    // Four related products from the same category, never the product itself or another category.
    const related = html.slice(html.indexOf('id="related-title"'));
    expect(related.match(/<article\b/g)).toHaveLength(4);
    expect(related).not.toContain('Some Bundle');
  });

  it('opens on the variant in ?variant=', async () => {
    const second = wig.variants[1]!;
    const html = (await shop.app.inject(`/collections/body-wave-frontal-wig-${wig.id}?variant=${second.id}`))
      .body;
    expect(html).toContain('₦110,000');
    expect(html).toContain('Out of stock');
  });

  it('redirects any other slug with the same id to the canonical address, keeping the query', async () => {
    const res = await shop.app.inject(`/collections/old-name-${wig.id}?variant=${wig.variants[0]!.id}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(
      `/collections/body-wave-frontal-wig-${wig.id}?variant=${wig.variants[0]!.id}`,
    );
  });

  it('says Product Not Found with status 404 for unknown, inactive or malformed slugs', async () => {
    for (const url of ['/collections/no-such-wig-999999', '/collections/no-id-here', '/collections/wig-0']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Product Not Found');
      expect(res.body).toMatch(/href="\/collections"[^>]*>Back to collections/);
    }
  });

  it('carries Open Graph, Twitter and JSON-LD Product data in the server HTML', async () => {
    const html = (await shop.app.inject(`/collections/body-wave-frontal-wig-${wig.id}`)).body;
    expect(html).toContain(
      `<link rel="canonical" href="http://shop.test/collections/body-wave-frontal-wig-${wig.id}"/>`,
    );
    expect(html).toContain('<meta property="og:title" content="Body Wave Frontal Wig – ₦96,000"/>');
    expect(html).toContain(
      `<meta property="og:image" content="http://shop.test/media/${wig.imageId}/og.jpg"/>`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const ld = [
      ...html.matchAll(/<script type="application\/ld\+json"(?: nonce="[^"]*")?>(.*?)<\/script>/g),
    ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const product = ld.flat().find((d) => d['@type'] === 'Product') as {
      name: string;
      offers: { price: string; priceCurrency: string; availability: string }[];
    };
    expect(product.name).toBe('Body Wave Frontal Wig');
    expect(product.offers.map((o) => [o.price, o.priceCurrency, o.availability])).toEqual([
      ['96000.00', 'NGN', 'https://schema.org/InStock'],
      ['110000.00', 'NGN', 'https://schema.org/OutOfStock'],
    ]);
    expect(ld.flat().some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
  });
});

describe('GET /api/v1/products/{id}', () => {
  it('returns one product by id or by slug, and 404 otherwise', async () => {
    const byId = await shop.app.inject(`/api/v1/products/${wig.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      id: wig.id,
      name: 'Body Wave Frontal Wig',
      priceKobo: 9_600_000,
      stock: 3,
    });
    const bySlug = await shop.app.inject(`/api/v1/products/body-wave-frontal-wig-${wig.id}`);
    expect(bySlug.json()).toMatchObject({ id: wig.id });
    const missing = await shop.app.inject('/api/v1/products/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found', message: 'Product not found.' });
  });
});
