// The purchase path with Paystack as the provider, against a local fake of Paystack's HTTP API
// (not a mocked client): redirect to the hosted page, verify on return, signed webhooks.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { type PaystackFake, startPaystackFake } from '#tests/fakes/paystack-fake.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const SECRET = 'sk_test_crownhair0000000000000000000000';
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

async function orderOf(reference: string) {
  const [row] = await queryRows<{ id: number; status: string; total_kobo: number; tracking_number: string }>(
    shop.database.db,
    sql`SELECT o.id, o.status, o.total_kobo, o.tracking_number FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
  );
  return row!;
}

/** Checks out with Paystack; returns the hosted page's address and our reference. */
async function checkout(client: TestClient, email: string) {
  const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 6_500_000, stock: 5 }] });
  await addToCart(client, product.variants[0]!.id, 2);
  const res = await client.post('/checkout', checkoutForm({ email }));
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
  const location = String(res.headers.location);
  const initialize = fake.requests.filter((r) => r.url === '/transaction/initialize').at(-1)!;
  const body = initialize.body as {
    reference: string;
    amount: number;
    email: string;
    callback_url: string;
    channels: string[];
  };
  return { location, reference: body.reference, body };
}

describe('paying with Paystack', () => {
  it('sends the shopper to Paystack, verifies on return, and only then marks the order paid', async () => {
    const client = new TestClient(shop.app);
    const { location, reference, body } = await checkout(client, 'paystack@example.ng');
    expect(location.startsWith(`${fake.baseUrl}/checkout/`)).toBe(true);
    expect(body).toMatchObject({
      amount: 13_000_000,
      email: 'paystack@example.ng',
      callback_url: 'http://shop.test/payment-success',
      currency: 'NGN',
    });
    expect(body.channels).toEqual(expect.arrayContaining(['card', 'bank', 'ussd']));

    expect((await orderOf(reference)).status).toBe('pending_payment');
    fake.pay(reference);
    const success = await client.get(`/payment-success?trxref=${reference}&reference=${reference}`);
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('Payment Successful!');
    expect((await orderOf(reference)).status).toBe('placed');
    expect(fake.requests.some((r) => r.url === `/transaction/verify/${reference}`)).toBe(true);
  });

  it('coming back without paying puts the items back; paying after all still confirms the order', async () => {
    const client = new TestClient(shop.app);
    const { reference } = await checkout(client, 'backout@example.ng');
    // Paystack reports an unpaid transaction as abandoned: the shopper left the payment page.
    const early = await client.get(`/payment-success?reference=${reference}&trxref=${reference}`);
    expect(early.statusCode).toBe(302);
    expect(early.headers.location).toBe(`/payment-canceled?reference=${reference}`);
    expect((await orderOf(reference)).status).toBe('cancelled');
    // They go back and pay on the same page: verified, the items are taken again, the order stands.
    fake.pay(reference);
    const late = await client.get(`/payment-success?reference=${reference}`);
    expect(late.statusCode).toBe(200);
    expect((await orderOf(reference)).status).toBe('placed');
  });

  it('never gives value for a payment whose amount does not match the order', async () => {
    const client = new TestClient(shop.app);
    const { reference } = await checkout(client, 'short@example.ng');
    fake.pay(reference, { amount: 100 });
    const res = await client.get(`/payment-success?reference=${reference}`);
    expect(res.statusCode).toBe(302);
    expect((await orderOf(reference)).status).toBe('pending_payment');
    const [payment] = await queryRows<{ status: string; message: string }>(
      shop.database.db,
      sql`SELECT status, message FROM payments WHERE reference = ${reference}`,
    );
    expect(payment).toMatchObject({ status: 'failed' });
    expect(payment!.message).toContain('expected 13000000');
  });

  it('applies a signed charge.success webhook once, and refuses forged ones with 401', async () => {
    const client = new TestClient(shop.app);
    const { reference } = await checkout(client, 'webhook@example.ng');
    fake.pay(reference);
    const { body, headers } = fake.signedWebhook('charge.success', fake.transactionData(reference));
    const send = (payload: Buffer, h: Record<string, string>) =>
      shop.app.inject({ method: 'POST', url: '/api/webhooks/paystack', payload, headers: h });

    const forged = await send(body, { ...headers, 'x-paystack-signature': '0'.repeat(128) });
    expect(forged.statusCode).toBe(401);
    const tampered = Buffer.from(body.toString().replace('"success"', '"succesz"'));
    expect((await send(tampered, headers)).statusCode).toBe(401);
    expect((await orderOf(reference)).status).toBe('pending_payment');

    expect((await send(body, headers)).statusCode).toBe(200);
    expect((await send(body, headers)).statusCode).toBe(200); // replayed: changes nothing
    expect((await orderOf(reference)).status).toBe('placed');
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = ${(await orderOf(reference)).id} AND status = 'placed'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    expect(await shop.mailTo('webhook@example.ng')).toHaveLength(1);
    // The shopper's return afterwards finds it paid.
    expect((await client.get(`/payment-success?reference=${reference}`)).statusCode).toBe(200);
  });

  it('keeps the order when Paystack cannot be reached, and the same checkout tries again', async () => {
    const client = new TestClient(shop.app);
    const product = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    await addToCart(client, product.variants[0]!.id, 1);
    const form = checkoutForm({ email: 'outage@example.ng' });
    fake.failNext(1, 503);
    const failed = await client.post('/checkout', form);
    expect(failed.statusCode).toBe(503);
    expect(failed.body).toContain('We could not reach our payment provider. Your order is saved');
    expect(failed.body).toContain('value="outage@example.ng"');
    const retried = await client.post('/checkout', form);
    expect(retried.statusCode).toBe(302);
    expect(String(retried.headers.location).startsWith(`${fake.baseUrl}/checkout/`)).toBe(true);
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE email = 'outage@example.ng'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
