// The admin discounts screen over HTTP: an admin creates a code and a shopper uses it in the cart
// at once; an edit changes what the cart takes off at once; a deactivated or expired code stops at
// once (the cart checks its code on every view); refusals say why next to the field, keep what was
// typed and write nothing; a used code asked to be deleted is deactivated instead; every change is
// in the audit log with before/after. Staff (no `discounts.manage`) are refused by the server.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createPromoCode } from '#tests/factories/promotions.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { addToCart, checkoutForm, pathOf, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let clients: RoleVisitors['clients'];
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  ({ clients } = await visitorsPerRole(shop, 'Discounts'));
  ({ admin } = clients);
});
afterAll(async () => {
  await shop.close();
});

type CartPromo = { code: string; applied: boolean; message: string } | null;

async function cartOf(client: TestClient) {
  const res = await client.get('/api/v1/cart');
  expect(res.statusCode).toBe(200);
  return res.json() as { discountKobo: number; totalKobo: number; promo: CartPromo };
}

async function discountRow(code: string) {
  const [row] = await queryRows<{
    id: number;
    code: string;
    type: string;
    value: number;
    is_active: boolean;
    min_subtotal_kobo: number;
    starts_at: Date | null;
    expires_at: Date | null;
    scope: string;
    category_slugs: string[];
    used_count: number;
  }>(shop.database.db, sql`SELECT * FROM discounts WHERE code = ${code}`);
  return row ?? null;
}

async function auditOf(id: number) {
  return queryRows<{ action: string; details: Record<string, unknown> }>(
    shop.database.db,
    sql`SELECT action, details FROM audit_events WHERE subject_type = 'discount' AND subject_id = ${String(id)} ORDER BY id`,
  );
}

