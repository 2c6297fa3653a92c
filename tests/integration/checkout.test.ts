// The purchase path through HTTP on a real database: checkout, the sandbox payment, the result
// pages, pay on delivery, bank transfer, stock, promo codes, expiry, tracking and history.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOR_CUSTOMER } from '#core/promotions.ts';
import { queryRows } from '#server/db/client.ts';
import { seedSampleDiscounts } from '#server/seed/seed.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow, variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  // The tests use the sample promo codes; a test shop has only the reference data (ADR 016).
  await seedSampleDiscounts(shop.database.db);
});
afterAll(async () => {
  await shop.close();
});

async function one<T>(query: SQL): Promise<T> {
  return (await firstRow<T>(shop.database.db, query))!;
}

const stockOf = (variantId: number) => variantStock(shop.database.db, variantId);

async function orderByReference(reference: string) {
  return one<{
    id: number;
    tracking_number: string;
    status: string;
    total_kobo: number;
    subtotal_kobo: number;
    discount_kobo: number;
    promo_code: string | null;
    email: string;
    stock_released_at: Date | null;
  }>(sql`SELECT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`);
}

async function cartJson(client: TestClient) {
  return (await client.get('/api/v1/cart')).json() as { lines: unknown[]; itemCount: number };
}

describe('paying by card (sandbox)', () => {
  it('places the order, reserves stock, pays in the sandbox, then empties the cart and emails', async () => {
    const wig = await createProduct(shop.database.db, {
      category: 'wigs',
      variants: [{ priceKobo: 12_000_000, stock: 4 }],
    });
    const bundle = await createProduct(shop.database.db, { variants: [{ priceKobo: 4_550_000, stock: 9 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, wig.variants[0]!.id, 1);
    await addToCart(client, bundle.variants[0]!.id, 2);
    await client.post('/cart', { intent: 'promo', code: 'save10' });

    const page = await client.get('/checkout');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₦189,900'); // (120,000 + 2 × 45,500) less 10 %, delivery free
    const { next, reference } = await placeOrder(
      client,
      checkoutForm({ email: 'Card.Buyer@Example.ng', totalKobo: '100', subtotalKobo: '1' }),
    );
    expect(next).toMatch(/^\/pay\/sandbox\/CH\d{12}-[0-9A-F]{8}$/);

    // Placed and held: stock is reserved, the cart is kept until the payment is confirmed.
    let order = await orderByReference(reference);
    expect(order).toMatchObject({
      status: 'pending_payment',
      subtotal_kobo: 21_100_000,
      discount_kobo: 2_110_000,
    });
    expect(order.total_kobo).toBe(18_990_000); // a price sent by the browser is ignored
    expect(order.email).toBe('card.buyer@example.ng');
    expect(await stockOf(wig.variants[0]!.id)).toBe(3);
    expect(await stockOf(bundle.variants[0]!.id)).toBe(7);
    expect((await cartJson(client)).itemCount).toBe(3);

    const sandboxPage = await client.get(next);
    expect(sandboxPage.body).toContain('₦189,900');

    const back = await sandboxPay(client, reference);
    expect(back).toBe(`/payment-success?reference=${reference}`);
    const success = await client.get(back);
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('Payment Successful!');
    expect(success.body).toContain(order.tracking_number);
    expect(success.body).toContain('₦189,900');
    expect(success.body).toContain('Email confirmation');
    expect(success.body).toContain(`/track-order?id=${order.tracking_number}`);

    order = await orderByReference(reference);
    expect(order.status).toBe('placed');
    expect((await cartJson(client)).lines).toEqual([]);
    const [mail] = await shop.mailTo('card.buyer@example.ng');
    expect(mail?.subject).toBe(`Order ${order.tracking_number} placed: payment received`);
    expect(mail?.textBody).toContain('Total: ₦189,900');
    // The code's use was taken once.
    expect(
      (await one<{ used_count: number }>(sql`SELECT used_count FROM discounts WHERE code = 'SAVE10'`))
        .used_count,
    ).toBe(1);

    // Coming back to the page again changes nothing.
    await client.get(back);
    expect((await orderByReference(reference)).status).toBe('placed');
    expect(await shop.mailTo('card.buyer@example.ng')).toHaveLength(1);
  });

  it('keeps the cart when the payment is cancelled, puts the items back, and lets the shopper try again', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 3_000_000, stock: 2 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(client, checkoutForm({ email: 'cancel@example.ng' }));
    expect(await stockOf(product.variants[0]!.id)).toBe(1);
    const back = await sandboxPay(client, reference, 'cancel');
    expect(back).toBe(`/payment-canceled?reference=${reference}`);
    const canceled = await client.get(back);
    expect(canceled.body).toContain('Payment Canceled');
    expect(canceled.body).toContain('No charge was made');
    expect(canceled.body).toContain('Try Payment Again');
    expect(canceled.body).toContain('href="/support"');
    for (const way of ['Bank transfer', 'Pay on delivery', 'USSD', 'Mobile money'])
      expect(canceled.body).toContain(way);
    expect((await cartJson(client)).itemCount).toBe(1);
    // The cancelled payment cancelled the order (as the shopper chose) and put the item back on sale.
    expect((await orderByReference(reference)).status).toBe('cancelled');
    expect(await stockOf(product.variants[0]!.id)).toBe(2);

    // The success page for a cancelled payment sends the shopper to the cancel page.
    const wrongWay = await client.get(`/payment-success?reference=${reference}`);
    expect(wrongWay.statusCode).toBe(302);
    expect(wrongWay.headers.location).toBe(`/payment-canceled?reference=${reference}`);

    // Trying again takes the item again for the same order, with a new payment reference.
    const retry = await client.post('/payment-canceled', { reference });
    expect(retry.statusCode).toBe(302);
    const again = String(retry.headers.location);
    expect(again).toMatch(/\/pay\/sandbox\/CH\d+-[0-9A-F]{8}$/);
    const secondReference = decodeURIComponent(again.split('/').at(-1)!);
    expect(secondReference).not.toBe(reference);
    expect((await orderByReference(secondReference)).status).toBe('pending_payment');
    expect(await stockOf(product.variants[0]!.id)).toBe(1);
    await sandboxPay(client, secondReference);
    expect((await orderByReference(secondReference)).status).toBe('placed');
    expect(await stockOf(product.variants[0]!.id)).toBe(1); // one unit, taken once
    expect((await cartJson(client)).lines).toEqual([]);
  });

  it('cannot retry once the items have sold out meanwhile: the shopper is sent to check out again', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 1 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(client, checkoutForm({ email: 'gone@example.ng' }));
    await sandboxPay(client, reference, 'cancel');
    await client.get(`/payment-canceled?reference=${reference}`);
    await shop.database.db.execute(
      sql`UPDATE product_variants SET stock = 0 WHERE id = ${product.variants[0]!.id}`,
    );
    const retry = await client.post('/payment-canceled', { reference });
    expect(retry.statusCode).toBe(409);
    expect(retry.body).toContain('sold out since');
    expect((await orderByReference(reference)).status).toBe('cancelled');
  });

  it('places one order when the same checkout is sent twice', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 2);
    const form = checkoutForm({ email: 'twice@example.ng' });
    const first = await client.post('/checkout', form);
    const second = await client.post('/checkout', form);
    expect(first.statusCode).toBe(302);
    expect(second.statusCode).toBe(302);
    const { n } = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE email = 'twice@example.ng'`,
    );
    expect(n).toBe(1);
    expect(await stockOf(product.variants[0]!.id)).toBe(3);
  });
});

describe('pay on delivery and bank transfer', () => {
  it('pay on delivery in Lagos: placed at once, cart emptied, email sent; refused in Kano', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 2_000_000, stock: 3 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const kano = await client.post(
      '/checkout',
      checkoutForm({ paymentMethod: 'pay_on_delivery', shipState: 'Kano', email: 'pod@example.ng' }),
    );
    expect(kano.statusCode).toBe(400);
    expect(kano.body).toContain('Pay on delivery is not available in Kano.');
    expect(kano.body).toContain('value="14 Allen Avenue"'); // nothing typed is lost
    expect(await stockOf(product.variants[0]!.id)).toBe(3);

    const { next, reference } = await placeOrder(
      client,
      checkoutForm({ paymentMethod: 'pay_on_delivery', shipState: 'Lagos', email: 'pod@example.ng' }),
    );
    expect(next).toMatch(/^\/payment-success\?reference=CH\d{12}-POD$/);
    const order = await orderByReference(reference);
    expect(order.status).toBe('placed');
    const page = await client.get(next);
    expect(page.body).toContain('Order placed!');
    expect(page.body).toContain('Pay the rider when your hair arrives.');
    expect((await cartJson(client)).lines).toEqual([]);
    expect((await shop.mailTo('pod@example.ng'))[0]?.subject).toBe(
      `Order ${order.tracking_number} placed: pay on delivery`,
    );
  });

  it('bank transfer: reserved, with the account details and reference on the page and by email', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 5_000_000, stock: 3 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const { next, reference } = await placeOrder(
      client,
      checkoutForm({ paymentMethod: 'bank_transfer', email: 'transfer@example.ng', shipState: 'Rivers' }),
    );
    const order = await orderByReference(reference);
    expect(order.status).toBe('awaiting_transfer');
    const page = await client.get(next);
    expect(page.body).toContain('complete your transfer');
    expect(page.body).toContain('0123456789');
    expect(page.body).toContain(reference);
    const [mail] = await shop.mailTo('transfer@example.ng');
    expect(mail?.subject).toBe(`Order ${order.tracking_number}: complete your bank transfer`);
    expect(mail?.textBody).toContain(`Reference (put it in the transfer narration): ${reference}`);
    expect(await stockOf(product.variants[0]!.id)).toBe(2);
  });
});

describe('the enclosed checkout (ADR 057)', () => {
  it("shows the logo, that it is secure, the way back to the cart and the shop's help, not the shop's menus", async () => {
    const product = await createProduct(shop.database.db);
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const cart = await client.get('/cart');
    const checkout = await client.get('/checkout');
    expect(checkout.statusCode).toBe(200);
    const page = checkout.body;
    expect(page).toContain('Secure checkout');
    expect(page).toMatch(/<a[^>]*href="\/cart"[^>]*>Back to cart<\/a>/);
    expect(page).toContain('Need help with your order?');
    expect(page).toMatch(/href="tel:\+?\d+"/);
    expect(page).toContain('href="/pages/returns"');
    expect(page).toContain('href="#main"'); // skip link
    // The shop's own header and footer (categories, search, newsletter) are on the cart, not here.
    for (const shopOnly of ['Bundles &amp; Lace', 'Search products', 'Subscribe']) {
      expect(cart.body).toContain(shopOnly);
      expect(page).not.toContain(shopOnly);
    }
    // A refused order's page is enclosed too.
    const refused = await client.post('/checkout', checkoutForm({ phone: '12' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Secure checkout');
    expect(refused.body).not.toContain('Bundles &amp; Lace');
  });
});

describe('refusals roll everything back', () => {
  it('explains each bad field and keeps what was typed, placing nothing', async () => {
    const product = await createProduct(shop.database.db);
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const res = await client.post(
      '/checkout',
      checkoutForm({ phone: '12', shipState: 'Texas', shipStreet: '', email: 'bad@example.ng' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter a Nigerian phone number');
    expect(res.body).toContain('Choose a state from the list.');
    expect(res.body).toContain('Please enter the street address.');
    expect(res.body).toContain('value="Ikeja"');
    const { n } = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE email = 'bad@example.ng'`,
    );
    expect(n).toBe(0);
  });

  it('refuses when stock ran out after the item was added, taking nothing', async () => {
    const a = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const b = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, a.variants[0]!.id, 2);
    await addToCart(client, b.variants[0]!.id, 3);
    await client.post('/cart', { intent: 'promo', code: 'SAVE20' });
    await shop.database.db.execute(
      sql`UPDATE product_variants SET stock = 2 WHERE id = ${b.variants[0]!.id}`,
    );
    const before = (
      await one<{ used_count: number }>(sql`SELECT used_count FROM discounts WHERE code = 'SAVE20'`)
    ).used_count;
    const res = await client.post('/checkout', checkoutForm({ email: 'late@example.ng' }));
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('only 2 of');
    expect(await stockOf(a.variants[0]!.id)).toBe(5); // rolled back
    expect(await stockOf(b.variants[0]!.id)).toBe(2);
    expect(
      (await one<{ used_count: number }>(sql`SELECT used_count FROM discounts WHERE code = 'SAVE20'`))
        .used_count,
    ).toBe(before);
    const { n } = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders WHERE email = 'late@example.ng'`,
    );
    expect(n).toBe(0);
  });

  it('NEWCUSTOMER works on a first order only, for an account or an email', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 1_000_000, stock: 10 }],
    });
    const first = new TestClient(shop.app);
    await addToCart(first, product.variants[0]!.id, 1);
    await first.post('/cart', { intent: 'promo', code: 'newcustomer' });
    const { reference } = await placeOrder(
      first,
      checkoutForm({ email: 'fresh@example.ng', paymentMethod: 'pay_on_delivery' }),
    );
    expect((await orderByReference(reference)).discount_kobo).toBe(150_000);

    const again = new TestClient(shop.app);
    await addToCart(again, product.variants[0]!.id, 1);
    await again.post('/cart', { intent: 'promo', code: 'NEWCUSTOMER' }); // a guest is not known yet
    const refused = await again.post(
      '/checkout',
      checkoutForm({ email: 'FRESH@example.ng', paymentMethod: 'pay_on_delivery' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(NOT_FOR_CUSTOMER);

    // A signed-in shopper with an earlier order is told in the cart already.
    const user = await createUser(shop.database.db, { email: 'fresh@example.ng' });
    const signedIn = new TestClient(shop.app);
    await signedIn.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    await addToCart(signedIn, product.variants[0]!.id, 1);
    const inCart = await signedIn.post('/cart', { intent: 'promo', code: 'NEWCUSTOMER' });
    expect(inCart.statusCode).toBe(400);
    expect(inCart.body).toContain(NOT_FOR_CUSTOMER);
  });
});

describe('unpaid orders', () => {
  it('give their stock and promo use back when the payment does not arrive in time', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 2);
    await client.post('/cart', { intent: 'promo', code: 'SAVE10' });
    const used = (
      await one<{ used_count: number }>(sql`SELECT used_count FROM discounts WHERE code = 'SAVE10'`)
    ).used_count;
    const { reference } = await placeOrder(client, checkoutForm({ email: 'slow@example.ng' }));
    expect(await stockOf(product.variants[0]!.id)).toBe(1);
    const order = await orderByReference(reference);
    const { minutes } = await one<{ minutes: number }>(
      sql`SELECT round(extract(epoch FROM reserved_until - created_at) / 60)::int AS minutes FROM orders WHERE id = ${order.id}`,
    );
    expect(minutes).toBe(30);

    await shop.database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = ${order.id}`,
    );
    expect(await shop.services.payments.expireReservations()).toBe(1);
    expect(await shop.services.payments.expireReservations()).toBe(0); // once
    expect((await orderByReference(reference)).status).toBe('payment_failed');
    expect(await stockOf(product.variants[0]!.id)).toBe(3);
    expect(
      (await one<{ used_count: number }>(sql`SELECT used_count FROM discounts WHERE code = 'SAVE10'`))
        .used_count,
    ).toBe(used);
    const [mail] = await shop.mailTo('slow@example.ng');
    expect(mail?.subject).toContain('did not go through');
    // The cart was kept, and the order can still be paid: a retry takes its items again.
    expect((await cartJson(client)).itemCount).toBe(2);
    expect((await client.get(`/payment-canceled?reference=${reference}`)).body).toContain(
      'Try Payment Again',
    );
  });

  it('money arriving after the order ended takes the items again, or is recorded for a refund', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 1 }] });
    const late = new TestClient(shop.app);
    await addToCart(late, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(late, checkoutForm({ email: 'late-payer@example.ng' }));
    const order = await orderByReference(reference);
    await shop.database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = ${order.id}`,
    );
    await shop.services.payments.expireReservations();
    expect((await orderByReference(reference)).status).toBe('payment_failed');

    // Paid anyway (the payment page was still open): the unit is still there, so the order stands.
    const settled = await shop.services.payments.sandbox!.settle(reference, 'success');
    await shop.services.payments.handleWebhook('sandbox', settled!.webhook!.body, settled!.webhook!.headers);
    expect((await orderByReference(reference)).status).toBe('placed');
    expect(await stockOf(product.variants[0]!.id)).toBe(0);

    // A second order for the same (now sold out) unit, paid late: recorded for staff to refund.
    await shop.database.db.execute(
      sql`UPDATE product_variants SET stock = 1 WHERE id = ${product.variants[0]!.id}`,
    );
    const other = new TestClient(shop.app);
    await addToCart(other, product.variants[0]!.id, 1);
    const second = await placeOrder(other, checkoutForm({ email: 'later-payer@example.ng' }));
    const secondOrder = await orderByReference(second.reference);
    await shop.database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = ${secondOrder.id}`,
    );
    await shop.services.payments.expireReservations();
    await shop.database.db.execute(
      sql`UPDATE product_variants SET stock = 0 WHERE id = ${product.variants[0]!.id}`,
    );
    const paidLate = await shop.services.payments.sandbox!.settle(second.reference, 'success');
    await shop.services.payments.handleWebhook(
      'sandbox',
      paidLate!.webhook!.body,
      paidLate!.webhook!.headers,
    );
    expect((await orderByReference(second.reference)).status).toBe('payment_failed');
    const [note] = await queryRows<{ note: string }>(
      shop.database.db,
      sql`SELECT note FROM order_status_history WHERE order_id = ${secondOrder.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(note!.note).toContain('refund it');
    expect(await stockOf(product.variants[0]!.id)).toBe(0);
  });

  it('an expiring order that was in fact paid (lost webhook) is kept and confirmed', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    const client = new TestClient(shop.app);
    await addToCart(client, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(client, checkoutForm({ email: 'lost@example.ng' }));
    // Paid at the provider, but neither the webhook nor the shopper came back.
    await shop.database.db.execute(
      sql`UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = ${reference}`,
    );
    await shop.database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = ${(await orderByReference(reference)).id}`,
    );
    await shop.services.payments.expireReservations();
    expect((await orderByReference(reference)).status).toBe('placed');
    expect(await stockOf(product.variants[0]!.id)).toBe(2);
  });
});

