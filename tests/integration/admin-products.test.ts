// The admin products screens over HTTP (issue 13): the list and its filters in the address, adding
// a wig with three lengths through the variant builder, editing its price, refusals that keep what
// was typed, the stock edit conditional on the stock the form was loaded with, ordered variants
// kept, archive ("delete") → 410 and gone from listing, search and sitemap, restore, who may do
// what, the audit entries — and the owner's stock edit racing 50 checkouts.
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { formatPrice } from '#core/money.ts';
import { field, type ProductDraft } from '#core/product-draft.ts';
import { BUILDER_OPTIONS } from '#core/variant-builder.ts';
import { queryRows } from '#server/db/client.ts';
import { auditEvents } from '#server/db/schema/audit.ts';
import { products, productVariants } from '#server/db/schema/catalog.ts';
import { createMediaRow, createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { addToCart, checkoutForm } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const clients = {} as Record<'anonymous' | 'customer' | 'staff' | 'admin', TestClient>;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { rateLimits: { 'checkout:ip': { limit: 10_000 }, 'cart:ip': { limit: 10_000 } } },
  });
  Object.assign(clients, await clientPerRole(shop, 'Products'));
}, 60_000);
afterAll(async () => {
  await shop.close();
});

type Fields = Record<string, string>;

/** The form's fields as a page without JavaScript posts them. */
function formOf(draft: Partial<ProductDraft> & { rows: ProductDraft['rows'] }, extra: Fields = {}): Fields {
  const f: Fields = {
    name: draft.name ?? '',
    category: draft.category ?? 'wigs',
    subcategory: draft.subcategory ?? '',
    description: draft.description ?? '',
    status: draft.status ?? 'active',
    grade: draft.grade ?? '',
    origin: draft.origin ?? '',
    texture: draft.texture ?? '',
    rows: String(draft.rows.length),
  };
  if (draft.isFlashSale) f.isFlashSale = 'on';
  for (const key of BUILDER_OPTIONS) f[field.option(key)] = draft.optionValues?.[key] ?? '';
  draft.rows.forEach((r, i) => {
    f[field.row(i, 'id')] = r.id;
    f[field.row(i, 'sku')] = r.sku;
    f[field.row(i, 'price')] = r.price;
    f[field.row(i, 'compareAt')] = r.compareAt;
    f[field.row(i, 'stock')] = r.stock;
    f[field.row(i, 'loadedStock')] = r.loadedStock;
    if (r.selected) f[field.row(i, 'selected')] = 'on';
    for (const [k, v] of Object.entries(r.options)) f[field.row(i, `opt-${k}`)] = v;
  });
  if (draft.photos?.length) {
    f.photos = draft.photos.map((p) => p.mediaId).join(',');
    for (const p of draft.photos) f[field.photoAlt(p.mediaId)] = p.alt;
  }
  return { ...f, ...extra };
}

function row(over: Partial<ProductDraft['rows'][number]> = {}): ProductDraft['rows'][number] {
  return {
    id: '',
    options: {},
    sku: '',
    price: '',
    compareAt: '',
    stock: '0',
    loadedStock: '',
    selected: false,
    ...over,
  };
}

/** The form's fields as the edit page renders them (what an owner would post back unchanged). */
function renderedFields(html: string): Fields {
  const out: Fields = {};
  // The product form is the one named by the page's heading.
  const form = html.match(/<form[^>]*aria-labelledby="product-form-title"[\s\S]*?<\/form>/)?.[0];
  if (!form) throw new Error(`No product form in the page: ${html.slice(0, 300)}`);
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  for (const m of form.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1]!;
    const name = attrs.match(/name="([^"]+)"/)?.[1];
    if (!name || name.startsWith('bulk-')) continue;
    const value = decode(attrs.match(/value="([^"]*)"/)?.[1] ?? '');
    const type = attrs.match(/type="([^"]+)"/)?.[1];
    if (type === 'checkbox' || type === 'radio') {
      // "Keep this photo" (the photo manager without JavaScript) posts the photo's id.
      if (/checked=""/.test(attrs) && name === 'photos')
        out.photos = out.photos ? `${out.photos},${value}` : value;
      else if (/checked=""/.test(attrs)) out[name] = type === 'checkbox' ? 'on' : value;
      continue;
    }
    if (name === 'photos') out.photos = out.photos ? `${out.photos},${value}` : value;
    else out[name] = value;
  }
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    out[m[1]!] = decode(m[2]!);
  for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[\s\S]*?<\/select>/g)) {
    out[m[1]!] = m[0].match(/<option[^>]*value="([^"]*)"[^>]*selected=""/)?.[1] ?? '';
  }
  return out;
}