async function discountCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM discounts`,
  );
  return row!.n;
}

function form(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    intent: 'save',
    code: `hair${Math.random().toString(36).slice(2, 8)}`,
    type: 'percentage',
    value: '10',
    scope: 'global',
    minOrder: '',
    usageLimit: '',
    perCustomerLimit: '',
    startsAt: '',
    expiresAt: '',
    active: 'on',
    ...overrides,
  };
}

/** The toast a redirect carries (the flash cookie holds it as JSON). */
function toastOf(res: { headers: Record<string, unknown> }): string {
  const raw = ([] as string[])
    .concat((res.headers['set-cookie'] as string[] | string) ?? [])
    .find((c) => c.startsWith('ch_flash='));
  if (!raw) return '';
  const value = decodeURIComponent(raw.split(';')[0]!.slice('ch_flash='.length));
  return Buffer.from(value, 'base64').toString('utf8');
}

function lagosLocal(at: Date): string {
  return new Date(at.getTime() + 3_600_000).toISOString().slice(0, 16);
}

describe('who may', () => {
  it('lets only admins in, and the server refuses staff changes too', async () => {
    expect((await clients.anonymous.get('/admin/discounts')).statusCode).toBe(401);
    expect((await clients.customer.get('/admin/discounts')).statusCode).toBe(403);
    expect((await clients.staff.get('/admin/discounts')).statusCode).toBe(403);
    expect((await admin.get('/admin/discounts')).statusCode).toBe(200);
    const before = await discountCount();
    const res = await clients.staff.post('/admin/discounts', form());
    expect(res.statusCode).toBe(403);
    expect(await discountCount()).toBe(before);
  });
});

describe('a code from the admin to the cart', () => {
  it('is created, used in the cart at once, edited, deactivated and refused at once', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 5_000_000, stock: 20 }],
    });
    const code = `crown${Date.now().toString(36)}`;
    const created = await admin.post('/admin/discounts?state=active', form({ code, value: '15' }));
    expect(created.statusCode, created.body.slice(0, 400)).toBe(302);
    expect(pathOf(created)).toBe('/admin/discounts?state=active');
    expect(toastOf(created)).toContain(`Discount ${code.toUpperCase()} created`);
    const row = (await discountRow(code.toUpperCase()))!;
    expect(row).toMatchObject({ type: 'percentage', value: 15, is_active: true, scope: 'global' });

    // The list shows it, with its usage.
    const list = await admin.get(`/admin/discounts?q=${code.slice(0, 8)}`);
    expect(list.body).toContain(`data-discount-code="${code.toUpperCase()}"`);
    expect(list.body).toContain('0 / no limit');

    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[0]!.id, 1);
    await shopper.post('/cart', { intent: 'promo', code });
    let cart = await cartOf(shopper);
    expect(cart.promo).toMatchObject({ code: code.toUpperCase(), applied: true });
    expect(cart.discountKobo).toBe(750_000);

    // An edit (now fixed ₦10,000 off, minimum ₦20,000) shows in the same cart at once.
    const edited = await admin.post(
      '/admin/discounts',
      form({ id: String(row.id), code, type: 'fixed', value: '10,000', minOrder: '20,000' }),
    );
    expect(edited.statusCode, edited.body.slice(0, 400)).toBe(302);
    expect(toastOf(edited)).toContain('saved');
    cart = await cartOf(shopper);
    expect(cart.discountKobo).toBe(1_000_000);

    // Deactivated from the list's toggle: the cart drops it with a message.
    const off = await admin.post('/admin/discounts', {
      intent: 'toggle',
      id: String(row.id),
      active: 'false',
    });
    expect(off.statusCode).toBe(302);
    expect(toastOf(off)).toContain('inactive');
    cart = await cartOf(shopper);
    expect(cart.discountKobo).toBe(0);
    expect(cart.promo).toMatchObject({ applied: false, message: 'This promo code is not active.' });
    expect((await shopper.get('/cart')).body).toContain('This promo code is not active.');
    const another = new TestClient(shop.app);
    await addToCart(another, product.variants[0]!.id, 1);
    const refused = await another.post('/cart', { intent: 'promo', code });
    expect(refused.body).toContain('This promo code is not active.');
    expect(listCodes((await admin.get(`/admin/discounts?state=inactive&q=${code}`)).body)).toEqual([
      code.toUpperCase(),
    ]);

    // On again, then past its expiry (time moves on): refused at once.
    await admin.post('/admin/discounts', { intent: 'toggle', id: String(row.id), active: 'true' });
    expect((await cartOf(shopper)).discountKobo).toBe(1_000_000);
    await shop.database.db.execute(
      sql`UPDATE discounts SET expires_at = now() - interval '1 minute' WHERE id = ${row.id}`,
    );
    cart = await cartOf(shopper);
    expect(cart.discountKobo).toBe(0);
    expect(cart.promo?.message).toBe('This promo code has expired.');
    expect(listCodes((await admin.get(`/admin/discounts?state=expired&q=${code}`)).body)).toEqual([
      code.toUpperCase(),
    ]);

    const actions = (await auditOf(row.id)).map((e) => e.action);
    expect(actions).toEqual([
      'discount.created',
      'discount.updated',
      'discount.deactivated',
      'discount.activated',
    ]);
    const update = (await auditOf(row.id))[1]!.details as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    };
    expect(update.before).toMatchObject({ type: 'percentage', value: 15, minSubtotalKobo: 0 });
    expect(update.after).toMatchObject({ type: 'fixed', value: 1_000_000, minSubtotalKobo: 2_000_000 });
  });

  it('stores a category code and its dates typed in Lagos time as instants', async () => {
    const code = `braid${Date.now().toString(36)}`;
    const res = await admin.post(
      '/admin/discounts',
      form({
        code,
        scope: 'category',
        categories: 'wigs',
        startsAt: '2030-01-01T09:00',
        expiresAt: '2030-01-31T23:30',
      }),
    );
    expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
    const row = (await discountRow(code.toUpperCase()))!;
    expect(row.category_slugs).toEqual(['wigs']);
    expect(new Date(row.starts_at!).toISOString()).toBe('2030-01-01T08:00:00.000Z');
    expect(new Date(row.expires_at!).toISOString()).toBe('2030-01-31T22:30:00.000Z');
    expect(listCodes((await admin.get(`/admin/discounts?state=scheduled&q=${code}`)).body)).toEqual([
      code.toUpperCase(),
    ]);
    // The edit dialog shows them back in Lagos time.
    const page = await admin.get(`/admin/discounts?edit=${row.id}`);
    expect(page.body).toContain('<dialog');
    expect(page.body).toContain('value="2030-01-01T09:00"');
  });
});

function listCodes(html: string): string[] {
  return [...html.matchAll(/data-discount-code="([^"]+)"/g)].map((m) => m[1]!);
}

describe('refusals a shop owner understands', () => {
  const past = lagosLocal(new Date(Date.now() - 86_400_000));
  const cases: [string, Record<string, string>, string, string][] = [
    ['a 120% discount', { value: '120' }, 'value', 'cannot take off more than 100%'],
    ['a zero value', { value: '0' }, 'value', 'must be more than 0'],
    ['a negative value', { value: '-5' }, 'value', 'Give the percent off as a number'],
    ['a negative naira value', { type: 'fixed', value: '-500' }, 'value', 'Give the naira off as an amount'],
    ['an expiry in the past', { expiresAt: past }, 'expiresAt', 'The expiry is already past'],
    [
      'an expiry before the start',
      { startsAt: '2031-02-01T10:00', expiresAt: '2031-01-01T10:00' },
      'expiresAt',
      'The expiry must be after the start',
    ],
    [
      'a fixed amount above the minimum order',
      { type: 'fixed', value: '30,000', minOrder: '20,000' },
      'value',
      'cannot be more than the minimum order (₦20,000)',
    ],
    ['a code with spaces', { code: 'SAVE 10' }, 'code', 'no spaces'],
    [
      'a category code without a category',
      { scope: 'category' },
      'categories',
      'Choose at least one category',
    ],
  ];
  it.each(cases)(
    'refuses %s next to the field, keeps what was typed, writes nothing',
    async (_, fields, field, message) => {
      const before = await discountCount();
      const typed = form({ ...fields, perCustomerLimit: '3' });
      const res = await admin.post('/admin/discounts', typed);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(`data-field-error="${field}"`);
      expect(res.body.replaceAll('&#x27;', "'")).toContain(message.replaceAll('&', '&amp;'));
      // The dialog is open again with everything typed.
      expect(res.body).toMatch(
        /<dialog[^>]*aria-labelledby="([^"]+)"[^>]*>[\s\S]*?<h2 id="\1"[^>]*>New discount</,
      );
      expect(res.body).toContain(`value="${typed.code}"`);
      expect(res.body).toContain('name="perCustomerLimit"');
      expect(res.body).toMatch(/name="perCustomerLimit"[^>]*value="3"|value="3"[^>]*name="perCustomerLimit"/);
      expect(await discountCount()).toBe(before);
    },
  );

  it('says everything wrong at once', async () => {
    const res = await admin.post('/admin/discounts', form({ code: 'SAVE 10', value: '120' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-field-error="code"');
    expect(res.body).toContain('data-field-error="value"');
    expect(res.body).toContain('Please correct the highlighted fields.');
  });

  it('refuses a code that exists already, whatever its case', async () => {
    const existing = await createPromoCode(shop.database.db);
    const before = await discountCount();
    const res = await admin.post('/admin/discounts', form({ code: existing.code.toLowerCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`There is already a code called ${existing.code}`);
    expect(await discountCount()).toBe(before);
  });

  it('refuses a usage limit below the uses so far', async () => {
    const used = await createPromoCode(shop.database.db, { usedCount: 5 });
    const res = await admin.post(
      '/admin/discounts',
      form({ id: String(used.id), code: used.code, usageLimit: '2' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('has been used 5 times already');
    expect((await discountRow(used.code))!.value).toBe(10);
  });
});

describe('deleting', () => {
  it('deletes an unused code and deactivates a used one (its orders keep it)', async () => {
    const unused = await createPromoCode(shop.database.db);
    const gone = await admin.post('/admin/discounts', { intent: 'delete', id: String(unused.id) });
    expect(gone.statusCode).toBe(302);
    expect(toastOf(gone)).toContain(`Discount ${unused.code} deleted`);
    expect(await discountRow(unused.code)).toBeNull();
    expect((await auditOf(unused.id)).map((e) => e.action)).toEqual(['discount.deleted']);

    // A shopper places an order with a code made in the admin.
    const code = `used${Date.now().toString(36)}`.toUpperCase();
    expect((await admin.post('/admin/discounts', form({ code }))).statusCode).toBe(302);
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 4_000_000, stock: 5 }] });
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[0]!.id, 1);
    await shopper.post('/cart', { intent: 'promo', code });
    await placeOrder(
      shopper,
      checkoutForm({ paymentMethod: 'bank_transfer', email: 'used.code@example.ng' }),
    );
    const row = (await discountRow(code))!;
    expect(row.used_count).toBe(1);

    const kept = await admin.post('/admin/discounts', { intent: 'delete', id: String(row.id) });
    expect(kept.statusCode).toBe(302);
    expect(toastOf(kept)).toContain('deactivated instead of deleted');
    expect(await discountRow(code)).toMatchObject({ is_active: false, used_count: 1 });
    const [order] = await queryRows<{ promo_code: string; discount_id: number }>(
      shop.database.db,
      sql`SELECT promo_code, discount_id FROM orders WHERE email = 'used.code@example.ng'`,
    );
    expect(order).toMatchObject({ promo_code: code, discount_id: row.id });
    expect((await auditOf(row.id)).map((e) => e.action)).toEqual([
      'discount.created',
      'discount.deactivated',
    ]);
  });

  it('asks the spec’s question before deleting', async () => {
    await createPromoCode(shop.database.db);
    const html = (await admin.get('/admin/discounts')).body;
    expect(html).toContain('Are you sure you want to delete this discount?');
  });
});

describe('the page', () => {
  it('opens the create dialog from the address, and shows an empty state for a filter with no match', async () => {
    const page = await admin.get('/admin/discounts?new=1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<dialog[^>]*open=""/);
    expect(page.body).toContain('New discount');
    const none = await admin.get('/admin/discounts?q=NOSUCHCODEATALL');
    expect(none.body).toContain('No code matches this filter.');
    // Nonsense in the address falls back to "any".
    expect((await admin.get('/admin/discounts?state=banana&page=-2')).statusCode).toBe(200);
    // A code deleted meanwhile: back to the list, saying so.
    const gone = await admin.get('/admin/discounts?edit=99999999&state=active');
    expect(gone.statusCode).toBe(302);
    expect(pathOf(gone)).toBe('/admin/discounts?state=active');
    expect(toastOf(gone)).toContain('There is no discount with that id');
  });

  it('finds active products for a product code without losing what was typed', async () => {
    const product = await createProduct(shop.database.db, {
      name: `Pickme Wig ${Date.now()}`,
      category: 'wigs',
    });
    const res = await admin.post(
      '/admin/discounts',
      form({ intent: 'find-products', code: 'PICKER1', scope: 'product', productQuery: 'Pickme' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(product.name);
    expect(res.body).toContain('value="PICKER1"');
    const saved = await admin.post(
      '/admin/discounts',
      form({ code: `pick${Date.now().toString(36)}`, scope: 'product', productIds: String(product.id) }),
    );
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
  });
});