describe('webhooks', () => {
  it('refuse a forged signature with 401 before doing anything', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'f'.repeat(128) },
      payload: JSON.stringify({
        event: 'charge.success',
        data: { reference: 'CH1-X', amount: 1, currency: 'NGN', status: 'success' },
      }),
    });
    expect(res.statusCode).toBe(401);
    const unknown = await shop.app.inject({ method: 'POST', url: '/api/webhooks/paystack', payload: '{}' });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('tracking', () => {
  it('finds an order by number in any case, masks it for strangers and shows all to the owner', async () => {
    const user = await createUser(shop.database.db, { email: 'owner@example.ng' });
    const product = await createProduct(shop.database.db, {
      name: 'Tracked Wig',
      variants: [{ priceKobo: 7_000_000, stock: 2 }],
    });
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    await addToCart(client, product.variants[0]!.id, 1);
    const { reference } = await placeOrder(
      client,
      checkoutForm({ email: 'owner@example.ng', paymentMethod: 'pay_on_delivery' }),
    );
    const order = await orderByReference(reference);

    const stranger = await new TestClient(shop.app).get(
      `/track-order?id=${order.tracking_number.toLowerCase()}`,
    );
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toContain('Tracked Wig');
    expect(stranger.body).toContain('ow•••@example.ng');
    expect(stranger.body).not.toContain('14 Allen Avenue');
    expect(stranger.body).toContain('Ikeja, Lagos');
    const mine = await client.get(`/track-order?id=${order.tracking_number}`);
    expect(mine.body).toContain('owner@example.ng');
    expect(mine.body).toContain('14 Allen Avenue');
    const steps = [...mine.body.matchAll(/data-completed="(true|false)"/g)].map((m) => m[1]);
    expect(steps).toEqual(['true', 'false', 'false', 'false', 'false']);

    const none = await new TestClient(shop.app).get('/track-order?id=CH000000000000');
    expect(none.body).toContain('Order not found. Please check your tracking number.');
    const api = await shop.app.inject(`/api/v1/orders/${order.tracking_number}`);
    expect(api.json()).toMatchObject({
      trackingNumber: order.tracking_number,
      masked: true,
      status: 'placed',
    });

    // The dashboard's Orders tab lists it.
    const history = await client.get('/dashboard?tab=orders');
    expect(history.body).toContain(order.tracking_number);
    expect(history.body).toContain('Track Order');
  });
});