function idFrom(res: { headers: Record<string, unknown> }): number {
  const location = String(res.headers.location ?? '');
  const id = Number(location.match(/\/admin\/products\/(\d+)/)?.[1]);
  expect(id, location).toBeGreaterThan(0);
  return id;
}

function listed(html: string): number[] {
  // Each listed product (row or card) links to its page once: "Edit" or "View".
  return [...html.matchAll(/<a[^>]*href="\/admin\/products\/(\d+)"/g)].map((m) => Number(m[1]));
}

async function variantsOf(productId: number) {
  return shop.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);
}

async function auditFor(productId: number, action: string) {
  return shop.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.subjectType, 'product'),
        eq(auditEvents.subjectId, String(productId)),
        eq(auditEvents.action, action),
      ),
    );
}

async function storefrontHas(product: { id: number; slug: string }, name: string) {
  const db = shop.database.db;
  void db;
  const page = await clients.anonymous.get(productPath(product));
  const listing = await clients.anonymous.get('/collections');
  const search = await clients.anonymous.get(`/api/v1/products?search=${encodeURIComponent(name)}`);
  const sitemap = await clients.anonymous.get('/sitemap.xml');
  return {
    page: page.statusCode,
    pageBody: page.body,
    listing: listing.body.includes(productPath(product)),
    search: (JSON.parse(search.body).items as { id: number }[]).some((p) => p.id === product.id),
    sitemap: sitemap.body.includes(productPath(product)),
  };
}

describe('the list', () => {
  it('filters by search, category, status and stock in the address, as cards or a list', async () => {
    const db = shop.database.db;
    const wig = await createProduct(db, {
      name: 'Filterable Kinky Wig',
      category: 'wigs',
      variants: [{ stock: 20 }],
    });
    const low = await createProduct(db, {
      name: 'Filterable Low Bundle',
      category: 'bundles',
      variants: [{ stock: 30 }, { stock: 2 }],
    });
    const out = await createProduct(db, {
      name: 'Filterable Empty Frontal',
      category: 'lace-frontals',
      variants: [{ stock: 0 }],
    });
    const draft = await createProduct(db, {
      name: 'Filterable Draft Wig',
      category: 'wigs',
      status: 'draft',
    });
    const gone = await createProduct(db, {
      name: 'Filterable Gone Wig',
      category: 'wigs',
      status: 'archived',
    });

    const all = await clients.admin.get('/admin/products?q=filterable');
    expect(all.statusCode).toBe(200);
    expect(listed(all.body).sort()).toEqual([wig.id, low.id, out.id, draft.id].sort());
    expect(all.body).toContain('Add Product');
    expect(
      listed((await clients.admin.get('/admin/products?q=filterable&category=wigs')).body).sort(),
    ).toEqual([wig.id, draft.id].sort());
    // Search by category name too.
    expect(listed((await clients.admin.get('/admin/products?q=lace%20frontals')).body)).toContain(out.id);
    expect(listed((await clients.admin.get('/admin/products?q=filterable&status=archived')).body)).toEqual([
      gone.id,
    ]);
    expect(listed((await clients.admin.get('/admin/products?q=filterable&status=draft')).body)).toEqual([
      draft.id,
    ]);
    expect(listed((await clients.admin.get('/admin/products?q=filterable&stock=low')).body)).toEqual([
      low.id,
    ]);
    expect(listed((await clients.admin.get('/admin/products?q=filterable&stock=out')).body)).toEqual([
      out.id,
    ]);
    expect(listed((await clients.admin.get('/admin/products?q=filterable&stock=in')).body).sort()).toEqual(
      [wig.id, draft.id].sort(),
    );
    const list = await clients.admin.get('/admin/products?q=filterable&view=list');
    expect(list.body).toMatch(/<table[^>]*><caption[^>]*>Products<\/caption>/);
    expect(list.body).toContain(`${formatPrice(2_500_000)}`);
    const none = await clients.admin.get('/admin/products?q=nothing-like-this');
    expect(none.body).toContain('No product matches this filter.');
    // Unknown filter values fall back to "any" rather than failing.
    expect((await clients.admin.get('/admin/products?status=nonsense&stock=x&page=-3')).statusCode).toBe(200);
  });
});

