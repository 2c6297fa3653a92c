// The settings screen through HTTP, as an admin's browser without JavaScript uses it: each
// section saves, is audited with before and after, is refused with a message next to the field
// (the form keeping what was typed, nothing written), and shows on the storefront at once. Staff
// are refused. On PostgreSQL, a second process of the shop sees a change at once (ADR 033).
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { firstRow } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

let shop: TestShop;
let admin: TestClient;
let staff: TestClient;
let adminId: number;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const visitors = await visitorsPerRole(shop, 'Settings');
  admin = visitors.clients.admin;
  staff = visitors.clients.staff;
  adminId = visitors.users.admin.id;
});
afterAll(async () => {
  await shop.close();
});

async function one<T>(query: SQL): Promise<T> {
  return (await firstRow<T>(shop.database.db, query))!;
}

async function lastAudit(section: string) {
  return one<{
    action: string;
    actor_user_id: number;
    details: { before: Record<string, unknown>; after: Record<string, unknown> };
  }>(
    sql`SELECT action, actor_user_id, details FROM audit_events
        WHERE subject_type = 'settings' AND subject_id = ${section} ORDER BY id DESC LIMIT 1`,
  );
}

async function auditCount(): Promise<number> {
  return (
    await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events WHERE subject_type = 'settings'`)
  ).n;
}

/** Every state's fee field, as the form sends it (₦0 unless given). */
function deliveryForm(fees: Record<string, string> = {}, freeDeliveryFrom = ''): Record<string, string> {
  return {
    intent: 'delivery',
    freeDeliveryFrom,
    ...Object.fromEntries(NIGERIAN_STATES.map((s) => [`fee:${s}`, fees[s] ?? '0'])),
  };
}

async function save(fields: Record<string, string>) {
  return admin.post('/admin/settings', fields);
}

const pathOf = (product: { slug: string; id: number }) => `/collections/${product.slug}-${product.id}`;

async function inUsd(client: TestClient) {
  await client.post('/currency', { currency: 'USD', redirectTo: '/' });
}

describe('who may change settings', () => {
  it('refuses staff: the page and every save answer 403 and nothing is written', async () => {
    expect((await staff.get('/admin/settings')).statusCode).toBe(403);
    expect((await staff.get('/admin/settings/pages/terms')).statusCode).toBe(403);
    const before = await auditCount();
    const res = await staff.post('/admin/settings', { intent: 'currencies', USD: '1', EUR: '1', GBP: '1' });
    expect(res.statusCode).toBe(403);
    const page = await staff.post('/admin/settings/pages/terms', {
      intent: 'save',
      title: 'Hacked',
      body: 'x',
    });
    expect(page.statusCode).toBe(403);
    expect(await auditCount()).toBe(before);
    expect((await new TestClient(shop.app).get('/pages/terms')).body).not.toContain('Hacked');
  });

  it('shows an admin every section', async () => {
    const res = await admin.get('/admin/settings');
    expect(res.statusCode).toBe(200);
    for (const title of [
      'Currencies',
      'Delivery fees',
      'Pay on delivery',
      'Bank transfer',
      'Store contacts',
      'Order emails',
      'Stock',
      'Content pages',
    ]) {
      expect(res.body).toContain(title);
    }
  });
});

describe('currencies', () => {
  it('a new USD rate changes the dollar prices shoppers see at once, and is audited', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 4_500_000 }] });
    const shopper = new TestClient(shop.app);
    await inUsd(shopper);
    expect((await shopper.get(pathOf(product))).body).toContain('$58.5'); // ₦45,000 × 0.0013
    const res = await save({ intent: 'currencies', USD: '1,500', EUR: '1,600', GBP: '2,000' });
    expect(res.statusCode).toBe(302);
    const html = (await shopper.get(pathOf(product))).body;
    expect(html).toContain('$30'); // ₦45,000 ÷ 1,500
    expect(html).not.toContain('$58.5');
    const audit = await lastAudit('currencies');
    expect(audit.action).toBe('settings.update');
    expect(audit.actor_user_id).toBe(adminId);
    expect(audit.details.before).toMatchObject({ USD: 0.0013 });
    expect(audit.details.after).toMatchObject({ USD: 0.00066667 });
    const form = (await admin.get('/admin/settings')).body;
    expect(form).toContain('value="1500"');
    const log = (await admin.get('/admin/audit')).body;
    expect(log).toContain('settings.update');
    expect(log).toContain('href="/admin/settings#currencies"');
  });

  it('refuses a rate that is not an amount, next to its field, keeping what was typed', async () => {
    const before = await auditCount();
    const res = await save({ intent: 'currencies', USD: 'abc', EUR: '1,600', GBP: '-3' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-field-error="USD"');
    expect(res.body).toContain('data-field-error="GBP"');
    expect(res.body).toContain('Enter how many naira make 1 USD in naira');
    expect(res.body).toContain('value="abc"');
    expect(res.body).toContain('value="-3"');
    expect(await auditCount()).toBe(before);
    const { rate } = await one<{ rate: string }>(
      sql`SELECT rate::text AS rate FROM currencies WHERE code = 'USD'`,
    );
    expect(Number(rate)).toBeCloseTo(1 / 1500, 8);
  });
});

describe('delivery fees and free delivery', () => {
  it('charges the state’s fee at checkout, free from the threshold, and audits the change', async () => {
    const res = await save(deliveryForm({ Lagos: '2,500', Kano: '4000.50' }, '100,000'));
    expect(res.statusCode).toBe(302);
    const audit = await lastAudit('delivery');
    expect(audit.details.before).toEqual({ 'fee:Lagos': 0, 'fee:Kano': 0, freeDeliveryFromKobo: null });
    expect(audit.details.after).toEqual({
      'fee:Lagos': 250_000,
      'fee:Kano': 400_050,
      freeDeliveryFromKobo: 10_000_000,
    });

    const cheap = await createProduct(shop.database.db, { variants: [{ priceKobo: 2_000_000, stock: 5 }] });
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, cheap.variants[0]!.id, 1);
    const page = await shopper.get('/checkout');
    expect(page.body).toContain('Free delivery on orders of ₦100,000 or more.');
    const { reference } = await placeOrder(
      shopper,
      checkoutForm({ email: 'fee@example.ng', shipState: 'Lagos' }),
    );
    const order = await one<{ delivery_fee_kobo: number; total_kobo: number }>(
      sql`SELECT o.delivery_fee_kobo, o.total_kobo FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
    );
    expect(order).toEqual({ delivery_fee_kobo: 250_000, total_kobo: 2_250_000 });

    const dear = await createProduct(shop.database.db, { variants: [{ priceKobo: 10_000_000, stock: 5 }] });
    const rich = new TestClient(shop.app);
    await addToCart(rich, dear.variants[0]!.id, 1);
    const placed = await placeOrder(rich, checkoutForm({ email: 'free@example.ng', shipState: 'Kano' }));
    const free = await one<{ delivery_fee_kobo: number }>(
      sql`SELECT o.delivery_fee_kobo FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${placed.reference}`,
    );
    expect(free.delivery_fee_kobo).toBe(0);
  });

  it('refuses a bad fee next to its state, keeping every typed fee, writing nothing', async () => {
    const before = await auditCount();
    const res = await save(deliveryForm({ Lagos: '3,000', Oyo: 'free', Kano: '-1' }, '50,000'));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-field-error="fee:Oyo"');
    expect(res.body).toContain('data-field-error="fee:Kano"');
    expect(res.body).toContain('Enter the delivery fee for Oyo in naira');
    expect(res.body).toContain('value="3,000"');
    expect(res.body).toContain('value="free"');
    expect(await auditCount()).toBe(before);
    const { fee_kobo } = await one<{ fee_kobo: number }>(
      sql`SELECT fee_kobo FROM delivery_rates WHERE state = 'Lagos'`,
    );
    expect(fee_kobo).toBe(250_000);
  });
});

