// Payment drills (issue 16, ADR 050) against the Paystack fake at the network boundary, adding to
// paystack-checkout.test.ts (replayed webhooks, an outage at checkout): a webhook that arrives
// before its payment is known, one that arrives after the hold ran out, a success after a
// failure, and Paystack down while the shopper comes back. Each time the order ends in the right
// state once, the payment is applied once, and the shopper's payment page says what is going on.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { type PaystackFake, startPaystackFake } from '#tests/fakes/paystack-fake.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const SECRET = 'sk_test_crownhairdrills000000000000000000';
let fake: PaystackFake;
let shop: TestShop;

beforeAll(async () => {
  fake = await startPaystackFake({ secretKey: SECRET });
  shop = await createTestShop({
    pages: true,
    config: { payments: { paystackSecretKey: SECRET, paystackBaseUrl: fake.baseUrl, sandboxSecret: '' } },
  });
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

interface State {
  orderId: number;
  status: string;
  paymentStatus: string;
  placedEntries: number;
  stock: number;
}

async function stateOf(reference: string, variantId: number): Promise<State> {
  const [row] = await queryRows<{ order_id: number; status: string; payment_status: string; placed: number }>(
    shop.database.db,
    sql`SELECT o.id AS order_id, o.status, p.status AS payment_status,
          (SELECT count(*)::int FROM order_status_history h WHERE h.order_id = o.id AND h.status = 'placed') AS placed
        FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
  );
  return {
    orderId: row!.order_id,
    status: row!.status,
    paymentStatus: row!.payment_status,
    placedEntries: row!.placed,
    stock: await variantStock(shop.database.db, variantId),
  };
}

async function checkout(email: string, stock = 5) {
  const client = new TestClient(shop.app);
  const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 2_500_000, stock }] });
  const variantId = product.variants[0]!.id;
  await addToCart(client, variantId, 1);
  const res = await client.post('/checkout', checkoutForm({ email }));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
  const initialize = fake.requests.filter((r) => r.url === '/transaction/initialize').at(-1)!;
  return { client, variantId, reference: (initialize.body as { reference: string }).reference };
}

function webhook(reference: string) {
  const { body, headers } = fake.signedWebhook('charge.success', fake.transactionData(reference));
  return () => shop.app.inject({ method: 'POST', url: '/api/webhooks/paystack', payload: body, headers });
}

const confirmations = async (email: string) =>
  (await shop.mailTo(email)).filter((m) => /order/i.test(m.subject)).length;

describe('Paystack drills', () => {
  it('a webhook for a payment not known yet is refused (404) and not recorded, so its redelivery is applied once', async () => {
    const { client, variantId, reference } = await checkout('early@example.ng');
    fake.pay(reference);
    const deliver = webhook(reference);
    // As if the payment row were not committed yet when Paystack called.
    await shop.database.db.execute(
      sql`UPDATE payments SET reference = ${`${reference}-later`} WHERE reference = ${reference}`,
    );
    const early = await deliver();
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ error: 'not_found' });
    await shop.database.db.execute(
      sql`UPDATE payments SET reference = ${reference} WHERE reference = ${`${reference}-later`}`,
    );
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM payment_events WHERE reference = ${reference}`,
    )) as [{ n: number }];
    expect(n).toBe(0);

    // Paystack delivers it again (and again): applied once.
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);
    expect(await stateOf(reference, variantId)).toMatchObject({
      status: 'placed',
      paymentStatus: 'success',
      placedEntries: 1,
      stock: 4,
    });
    const page = await client.get(`/payment-success?reference=${reference}`);
    expect(page.body).toContain('Payment Successful!');
    expect(await confirmations('early@example.ng')).toBe(1);
  });

  it('a payment that arrives after the hold ran out reopens the order once if the items are still there', async () => {
    const { client, variantId, reference } = await checkout('late@example.ng');
    expect((await stateOf(reference, variantId)).stock).toBe(4);
    // The hold runs out while Paystack still reports the transaction unpaid: the items go back.
    await shop.database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = ${(await stateOf(reference, variantId)).orderId}`,
    );
    fake.abandon(reference);
    expect(await shop.services.payments.expireReservations()).toBe(1);
    expect(await stateOf(reference, variantId)).toMatchObject({ status: 'payment_failed', stock: 5 });

    // Then the money arrives after all, by webhook (twice) and by the shopper's return.
    fake.pay(reference);
    const deliver = webhook(reference);
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);
    const page = await client.get(`/payment-success?reference=${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment Successful!');
    expect(await stateOf(reference, variantId)).toMatchObject({
      status: 'placed',
      paymentStatus: 'success',
      placedEntries: 1,
      stock: 4,
    });
  });

  it('a payment that arrives after its items sold out is kept for staff, and the shopper is not told it is confirmed', async () => {
    const { client, variantId, reference } = await checkout('soldout@example.ng', 1);
    const { orderId } = await stateOf(reference, variantId);
    await shop.database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 second' WHERE id = ${orderId}`,
    );
    fake.abandon(reference);
    await shop.services.payments.expireReservations();
    // Someone else buys the last one meanwhile.
    const other = new TestClient(shop.app);
    await addToCart(other, variantId, 1);
    expect(
      (
        await other.post(
          '/checkout',
          checkoutForm({ paymentMethod: 'pay_on_delivery', email: 'other@example.ng' }),
        )
      ).statusCode,
    ).toBe(302);
    expect(await variantStock(shop.database.db, variantId)).toBe(0);

    fake.pay(reference);
    expect((await webhook(reference)()).statusCode).toBe(200);
    const state = await stateOf(reference, variantId);
    expect(state).toMatchObject({ status: 'payment_failed', paymentStatus: 'success', stock: 0 });
    // Staff see it on the order's history, to refund or re-confirm.
    const notes = await queryRows<{ note: string | null }>(
      shop.database.db,
      sql`SELECT note FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
    );
    expect(notes.some((h) => h.note?.includes(`Payment ${reference} arrived after the order ended`))).toBe(
      true,
    );
    const page = await client.get(`/payment-success?reference=${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Your order is confirmed');
    expect(page.body).not.toContain('Payment Successful!');
    expect(page.body).toContain('Payment received after your order ended');
    expect(page.body).toContain('our team has been told and will contact you to refund it');
  });

  it('a success after a declined payment (out of order) places the order once', async () => {
    const { client, variantId, reference } = await checkout('declined@example.ng');
    fake.fail(reference, 'Declined by bank');
    const declined = await client.get(`/payment-success?reference=${reference}`);
    expect(declined.statusCode).toBe(302);
    expect(declined.headers.location).toBe(`/payment-canceled?reference=${reference}`);
    expect(await stateOf(reference, variantId)).toMatchObject({
      status: 'payment_failed',
      paymentStatus: 'failed',
      stock: 5,
    });
    // The shopper tries another card on the same Paystack page; the success webhook arrives late.
    fake.pay(reference);
    expect((await webhook(reference)()).statusCode).toBe(200);
    expect((await client.get(`/payment-success?reference=${reference}`)).body).toContain(
      'Payment Successful!',
    );
    expect(await stateOf(reference, variantId)).toMatchObject({
      status: 'placed',
      paymentStatus: 'success',
      placedEntries: 1,
      stock: 4,
    });
  });

  it('Paystack down when the shopper comes back: the page says it is confirming and refreshes, nothing is applied, and the next look confirms once', async () => {
    const { client, variantId, reference } = await checkout('verifydown@example.ng');
    fake.pay(reference);
    fake.failNext(2, 503);
    for (let i = 0; i < 2; i++) {
      const page = await client.get(`/payment-success?reference=${reference}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Confirming your payment');
      expect(page.body).toMatch(/http-equiv="refresh" content="4"/i);
    }
    expect(await stateOf(reference, variantId)).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'initialized',
    });
    const back = await client.get(`/payment-success?reference=${reference}`);
    expect(back.body).toContain('Payment Successful!');
    expect((await client.get(`/payment-success?reference=${reference}`)).body).toContain(
      'Payment Successful!',
    );
    expect(await stateOf(reference, variantId)).toMatchObject({
      status: 'placed',
      paymentStatus: 'success',
      placedEntries: 1,
      stock: 4,
    });
    expect(await confirmations('verifydown@example.ng')).toBe(1);
  });
});
