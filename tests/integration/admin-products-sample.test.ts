// The admin product form against the sample catalogue (issue 29, defect 7e and 7f; ADR 063): every
// sample product opens in the form and saves unchanged through the form's HTTP action (the form
// knows every option the catalogue uses: packs and cap sizes too), and a single-price product whose
// SKU was left empty gets a suggested one that no other product has.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field } from '#core/product-draft.ts';
import { products, productVariants } from '#server/db/schema/catalog.ts';
import { seedSampleData } from '#server/seed/seed.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { productFormFields as renderedFields } from '#tests/helpers/shop-process.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const loaded = await seedSampleData({
    db: shop.database.db,
    media: shop.services.media,
    log: shop.log,
    promoCodes: false,
  });
  expect(loaded).toBe(true);
  admin = (await clientPerRole(shop, 'Products')).admin;
}, 240_000);
afterAll(async () => {
  await shop.close();
});

async function variantsOf(productId: number) {
  const rows = await shop.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  return rows.map((v) => ({
    sku: v.sku,
    options: v.options,
    priceKobo: v.priceKobo,
    compareAtPriceKobo: v.compareAtPriceKobo,
    stock: v.stock,
  }));
}

describe('the sample catalogue in the admin form', () => {
  it('saves every sample product unchanged', async () => {
    const all = await shop.database.db.select().from(products).orderBy(asc(products.id));
    expect(all.length).toBeGreaterThanOrEqual(48);
    const refused: string[] = [];
    for (const product of all) {
      const before = await variantsOf(product.id);
      const page = await admin.get(`/admin/products/${product.id}`);
      expect(page.statusCode, product.name).toBe(200);
      const saved = await admin.post(`/admin/products/${product.id}`, {
        ...renderedFields(page.body),
        intent: 'save',
      });
      if (saved.statusCode !== 302) {
        refused.push(`${product.name}: ${saved.statusCode}`);
        continue;
      }
      expect(await variantsOf(product.id), product.name).toEqual(before);
      const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
      expect(
        { name: after!.name, description: after!.description, status: after!.status },
        product.name,
      ).toEqual({ name: product.name, description: product.description, status: product.status });
    }
    expect(refused).toEqual([]);
  }, 240_000);
});

describe('a suggested SKU', () => {
  it('is one no other product has: two single-price wigs with the same initials both save', async () => {
    const skus: string[] = [];
    for (const name of ['Silky Straight Lace Wig, 12 inch', 'Silky Straight Lace Wig, 14 inch']) {
      const blank = renderedFields((await admin.get('/admin/products/new')).body);
      const saved = await admin.post('/admin/products/new', {
        ...blank,
        name,
        category: 'wigs',
        description: 'Silky straight lace wig.',
        status: 'active',
        [field.row(0, 'sku')]: '',
        [field.row(0, 'price')]: '85,000',
        [field.row(0, 'stock')]: '4',
        intent: 'save',
      });
      expect(saved.statusCode, saved.body.match(/role="alert"[^<]*>([^<]*)/)?.[1] ?? '').toBe(302);
      const id = Number(String(saved.headers.location).match(/\/admin\/products\/(\d+)/)?.[1]);
      const [variant] = await variantsOf(id);
      skus.push(variant!.sku);
    }
    expect(skus[0]).toBe('SSLW');
    expect(skus[1]).not.toBe(skus[0]);
    expect(skus[1]).toMatch(/^SSLW-\d+$/);
  });
});