describe('status changes by staff', () => {
  it('move the timeline, write history, email the shopper, and cancelling gives stock back once', async () => {
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const { client: staffClient } = await signInAndEnrol(shop.app, staff);
    const product = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const buyer = new TestClient(shop.app);
    await addToCart(buyer, product.variants[0]!.id, 2);
    const { reference } = await placeOrder(
      buyer,
      checkoutForm({ email: 'status@example.ng', paymentMethod: 'pay_on_delivery' }),
    );
    const order = await orderByReference(reference);
    const setStatus = (client: TestClient, status: string, note?: string, correction?: boolean) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.tracking_number}/status`,
        headers: {
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/json',
        },
        payload: { status, note, ...(correction ? { correction } : {}) },
      });

    expect((await setStatus(buyer, 'shipped')).statusCode).toBe(401);
    const customer = await createUser(shop.database.db);
    const customerClient = new TestClient(shop.app);
    await customerClient.post('/auth', { intent: 'signin', email: customer.email, password: TEST_PASSWORD });
    expect((await setStatus(customerClient, 'shipped')).statusCode).toBe(403);
    expect((await setStatus(staffClient, 'teleported')).statusCode).toBe(400);

    for (const status of ['confirmed', 'packaged', 'shipped']) {
      expect(
        (
          await setStatus(
            staffClient,
            status,
            status === 'shipped' ? 'GIG Logistics, waybill 1234' : undefined,
          )
        ).statusCode,
      ).toBe(200);
    }
    const tracked = (await shop.app.inject(`/api/v1/orders/${order.tracking_number}`)).json() as {
      status: string;
      timeline: { step: string; completed: boolean; at: string | null }[];
    };
    expect(tracked.status).toBe('shipped');
    expect(tracked.timeline.map((s) => s.completed)).toEqual([true, true, true, true, false]);
    expect(tracked.timeline.every((s) => (s.completed ? s.at !== null : s.at === null))).toBe(true);
    const mails = await shop.mailTo('status@example.ng');
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Crown Hair order ${order.tracking_number} has been shipped`,
      `Your Crown Hair order ${order.tracking_number} has been packaged`,
      `Your Crown Hair order ${order.tracking_number} has been confirmed`,
      `Order ${order.tracking_number} placed: pay on delivery`,
    ]);
    expect(mails[0]!.textBody).toContain('GIG Logistics, waybill 1234');

    expect(await stockOf(product.variants[0]!.id)).toBe(2);
    expect((await setStatus(staffClient, 'cancelled', 'Customer asked to cancel')).statusCode).toBe(200);
    expect(await stockOf(product.variants[0]!.id)).toBe(4);
    // Outside the allowed steps: staff are told what the order can become; only an admin may
    // correct it, with a reason, and the stock still comes back only once.
    const offTable = await setStatus(staffClient, 'payment_failed');
    expect(offTable.statusCode).toBe(409);
    expect(offTable.json()).toMatchObject({ message: expect.stringContaining('cannot change any more') });
    expect((await setStatus(staffClient, 'payment_failed', 'Mistake', true)).statusCode).toBe(403);
    const admin = await createUser(shop.database.db, { role: 'admin' });
    const { client: adminClient } = await signInAndEnrol(shop.app, admin);
    expect((await setStatus(adminClient, 'payment_failed', '', true)).statusCode).toBe(400);
    const corrected = await setStatus(
      adminClient,
      'payment_failed',
      'The card was declined, not cancelled',
      true,
    );
    expect(corrected.statusCode).toBe(200);
    expect(await stockOf(product.variants[0]!.id)).toBe(4); // not twice
    const reopen = await setStatus(adminClient, 'shipped', 'Reopen', true);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ message: expect.stringContaining('cannot be reopened') });

    // Every change is on the record: who, from what, to what, and why.
    const trail = await shop.services.audit.list({ subjectType: 'order', subjectId: order.tracking_number });
    expect(trail.map((e) => [e.action, e.details])).toEqual([
      [
        'order.status_corrected',
        {
          from: 'cancelled',
          to: 'payment_failed',
          note: 'The card was declined, not cancelled',
          correction: true,
          before: { status: 'cancelled' },
          after: { status: 'payment_failed' },
        },
      ],
      [
        'order.status_changed',
        {
          from: 'shipped',
          to: 'cancelled',
          note: 'Customer asked to cancel',
          correction: false,
          before: { status: 'shipped' },
          after: { status: 'cancelled' },
        },
      ],
      [
        'order.status_changed',
        {
          from: 'packaged',
          to: 'shipped',
          note: 'GIG Logistics, waybill 1234',
          correction: false,
          before: { status: 'packaged' },
          after: { status: 'shipped' },
        },
      ],
      [
        'order.status_changed',
        {
          from: 'confirmed',
          to: 'packaged',
          note: '',
          correction: false,
          before: { status: 'confirmed' },
          after: { status: 'packaged' },
        },
      ],
      [
        'order.status_changed',
        {
          from: 'placed',
          to: 'confirmed',
          note: '',
          correction: false,
          before: { status: 'placed' },
          after: { status: 'confirmed' },
        },
      ],
    ]);
    expect(trail.slice(1).every((e) => e.actorUserId === staff.id)).toBe(true);
    expect(trail[0]!.actorUserId).toBe(admin.id);
  });
});