describe('pay on delivery', () => {
  it('offers pay on delivery in exactly the states ticked', async () => {
    const res = await save({ intent: 'pay-on-delivery', 'pod:Kano': 'on', 'pod:Lagos': 'on' });
    expect(res.statusCode).toBe(302);
    const audit = await lastAudit('pay-on-delivery');
    expect(audit.details).toEqual({
      before: { states: ['FCT (Abuja)', 'Lagos'] },
      after: { states: ['Kano', 'Lagos'] },
    });
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const abuja = new TestClient(shop.app);
    await addToCart(abuja, product.variants[0]!.id, 1);
    const refused = await abuja.post(
      '/checkout',
      checkoutForm({ paymentMethod: 'pay_on_delivery', shipState: 'FCT (Abuja)', email: 'pod@example.ng' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Pay on delivery is not available in FCT (Abuja)');
    await placeOrder(
      abuja,
      checkoutForm({ paymentMethod: 'pay_on_delivery', shipState: 'Kano', email: 'pod@example.ng' }),
    );
  });
});

describe('bank details', () => {
  it('shows the new account on the transfer instructions', async () => {
    const res = await save({
      intent: 'bank',
      bankName: 'Zenith Bank',
      bankAccountName: 'Crown Hair Ventures',
      bankAccountNumber: '2012345678',
    });
    expect(res.statusCode).toBe(302);
    expect((await lastAudit('bank')).details.after).toMatchObject({ bankAccountNumber: '2012345678' });
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[0]!.id, 1);
    expect((await shopper.get('/checkout')).body).toContain('2012345678');
    const { next } = await placeOrder(
      shopper,
      checkoutForm({ paymentMethod: 'bank_transfer', email: 'bank@example.ng' }),
    );
    const page = (await shopper.get(next)).body;
    expect(page).toContain('Zenith Bank');
    expect(page).toContain('2012345678');
  });

  it('refuses an account number that is not 10 digits, keeping what was typed', async () => {
    const res = await save({
      intent: 'bank',
      bankName: 'GTBank',
      bankAccountName: 'Crown',
      bankAccountNumber: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A NUBAN account number is exactly 10 digits.');
    expect(res.body).toContain('value="GTBank"');
    expect(res.body).toContain('value="12345"');
    const { value } = await one<{ value: string }>(
      sql`SELECT value FROM settings WHERE key = 'store.bankName'`,
    );
    expect(value).toBe('Zenith Bank');
  });
});

describe('store contacts', () => {
  const contacts = {
    intent: 'contacts',
    phone: '+234 809 555 0101',
    whatsapp: '2348095550101',
    email: 'care@crownhair.ng',
    address: '3 Broad Street, Lagos Island',
    instagram: 'https://www.instagram.com/crown',
    facebook: '',
    tiktok: '',
  };

  it('puts the new contacts in the footer at once', async () => {
    expect((await save(contacts)).statusCode).toBe(302);
    const html = (await new TestClient(shop.app).get('/')).body;
    expect(html).toContain('+234 809 555 0101');
    expect(html).toContain('care@crownhair.ng');
    expect(html).toContain('https://wa.me/2348095550101');
    expect(html).not.toContain('facebook.com/crownhair.ng');
    expect((await lastAudit('contacts')).details.before).toMatchObject({ email: 'hello@crownhair.ng' });
  });

  it('refuses a bad email and a non-https social link, keeping the rest', async () => {
    const res = await save({ ...contacts, email: 'not-an-email', facebook: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-field-error="email"');
    expect(res.body).toContain('data-field-error="facebook"');
    expect(res.body).toContain('value="3 Broad Street, Lagos Island"');
    expect((await new TestClient(shop.app).get('/')).body).toContain('care@crownhair.ng');
  });
});

describe('order emails and stock', () => {
  it('emails the staff addresses set here (not the environment’s) about a new paid order', async () => {
    const res = await save({
      intent: 'staff-emails',
      staffOrderEmails: 'orders@crownhair.ng\nboss@crownhair.ng',
    });
    expect(res.statusCode).toBe(302);
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(shopper, checkoutForm({ email: 'paid@example.ng' }));
    await sandboxPay(shopper, reference);
    expect(await shop.mailTo('orders@crownhair.ng')).toHaveLength(1);
    expect(await shop.mailTo('boss@crownhair.ng')).toHaveLength(1);
  });

  it('refuses an address that is not one', async () => {
    const res = await save({ intent: 'staff-emails', staffOrderEmails: 'orders@crownhair.ng, nobody' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Not an email address: nobody.');
    expect(res.body).toContain('orders@crownhair.ng, nobody');
  });

  it('holds transfer stock as long as set, and moves the dashboard’s low-stock line', async () => {
    const res = await save({
      intent: 'stock',
      lowStockThreshold: '12',
      bankTransferHours: '6',
      podConfirmationHours: '72',
    });
    expect(res.statusCode).toBe(302);
    expect((await shop.services.analytics.dashboard('today')).lowStock.threshold).toBe(12);
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(
      shopper,
      checkoutForm({ paymentMethod: 'bank_transfer', email: 'hold@example.ng' }),
    );
    const { hours } = await one<{ hours: number }>(
      sql`SELECT round(extract(epoch FROM o.reserved_until - o.created_at) / 3600)::int AS hours
          FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
    );
    expect(hours).toBe(6);
    const refused = await save({
      intent: 'stock',
      lowStockThreshold: 'many',
      bankTransferHours: '0',
      podConfirmationHours: '72',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('data-field-error="lowStockThreshold"');
    expect(refused.body).toContain('must be at least 1');
    expect(refused.body).toContain('value="many"');
  });
});

describe('content pages', () => {
  const hostile = [
    '## Our terms',
    '',
    '<script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    '[click me](javascript:alert(1)) and [mail us](mailto:care@crownhair.ng) and [ship](/pages/shipping)',
  ].join('\n');

  it('previews without saving, then saves; the storefront shows safe HTML only', async () => {
    const preview = await admin.post('/admin/settings/pages/terms', {
      intent: 'preview',
      title: 'Terms',
      intro: '',
      body: hostile,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Preview (not saved)');
    expect(preview.body).toContain('<h2>Our terms</h2>');
    expect((await new TestClient(shop.app).get('/pages/terms')).body).not.toContain('Our terms');

    const saved = await admin.post('/admin/settings/pages/terms', {
      intent: 'save',
      title: 'Terms',
      intro: 'Read me.',
      body: hostile,
    });
    expect(saved.statusCode).toBe(302);
    const html = (await new TestClient(shop.app).get('/pages/terms')).body;
    expect(html).toContain('<h2>Our terms</h2>');
    expect(html).toContain('&lt;script&gt;alert');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="mailto:care@crownhair.ng">mail us</a>');
    expect(html).toContain('<a href="/pages/shipping">ship</a>');
    expect((await lastAudit('page.terms')).details.after).toMatchObject({ title: 'Terms' });
  });

  it('refuses an empty page, keeping the title', async () => {
    const res = await admin.post('/admin/settings/pages/about', {
      intent: 'save',
      title: 'About us',
      body: '   ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Write the page.');
    expect(res.body).toContain('value="About us"');
    expect((await admin.get('/admin/settings/pages/nope')).statusCode).toBe(404);
  });
});

describe.skipIf(!usingPostgres)('two processes on one PostgreSQL (ADR 033)', () => {
  it('a rate changed through one is seen by the other’s next request, well inside the cache time', async () => {
    const other = await createTestShop({ pages: true, database: shop.database });
    try {
      const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 6_000_000 }] });
      const shopper = new TestClient(other.app);
      await inUsd(shopper);
      await save({ intent: 'currencies', USD: '1,500', EUR: '1,600', GBP: '2,000' });
      expect((await shopper.get(pathOf(product))).body).toContain('$40'); // cached now in the other
      const started = Date.now();
      expect(
        (await save({ intent: 'currencies', USD: '1,200', EUR: '1,600', GBP: '2,000' })).statusCode,
      ).toBe(302);
      await expect
        .poll(async () => (await shopper.get(pathOf(product))).body.includes('$50'), {
          timeout: 2_000,
          interval: 20,
        })
        .toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000); // the cache keeps values 15 s
    } finally {
      await other.close();
    }
  });
});
