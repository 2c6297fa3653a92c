// Many shoppers at once. These matter on PostgreSQL (CI runs them there too); PGlite runs one
// transaction at a time, so on it they only show that the answers stay right.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  // Dozens of shoppers here share one test address: these tests are about races, not rate limits
  // (tests/integration/abuse-limits.test.ts covers those).
  shop = await createTestShop({
    pages: true,
    config: { rateLimits: { 'checkout:ip': { limit: 10_000 }, 'cart:ip': { limit: 10_000 } } },
  });
});
afterAll(async () => {
  await shop.close();
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(shop.database.db, query);
  return Number(row!.n);
}

async function shoppersWith(variantId: number, n: number): Promise<TestClient[]> {
  const clients = Array.from({ length: n }, () => new TestClient(shop.app));
  for (const c of clients) expect((await addToCart(c, variantId, 1)).statusCode).toBe(302);
  return clients;
}

describe('racing shoppers', () => {
  it('50 shoppers for the last 5: exactly 5 orders, stock 0, the rest told it sold out', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const variantId = product.variants[0]!.id;
    const clients = await shoppersWith(variantId, 50);
    const results = await Promise.all(
      clients.map((c, i) =>
        c.post(
          '/checkout',
          checkoutForm({ email: `racer${i}@example.ng`, paymentMethod: 'pay_on_delivery' }),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 302)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(results.find((r) => r.statusCode === 409)!.body).toContain('has just sold out');
    expect(await count(sql`SELECT stock AS n FROM product_variants WHERE id = ${variantId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM order_lines WHERE variant_id = ${variantId}`)).toBe(5);
  });

  it('20 shoppers for a code with one use left: exactly one gets it', async () => {
    await shop.database.db.execute(
      sql`INSERT INTO discounts (code, type, value, scope, usage_limit, used_count) VALUES ('LASTONE', 'percentage', 50, 'global', 5, 4)`,
    );
    const product = await createProduct(shop.database.db, { variants: [{ stock: 100 }] });
    const clients = await shoppersWith(product.variants[0]!.id, 20);
    for (const c of clients)
      expect((await c.post('/cart', { intent: 'promo', code: 'lastone' })).statusCode).toBe(200);
    const results = await Promise.all(
      clients.map((c, i) =>
        c.post(
          '/checkout',
          checkoutForm({ email: `coder${i}@example.ng`, paymentMethod: 'pay_on_delivery' }),
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 302)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body).toMatch(/used up/);
    expect(await count(sql`SELECT used_count AS n FROM discounts WHERE code = 'LASTONE'`)).toBe(5);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE promo_code = 'LASTONE'`)).toBe(1);
    // The refused checkouts left the stock alone.
    expect(
      await count(sql`SELECT stock AS n FROM product_variants WHERE id = ${product.variants[0]!.id}`),
    ).toBe(99);
  });

  it('the same checkout sent 10 times at once places one order', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 10 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 2);
    const form = checkoutForm({ email: 'impatient@example.ng' });
    const results = await Promise.all(Array.from({ length: 10 }, () => client.post('/checkout', form)));
    expect(results.every((r) => r.statusCode === 302)).toBe(true);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE email = 'impatient@example.ng'`)).toBe(1);
    expect(
      await count(sql`SELECT stock AS n FROM product_variants WHERE id = ${product.variants[0]!.id}`),
    ).toBe(8);
  });

  it('the same checkout sent 9 times at once for the last unit places one order and answers each copy with it', async () => {
    // The copies that arrive after the unit is gone are checked for their order before being
    // refused as sold out (ADR 041: the early refusal looks the form up after reading the stock).
    const product = await createProduct(shop.database.db, { variants: [{ stock: 1 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const form = checkoutForm({ email: 'last-unit@example.ng', paymentMethod: 'online' });
    // Nine (the tenth copy comes later; a session may place ten checkouts an hour).
    const results = await Promise.all(Array.from({ length: 9 }, () => client.post('/checkout', form)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(9).fill(302));
    // Each copy is sent on to pay for the one order (a payment attempt each, as for any replay).
    expect(results.every((r) => String(r.headers.location).includes('/pay/'))).toBe(true);
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE email = 'last-unit@example.ng'`)).toBe(1);
    expect(
      await count(sql`SELECT stock AS n FROM product_variants WHERE id = ${product.variants[0]!.id}`),
    ).toBe(0);
    // Sent again later, with the shelf empty: still its order, not "sold out".
    const again = await client.post('/checkout', form);
    expect(again.statusCode).toBe(302);
    expect(String(again.headers.location)).toContain('/pay/');
    expect(await count(sql`SELECT count(*) AS n FROM orders WHERE email = 'last-unit@example.ng'`)).toBe(1);
  });

  it('200 shoppers for the last 10 (issue 15): exactly 10 orders, the rest sold out, nothing oversold', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 10 }] });
    const variantId = product.variants[0]!.id;
    const clients = await shoppersWith(variantId, 200);
    const results = await Promise.all(
      clients.map((c, i) =>
        c.post(
          '/checkout',
          checkoutForm({
            email: `rush${i}@example.ng`,
            paymentMethod: i % 2 === 0 ? 'pay_on_delivery' : 'online',
          }),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 302)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    // A loser without JavaScript gets the checkout page: the reason, what they typed, their cart.
    const lost = statuses.indexOf(409);
    const page = results[lost]!.body;
    expect(page).toContain('has just sold out');
    expect(page).toContain(`value="rush${lost}@example.ng"`);
    expect(page).toContain('value="14 Allen Avenue"');
    expect(page).toContain(product.name);
    expect(
      await count(sql`SELECT count(DISTINCT order_id) AS n FROM order_lines WHERE variant_id = ${variantId}`),
    ).toBe(10);
    expect(await count(sql`SELECT stock AS n FROM product_variants WHERE id = ${variantId}`)).toBe(0);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM order_status_history h JOIN order_lines l USING (order_id) WHERE l.variant_id = ${variantId}`,
      ),
    ).toBe(10);
  }, 120_000); // A crowd on a busy 2-core CI machine: correctness here, its speed in bench/checkout.ts.

  it('100 replayed and 100 forged webhooks: one payment applied, every forgery refused', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(client, checkoutForm({ email: 'replay@example.ng' }));
    // The sandbox settles the payment and hands over the signed webhook it sends.
    const settled = await shop.services.payments.sandbox!.settle(reference, 'success');
    const { body, headers } = settled!.webhook!;
    const send = (payload: Buffer, h: Record<string, string>) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        payload,
        headers: { ...h, 'content-type': 'application/json' },
      });
    const forgedBody = Buffer.from(body.toString().replace(/"amount":\d+/, '"amount":1'));
    const results = await Promise.all([
      ...Array.from({ length: 100 }, () => send(body, headers)),
      ...Array.from({ length: 50 }, () => send(forgedBody, headers)),
      ...Array.from({ length: 50 }, () => send(body, { 'x-sandbox-signature': 'ab'.repeat(64) })),
    ]);
    expect(results.slice(0, 100).every((r) => r.statusCode === 200)).toBe(true);
    expect(results.slice(100).every((r) => r.statusCode === 401)).toBe(true);
    const [order] = await queryRows<{ id: number; status: string }>(
      shop.database.db,
      sql`SELECT o.id, o.status FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
    );
    expect(order!.status).toBe('placed');
    expect(await count(sql`SELECT count(*) AS n FROM payment_events WHERE reference = ${reference}`)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM order_status_history WHERE order_id = ${order!.id} AND status = 'placed'`,
      ),
    ).toBe(1);
    expect(await shop.mailTo('replay@example.ng')).toHaveLength(1);
  });
});