describe('adding and editing', () => {
  it('builds three lengths without JavaScript, saves them, and the storefront shows the wig at once', async () => {
    const name = 'Builder Body Wave Wig';
    const base = {
      name,
      description: 'Soft body wave.',
      status: 'active',
      optionValues: { length: '12", 14", 16"' },
    };
    // "Build rows": the form comes back with one row per length, everything typed kept.
    const built = await clients.admin.post(
      '/admin/products/new',
      formOf(
        {
          ...base,
          optionValues: base.optionValues as ProductDraft['optionValues'],
          rows: [row({ price: '45,000' })],
        },
        {
          intent: 'build',
        },
      ),
    );
    expect(built.statusCode).toBe(200);
    const fields = renderedFields(built.body);
    expect(fields.name).toBe(name);
    expect(fields.rows).toBe('3');
    expect(fields[field.row(2, 'opt-length')]).toBe('16"');
    expect(fields[field.row(0, 'price')]).toBe('45,000');
    // "Set for selected" with nothing ticked: every row gets the stock.
    const applied = await clients.admin.post('/admin/products/new', {
      ...fields,
      intent: 'apply',
      'bulk-stock': '7',
    });
    const ready = renderedFields(applied.body);
    expect(ready[field.row(1, 'stock')]).toBe('7');
    ready[field.row(2, 'price')] = '55000';
    const media = await createMediaRow(shop.database.db, 'A body wave wig');
    const saved = await clients.admin.post('/admin/products/new', {
      ...ready,
      photos: media,
      [field.photoAlt(media)]: 'Body wave wig, 16 inches',
      intent: 'save',
    });
    expect(saved.statusCode, saved.body.slice(0, 500)).toBe(302);
    const id = idFrom(saved);
    const variants = await variantsOf(id);
    expect(variants.map((v) => [v.options.length, v.priceKobo, v.stock])).toEqual([
      ['12"', 4_500_000, 7],
      ['14"', 4_500_000, 7],
      ['16"', 5_500_000, 7],
    ]);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(3);
    // Building the same lengths for a product of a similar name suggests SKUs still free.
    const twin = renderedFields(
      (
        await clients.admin.post(
          '/admin/products/new',
          formOf(
            {
              ...base,
              optionValues: base.optionValues as ProductDraft['optionValues'],
              rows: [row({ price: '45,000' })],
            },
            { intent: 'build' },
          ),
        )
      ).body,
    );
    expect(twin[field.row(0, 'sku')]).toBe(`${variants[0]!.sku}-2`);
    const [product] = await shop.database.db.select().from(products).where(eq(products.id, id));
    const shown = await storefrontHas(product!, name);
    expect(shown).toMatchObject({ page: 200, listing: true, search: true, sitemap: true });
    expect(shown.pageBody).toContain('Body wave wig, 16 inches');
    const [created] = await auditFor(id, 'product.create');
    expect((created!.details as { after: { variants: unknown[] } }).after.variants).toHaveLength(3);

    // Edit a price: the variant keeps its id, the page shows the new price at once.
    const page = await clients.admin.get(`/admin/products/${id}`);
    const edit = renderedFields(page.body);
    edit[field.row(0, 'price')] = '39,500';
    const again = await clients.admin.post(`/admin/products/${id}`, { ...edit, intent: 'save' });
    expect(again.statusCode, again.body.slice(0, 500)).toBe(302);
    const after = await variantsOf(id);
    expect(after.map((v) => v.id)).toEqual(variants.map((v) => v.id));
    expect(after[0]!.priceKobo).toBe(3_950_000);
    const edited = (await clients.anonymous.get(productPath(product!))).body;
    expect(edited).toContain(formatPrice(3_950_000));
    // The photo stays through the edit.
    expect(edited).toContain('Body wave wig, 16 inches');
    const [updated] = await auditFor(id, 'product.update');
    const details = updated!.details as {
      before: { variants: { priceKobo: number }[] };
      after: { variants: { priceKobo: number }[] };
    };
    expect(details.before.variants[0]!.priceKobo).toBe(4_500_000);
    expect(details.after.variants[0]!.priceKobo).toBe(3_950_000);
    // Only what changed is recorded, and the log links to the product.
    expect(Object.keys(details.after)).toEqual(['variants']);
    const log = await clients.admin.get('/admin/audit?subjectType=product');
    expect(log.body).toContain(`href="/admin/products/${id}"`);
  });

  it('refuses a bad form with 400 and a message, keeping everything typed', async () => {
    const res = await clients.admin.post(
      '/admin/products/new',
      formOf(
        {
          name: 'Kept Name Wig',
          description: 'Kept description',
          optionValues: { length: '10"' } as ProductDraft['optionValues'],
          rows: [row({ price: 'forty', stock: '3', options: { length: '10"' } })],
        },
        { intent: 'save' },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter the price of “10&quot;” in naira');
    const kept = renderedFields(res.body);
    expect(kept.name).toBe('Kept Name Wig');
    expect(kept.description).toBe('Kept description');
    expect(kept[field.row(0, 'price')]).toBe('forty');
    const flash = await clients.admin.post(
      '/admin/products/new',
      formOf(
        { name: 'Flash Wig', isFlashSale: true, rows: [row({ price: '50000', compareAt: '40000' })] },
        { intent: 'save' },
      ),
    );
    expect(flash.statusCode).toBe(400);
    expect(flash.body).toContain('must be above its price');
    const taken = await createProduct(shop.database.db, { variants: [{ sku: 'TAKEN-SKU-1' }] });
    void taken;
    const dup = await clients.admin.post(
      '/admin/products/new',
      formOf({ name: 'Dup Wig', rows: [row({ price: '1000', sku: 'taken-sku-1' })] }, { intent: 'save' }),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('belongs to another product');
    const noMedia = await clients.admin.post(
      '/admin/products/new',
      formOf(
        {
          name: 'Ghost Photo Wig',
          rows: [row({ price: '1000' })],
          photos: [{ mediaId: 'a'.repeat(24), alt: '' }],
        },
        { intent: 'save' },
      ),
    );
    expect(noMedia.statusCode).toBe(400);
    expect(noMedia.body).toContain('no longer exists');
  });

  it('takes photos chosen without JavaScript, refusing a fake one by name and keeping the rest', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#55213e' } })
      .jpeg()
      .toBuffer();
    const fields = formOf({ name: 'Photo Form Wig', rows: [row({ price: '30000', stock: '2' })] });
    const refused = await clients.admin.postMultipart('/admin/products/new', {
      ...fields,
      intent: 'save',
      newPhotos: [
        { file: jpeg, name: 'front.jpg', type: 'image/jpeg' },
        { file: Buffer.from('not a picture at all'), name: 'notes.jpg', type: 'image/jpeg' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('notes.jpg:');
    const kept = renderedFields(refused.body);
    expect(kept.name).toBe('Photo Form Wig');
    // The good photo was stored and is in the form again; nothing else was written.
    expect(kept.photos).toMatch(/^[a-f0-9]{24}$/);
    const [none] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM products WHERE name = 'Photo Form Wig'`,
    );
    expect(none!.n).toBe(0);

    const saved = await clients.admin.postMultipart('/admin/products/new', {
      ...kept,
      [field.photoAlt(kept.photos!)]: 'The photo form wig from the front',
      intent: 'save',
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
    const id = idFrom(saved);
    const images = await queryRows<{ media_id: string; alt: string | null }>(
      shop.database.db,
      sql`SELECT media_id, alt FROM product_images WHERE product_id = ${id}`,
    );
    expect(images).toEqual([{ media_id: kept.photos, alt: 'The photo form wig from the front' }]);
  });

  it('refuses a stock edit when a sale changed the stock meanwhile, and says the new figure', async () => {
    const product = await createProduct(shop.database.db, {
      name: 'Conflict Wig',
      variants: [{ stock: 10 }],
    });
    const form = renderedFields((await clients.admin.get(`/admin/products/${product.id}`)).body);
    expect(form[field.row(0, 'loadedStock')]).toBe('10');
    // A shopper buys 3 while the owner types.
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[0]!.id, 3);
    expect(
      (await shopper.post('/checkout', checkoutForm({ paymentMethod: 'pay_on_delivery' }))).statusCode,
    ).toBe(302);
    form.name = 'Conflict Wig Renamed';
    form[field.row(0, 'stock')] = '25';
    const refused = await clients.admin.post(`/admin/products/${product.id}`, { ...form, intent: 'save' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('changed to 7 while you edited');
    const kept = renderedFields(refused.body);
    expect(kept.name).toBe('Conflict Wig Renamed');
    expect(kept[field.row(0, 'stock')]).toBe('25');
    expect(kept[field.row(0, 'loadedStock')]).toBe('7');
    const [row0] = await variantsOf(product.id);
    expect(row0!.stock).toBe(7);
    const [stored] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(stored!.name).toBe('Conflict Wig');
    // Having seen the figure, saving again goes through.
    expect(
      (await clients.admin.post(`/admin/products/${product.id}`, { ...kept, intent: 'save' })).statusCode,
    ).toBe(302);
    expect((await variantsOf(product.id))[0]!.stock).toBe(25);
    // A price edit that leaves the stock alone never overwrites a sale.
    const form2 = renderedFields((await clients.admin.get(`/admin/products/${product.id}`)).body);
    const shopper2 = new TestClient(shop.app);
    await addToCart(shopper2, product.variants[0]!.id, 1);
    expect(
      (await shopper2.post('/checkout', checkoutForm({ paymentMethod: 'pay_on_delivery' }))).statusCode,
    ).toBe(302);
    form2[field.row(0, 'price')] = '30000';
    expect(
      (await clients.admin.post(`/admin/products/${product.id}`, { ...form2, intent: 'save' })).statusCode,
    ).toBe(302);
    const [now] = await variantsOf(product.id);
    expect([now!.stock, now!.priceKobo]).toEqual([24, 3_000_000]);
  });

  it('keeps a variant that has been ordered: removing it is refused with a message', async () => {
    const product = await createProduct(shop.database.db, {
      name: 'Ordered Lengths Wig',
      variants: [{ options: { length: '10"' } }, { options: { length: '12"' } }],
    });
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[1]!.id, 1);
    expect(
      (await shopper.post('/checkout', checkoutForm({ paymentMethod: 'pay_on_delivery' }))).statusCode,
    ).toBe(302);
    const form = renderedFields((await clients.admin.get(`/admin/products/${product.id}`)).body);
    form[field.option('length')] = '10"';
    const rebuilt = renderedFields(
      (await clients.admin.post(`/admin/products/${product.id}`, { ...form, intent: 'build' })).body,
    );
    expect(rebuilt.rows).toBe('1');
    const refused = await clients.admin.post(`/admin/products/${product.id}`, { ...rebuilt, intent: 'save' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('has been ordered');
    expect(await variantsOf(product.id)).toHaveLength(2);
  });
});

describe('delete (archive) and restore', () => {
  it('archives after the question: 410, gone from listing, search and sitemap; an admin restores it', async () => {
    const name = 'Archivable Straight Wig';
    const product = await createProduct(shop.database.db, { name, category: 'wigs' });
    expect(await storefrontHas(product, name)).toMatchObject({
      page: 200,
      listing: true,
      search: true,
      sitemap: true,
    });
    const list = await clients.admin.get('/admin/products?q=archivable');
    expect(list.body).toContain('Are you sure you want to delete this product?');
    const res = await clients.admin.post(`/admin/products/${product.id}`, {
      intent: 'archive',
      back: '/admin/products?q=archivable',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/products?q=archivable');
    expect(await storefrontHas(product, name)).toMatchObject({
      page: 410,
      listing: false,
      search: false,
      sitemap: false,
    });
    expect(listed((await clients.admin.get('/admin/products?q=archivable')).body)).toEqual([]);
    expect(listed((await clients.admin.get('/admin/products?q=archivable&status=archived')).body)).toEqual([
      product.id,
    ]);
    expect(await auditFor(product.id, 'product.archive')).toHaveLength(1);
    // Staff may not restore; an admin may.
    expect(
      (await clients.staff.post(`/admin/products/${product.id}`, { intent: 'restore' })).statusCode,
    ).toBe(403);
    expect(
      (await clients.admin.post(`/admin/products/${product.id}`, { intent: 'restore' })).statusCode,
    ).toBe(302);
    expect(await storefrontHas(product, name)).toMatchObject({
      page: 200,
      listing: true,
      search: true,
      sitemap: true,
    });
    expect(await auditFor(product.id, 'product.restore')).toHaveLength(1);
  });

  it('keeps draft products off the storefront (404, not listed)', async () => {
    const product = await createProduct(shop.database.db, { name: 'Drafty Wig', status: 'draft' });
    expect(await storefrontHas(product, 'Drafty Wig')).toMatchObject({
      page: 404,
      listing: false,
      search: false,
      sitemap: false,
    });
  });
});

describe('who may do what', () => {
  it('staff read a product but cannot add, save or delete; customers are refused', async () => {
    const product = await createProduct(shop.database.db, { name: 'Staff Reads Wig' });
    const page = await clients.staff.get(`/admin/products/${product.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You can read this product; only an admin can change it.');
    const save = /<button[^>]*>Save product<\/button>/;
    const remove = /<summary[^>]*>Delete product<\/summary>/;
    expect(page.body).not.toMatch(save);
    expect(page.body).not.toMatch(remove);
    // The same page as an admin sees it offers both (so the two checks above can fail).
    const adminPage = (await clients.admin.get(`/admin/products/${product.id}`)).body;
    expect(adminPage).toMatch(save);
    expect(adminPage).toMatch(remove);
    expect(adminPage).not.toContain('only an admin can change it');
    const form = renderedFields(page.body);
    expect(
      (await clients.staff.post(`/admin/products/${product.id}`, { ...form, intent: 'save' })).statusCode,
    ).toBe(403);
    expect(
      (await clients.staff.post(`/admin/products/${product.id}`, { intent: 'archive' })).statusCode,
    ).toBe(403);
    expect((await clients.staff.post('/admin/products/new', { ...form, intent: 'save' })).statusCode).toBe(
      403,
    );
    expect(
      (await clients.customer.post(`/admin/products/${product.id}`, { intent: 'archive' })).statusCode,
    ).toBe(403);
    expect(
      (await clients.anonymous.post(`/admin/products/${product.id}`, { intent: 'archive' })).statusCode,
    ).toBe(401);
    const [stored] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(stored!.status).toBe('active');
  });
});

describe('racing the shelf', () => {
  it("an owner's stock edit and 50 checkouts: never oversold, no sale lost", async () => {
    const product = await createProduct(shop.database.db, { name: 'Race Wig', variants: [{ stock: 30 }] });
    const variantId = product.variants[0]!.id;
    const form = renderedFields((await clients.admin.get(`/admin/products/${product.id}`)).body);
    form[field.row(0, 'stock')] = '40';
    const shoppers = Array.from({ length: 50 }, () => new TestClient(shop.app));
    for (const c of shoppers) expect((await addToCart(c, variantId, 1)).statusCode).toBe(302);
    const owner = clients.admin.post(`/admin/products/${product.id}`, { ...form, intent: 'save' });
    const results = await Promise.all([
      ...shoppers
        .slice(0, 25)
        .map((c, i) =>
          c.post(
            '/checkout',
            checkoutForm({ email: `race${i}@example.ng`, paymentMethod: 'pay_on_delivery' }),
          ),
        ),
      owner,
      ...shoppers
        .slice(25)
        .map((c, i) =>
          c.post(
            '/checkout',
            checkoutForm({ email: `race${i + 25}@example.ng`, paymentMethod: 'pay_on_delivery' }),
          ),
        ),
    ]);
    const ownerStatus = results[25]!.statusCode;
    const checkouts = results.filter((_, i) => i !== 25).map((r) => r.statusCode);
    const sold = checkouts.filter((s) => s === 302).length;
    expect(checkouts.every((s) => s === 302 || s === 409)).toBe(true);
    expect([302, 409]).toContain(ownerStatus);
    const [{ stock }] = (await queryRows<{ stock: number }>(
      shop.database.db,
      sql`SELECT stock FROM product_variants WHERE id = ${variantId}`,
    )) as [{ stock: number }];
    const [{ n }] = (await queryRows<{ n: number | string }>(
      shop.database.db,
      sql`SELECT COALESCE(SUM(quantity), 0) AS n FROM order_lines WHERE variant_id = ${variantId}`,
    )) as [{ n: number | string }];
    // The owner's edit lands only if no sale came first (else it is refused and says so).
    expect(Number(n)).toBe(sold);
    if (ownerStatus === 302) {
      expect(stock + sold).toBe(40);
    } else {
      expect(stock + sold).toBe(30);
      expect(results[25]!.body).toContain('while you edited');
    }
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(sold).toBe(ownerStatus === 302 ? 40 : 30);
  }, 120_000);

  it('a price edit saved while 50 shoppers check out keeps every sale', async () => {
    const product = await createProduct(shop.database.db, {
      name: 'Race Price Wig',
      variants: [{ stock: 30 }],
    });
    const variantId = product.variants[0]!.id;
    const form = renderedFields((await clients.admin.get(`/admin/products/${product.id}`)).body);
    form[field.row(0, 'price')] = '31000';
    const shoppers = Array.from({ length: 50 }, () => new TestClient(shop.app));
    for (const c of shoppers) expect((await addToCart(c, variantId, 1)).statusCode).toBe(302);
    const results = await Promise.all([
      ...shoppers
        .slice(0, 25)
        .map((c, i) =>
          c.post(
            '/checkout',
            checkoutForm({ email: `price${i}@example.ng`, paymentMethod: 'pay_on_delivery' }),
          ),
        ),
      clients.admin.post(`/admin/products/${product.id}`, { ...form, intent: 'save' }),
      ...shoppers
        .slice(25)
        .map((c, i) =>
          c.post(
            '/checkout',
            checkoutForm({ email: `price${i + 25}@example.ng`, paymentMethod: 'pay_on_delivery' }),
          ),
        ),
    ]);
    expect(results[25]!.statusCode).toBe(302);
    const sold = results.filter((r, i) => i !== 25 && r.statusCode === 302).length;
    expect(sold).toBe(30);
    const [variant] = await variantsOf(product.id);
    expect([variant!.stock, variant!.priceKobo]).toEqual([0, 3_100_000]);
  }, 120_000);
});
