// Stock cannot be held hostage: a cart and an order take at most a few of each item, and every
// order that has not been paid (card, bank transfer) or confirmed by staff (pay on delivery)
// gives its stock back after a set time, telling the shopper why.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow, variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

const CAPS = { maxQuantityPerLine: 3, maxItemsPerOrder: 5 };
const HOURS = { bankTransferHours: 6, podConfirmationHours: 12 };

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { checkout: { reservationMinutes: 30, ...HOURS, ...CAPS } },
  });
});
afterAll(async () => {
  await shop.close();
});

async function one<T>(query: SQL): Promise<T> {
  return (await firstRow<T>(shop.database.db, query))!;
}

const stockOf = (variantId: number) => variantStock(shop.database.db, variantId);

async function orderByReference(reference: string) {
  return one<{ id: number; tracking_number: string; status: string; hold_hours: number | null }>(
    sql`SELECT o.id, o.tracking_number, o.status,
               round(extract(epoch FROM o.reserved_until - o.created_at) / 3600)::int AS hold_hours
        FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
  );
}

async function lastNote(orderId: number): Promise<string> {
  return (
    await one<{ note: string }>(
      sql`SELECT note FROM order_status_history WHERE order_id = ${orderId} ORDER BY id DESC LIMIT 1`,
    )
  ).note;
}

/** Time passes: the order's hold ran out a second ago. */
async function runOut(orderId: number) {
  await shop.database.db.execute(
    sql`UPDATE orders SET reserved_until = now() - interval '1 second'
        WHERE id = ${orderId} AND reserved_until IS NOT NULL`,
  );
}

async function staffClient(role: 'staff' | 'admin' = 'staff'): Promise<TestClient> {
  const staff = await createUser(shop.database.db, { role });
  return (await signInAndEnrol(shop.app, { email: staff.email, password: TEST_PASSWORD })).client;
}

function setStatus(staff: TestClient, trackingNumber: string, status: string, correction?: string) {
  return shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${trackingNumber}/status`,
    headers: {
      cookie: [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/json',
    },
    payload: correction ? { status, correction: true, note: correction } : { status },
  });
}

describe('quantity caps', () => {
  it('a cart line takes at most the per-line cap, with a clear message (no JavaScript)', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 50 }] });
    const variantId = product.variants[0]!.id;
    const client = new TestClient(shop.app);
    // The product page's stepper stops at the cap (the cart refuses more anyway).
    const page = await client.get(productPath(product));
    expect(page.body).toMatch(/<input id="add-quantity" type="number"[^>]*max="3"[^>]*name="quantity"/);
    const refused = await addToCart(client, variantId, 4);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('You can buy up to 3 of one item in one order');

    expect((await addToCart(client, variantId, 2)).statusCode).toBe(302);
    const more = await addToCart(client, variantId, 2);
    expect(more.statusCode).toBe(400);
    expect(more.body).toContain('You already have 2 in your cart');
    const set = await client.post('/cart', { intent: 'set', variantId: String(variantId), quantity: '4' });
    expect(set.statusCode).toBe(400);
    expect(set.body).toContain('up to 3 of one item');
    expect(((await client.get('/api/v1/cart')).json() as { itemCount: number }).itemCount).toBe(2);
  });

  it('a cart takes at most the per-order cap in all', async () => {
    const a = await createProduct(shop.database.db, { variants: [{ stock: 50 }] });
    const b = await createProduct(shop.database.db, { variants: [{ stock: 50 }] });
    const client = new TestClient(shop.app);
    expect((await addToCart(client, a.variants[0]!.id, 3)).statusCode).toBe(302);
    expect((await addToCart(client, b.variants[0]!.id, 2)).statusCode).toBe(302);
    const refused = await addToCart(client, b.variants[0]!.id, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('One order can hold up to 5 items');
  });

  it('checkout refuses an order over the caps even when the cart holds more, taking nothing', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 50 }] });
    const variantId = product.variants[0]!.id;
    const client = new TestClient(shop.app);
    await addToCart(client, variantId, 1);
    // A cart filled before the cap was lowered (or by hand): the order is the last gate.
    await shop.database.db.execute(sql`UPDATE cart_lines SET quantity = 40 WHERE variant_id = ${variantId}`);
    const page = await client.get('/cart');
    expect(page.body).toContain('At most 3 per order');

    const res = await client.post('/checkout', checkoutForm({ email: 'hoarder@example.ng' }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('You can buy up to 3 of one item in one order');
    expect(await stockOf(variantId)).toBe(50);
    expect(
      (
        await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM orders WHERE email = 'hoarder@example.ng'`,
        )
      ).n,
    ).toBe(0);
  });
});

describe('holds end unless paid or confirmed', () => {
  it('an unconfirmed pay-on-delivery order gives its stock back in time, with history and email', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const variantId = product.variants[0]!.id;
    const { reference } = await createOrder(shop, {
      lines: [{ variantId, quantity: 3 }],
      email: 'pod-ghost@example.ng',
      paymentMethod: 'pay_on_delivery',
    });
    const order = await orderByReference(reference);
    expect(order).toMatchObject({ status: 'placed', hold_hours: HOURS.podConfirmationHours });
    expect(await stockOf(variantId)).toBe(2);
    const [placedMail] = await shop.mailTo('pod-ghost@example.ng');
    expect(placedMail?.textBody).toContain('an order we cannot confirm by');

    // Not yet: nothing happens before the time is up.
    expect(await shop.services.payments.expireReservations()).toBe(0);
    await runOut(order.id);
    expect(await shop.services.payments.expireReservations()).toBe(1);
    expect(await shop.services.payments.expireReservations()).toBe(0); // once

    expect((await orderByReference(reference)).status).toBe('cancelled');
    expect(await stockOf(variantId)).toBe(5);
    expect(await lastNote(order.id)).toContain('could not confirm this pay-on-delivery order in time');
    const mails = await shop.mailTo('pod-ghost@example.ng');
    const cancelled = mails.find((m) => /cancel/i.test(m.subject));
    expect(cancelled?.textBody).toContain('could not confirm this pay-on-delivery order in time');
    // The tracking page shows a stranger the status; the reason went by email.
    const tracking = await new TestClient(shop.app).get(`/track-order?id=${order.tracking_number}`);
    expect(tracking.body).toMatch(/<dt[^>]*>Status<\/dt><dd[^>]*>Cancelled<\/dd>/);
  });

  it('staff confirming a pay-on-delivery order in time stops the clock for good', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const variantId = product.variants[0]!.id;
    const { reference } = await createOrder(shop, {
      lines: [{ variantId, quantity: 2 }],
      email: 'pod-real@example.ng',
      paymentMethod: 'pay_on_delivery',
    });
    const order = await orderByReference(reference);
    const staff = await staffClient();
    expect((await setStatus(staff, order.tracking_number, 'confirmed')).statusCode).toBe(200);

    await runOut(order.id);
    expect(await shop.services.payments.expireReservations()).toBe(0);
    // Even moved back to "placed" (an admin's correction), a confirmed order no longer runs out.
    const admin = await staffClient('admin');
    const back = await setStatus(admin, order.tracking_number, 'placed', 'Confirmed by mistake');
    expect(back.statusCode).toBe(200);
    await runOut(order.id);
    expect(await shop.services.payments.expireReservations()).toBe(0);
    expect((await orderByReference(reference)).status).toBe('placed');
    expect(await stockOf(variantId)).toBe(3);
  });

  it('a bank transfer that never arrives gives the stock back after BANK_TRANSFER_RESERVATION_HOURS', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const variantId = product.variants[0]!.id;
    const { reference } = await createOrder(shop, {
      lines: [{ variantId, quantity: 2 }],
      email: 'bt-ghost@example.ng',
      paymentMethod: 'bank_transfer',
    });
    const order = await orderByReference(reference);
    expect(order).toMatchObject({ status: 'awaiting_transfer', hold_hours: HOURS.bankTransferHours });
    expect(await stockOf(variantId)).toBe(2);

    await runOut(order.id);
    expect(await shop.services.payments.expireReservations()).toBe(1);
    expect((await orderByReference(reference)).status).toBe('cancelled');
    expect(await stockOf(variantId)).toBe(4);
    expect(await lastNote(order.id)).toContain('bank transfer did not arrive in time');
    const mails = await shop.mailTo('bt-ghost@example.ng');
    expect(mails.some((m) => m.textBody.includes('bank transfer did not arrive in time'))).toBe(true);
  });

  it('a bank transfer staff confirm in time keeps its stock', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const variantId = product.variants[0]!.id;
    const { reference } = await createOrder(shop, {
      lines: [{ variantId }],
      email: 'bt-real@example.ng',
      paymentMethod: 'bank_transfer',
    });
    const order = await orderByReference(reference);
    const staff = await staffClient();
    expect((await setStatus(staff, order.tracking_number, 'confirmed')).statusCode).toBe(200);
    await runOut(order.id);
    expect(await shop.services.payments.expireReservations()).toBe(0);
    expect((await orderByReference(reference)).status).toBe('confirmed');
    expect(await stockOf(variantId)).toBe(3);
  });
});
