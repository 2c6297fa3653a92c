// Pay small-small (layaway, ADR 099) through HTTP on a real database: who may choose it at
// checkout and what they are told, the plan written with the order (instalments summing to the
// total), the deposit and each instalment applied once however often the provider says so, the
// stock held while on the plan (the hold sweep leaves it), Pay now, and the last payment → confirmed.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow, variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, pathOf, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const admin = await createUser(shop.database.db, { role: 'admin', email: 'owner-layaway@example.ng' });
  await shop.services.settings.save({ id: admin.id }, 'layaway', {
    layawayEnabled: 'on',
    layawayCategories: '',
    layawayMinTotal: '50,000',
    layawayDepositPercent: '30',
    layawayInstalments: '3',
    layawaySpacingDays: '14',
    layawayGraceDays: '3',
    layawayDefaultRule: 'store_credit',
    layawayFeeKind: 'percent',
    layawayFee: '10',
  });
});
afterAll(async () => {
  await shop?.close();
});

async function one<T>(query: SQL): Promise<T> {
  return (await firstRow<T>(shop.database.db, query))!;
}

async function signedInShopper(email: string): Promise<TestClient> {
  const user = await createUser(shop.database.db, { email });
  const client = new TestClient(shop.app);
  await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
  return client;
}

const layawayForm = (email: string, more: Record<string, string> = {}) =>
  checkoutForm({ email, paymentMethod: 'layaway', depositMethod: 'online', layawayAgree: 'on', ...more });

async function orderOf(reference: string) {
  return one<{
    id: number;
    status: string;
    total_kobo: number;
    reserved_until: Date | null;
    paid_at: Date | null;
  }>(sql`SELECT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`);
}

async function planOf(orderId: number) {
  const plan = await one<{ id: number; paid_kobo: number; total_kobo: number; status: string }>(
    sql`SELECT * FROM layaway_plans WHERE order_id = ${orderId}`,
  );
  const rows = await shop.database.db.execute(
    sql`SELECT sequence, amount_kobo, paid_kobo FROM layaway_instalments WHERE plan_id = ${plan.id} ORDER BY sequence`,
  );
  const instalments = (
    rows as unknown as { rows: { sequence: number; amount_kobo: number; paid_kobo: number }[] }
  ).rows;
  return { ...plan, instalments };
}

async function webhookFor(reference: string) {
  const settled = await shop.services.payments.sandbox!.settle(reference, 'success');
  return settled!.webhook!;
}

describe('Pay small-small at checkout', () => {
  it('is offered to an eligible cart with its plan and rule, and refused without "I agree"', async () => {
    const wig = await createProduct(shop.database.db, {
      category: 'wigs',
      variants: [{ priceKobo: 15_000_000, stock: 2 }],
    });
    const client = await signedInShopper('offer@example.ng');
    await addToCart(client, wig.variants[0]!.id, 1);
    const page = await client.get('/checkout');
    expect(page.body).toContain('Pay small-small');
    expect(page.body).toContain('I agree to the plan');
    expect(page.body).toMatch(/store credit/);
    expect(page.body).toContain('₦45,000'); // the deposit: 30 % of ₦150,000

    const refused = await client.post('/checkout', layawayForm('offer@example.ng', { layawayAgree: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Tick “I agree”');
    expect(refused.body).toContain('value="Ikeja"'); // what was typed is kept
  });

  it('refuses a cart under the minimum with a clear message', async () => {
    const clip = await createProduct(shop.database.db, { variants: [{ priceKobo: 1_000_000, stock: 5 }] });
    const client = await signedInShopper('small@example.ng');
    await addToCart(client, clip.variants[0]!.id, 1);
    const res = await client.post('/checkout', layawayForm('small@example.ng'));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('available for orders of ₦50,000 or more');
    expect(await variantStock(shop.database.db, clip.variants[0]!.id)).toBe(5);
  });

  it('sends a guest to sign in, keeping what they typed for the way back', async () => {
    const wig = await createProduct(shop.database.db, { variants: [{ priceKobo: 9_000_000, stock: 1 }] });
    const guest = new TestClient(shop.app);
    await addToCart(guest, wig.variants[0]!.id, 1);
    const res = await guest.post('/checkout', layawayForm('guest-layaway@example.ng'));
    expect(res.statusCode).toBe(302);
    const next = new URL(pathOf(res), 'http://shop.test');
    expect(next.pathname).toBe('/auth');
    const back = next.searchParams.get('redirectTo')!;
    expect(back).toMatch(/^\/checkout\?/);
    const form = await guest.get(back);
    expect(form.body).toContain('value="guest-layaway@example.ng"');
    expect(form.body).toContain('value="14 Allen Avenue"');
  });
});

describe('a plan paid to the end', () => {
  it('holds the stock, applies the deposit and each instalment once, and confirms the order when paid', async () => {
    const wig = await createProduct(shop.database.db, {
      category: 'wigs',
      variants: [{ priceKobo: 15_000_000, stock: 3 }],
    });
    const variantId = wig.variants[0]!.id;
    const client = await signedInShopper('plan@example.ng');
    await addToCart(client, variantId, 1);
    const { next, reference } = await placeOrder(client, layawayForm('plan@example.ng'));
    expect(next).toMatch(/^\/pay\/sandbox\//);

    let order = await orderOf(reference);
    expect(order.status).toBe('pending_payment');
    expect(await variantStock(shop.database.db, variantId)).toBe(2); // taken at placement
    let plan = await planOf(order.id);
    expect(plan.instalments.map((i) => i.amount_kobo).reduce((a, b) => a + b, 0)).toBe(order.total_kobo);
    expect(plan.instalments).toHaveLength(4);
    const deposit = plan.instalments[0]!.amount_kobo;
    expect(deposit).toBe(Math.floor(order.total_kobo * 0.3));
    const payment = await one<{ amount_kobo: number }>(
      sql`SELECT amount_kobo FROM payments WHERE reference = ${reference}`,
    );
    expect(payment.amount_kobo).toBe(deposit);

    // The deposit: the webhook and the shopper's return, at once and again — applied once.
    const hook = await webhookFor(reference);
    const deliveries = await Promise.all([
      shop.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        payload: hook.body,
        headers: { ...hook.headers, 'content-type': 'application/json' },
      }),
      client.get(`/payment-success?reference=${encodeURIComponent(reference)}`),
      client.get(`/payment-success?reference=${encodeURIComponent(reference)}`),
    ]);
    expect(deliveries[0]!.statusCode).toBe(200);
    expect(deliveries[2]!.statusCode).toBe(200);
    // The same delivery again changes nothing.
    const replay = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      payload: hook.body,
      headers: { ...hook.headers, 'content-type': 'application/json' },
    });
    expect(replay.statusCode).toBe(200);
    order = await orderOf(reference);
    expect(order.status).toBe('on_layaway');
    expect(order.reserved_until).toBeNull();
    expect(order.paid_at).toBeNull();
    plan = await planOf(order.id);
    expect(plan.paid_kobo).toBe(deposit);

    // On the plan, the hold sweep leaves it alone, even long after any hold would have run out.
    await shop.services.payments.expireReservations();
    expect((await orderOf(reference)).status).toBe('on_layaway');
    expect(await variantStock(shop.database.db, variantId)).toBe(2);

    // The dashboard shows the plan and Pay now.
    const dashboard = await client.get('/dashboard?tab=orders');
    expect(dashboard.body).toContain('Pay small-small plan');
    expect(dashboard.body).toContain('Pay now');
    expect(dashboard.body).toContain('On layaway');

    // More than the balance is refused, with the amount typed kept.
    const trackingNumber = (
      await one<{ tracking_number: string }>(sql`SELECT tracking_number FROM orders WHERE id = ${order.id}`)
    ).tracking_number;
    const tooMuch = await client.post(`/layaway/pay?order=${trackingNumber}`, {
      order: trackingNumber,
      amount: '999,999',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Enter an amount between');
    expect(tooMuch.body).toContain('value="999,999"');

    // Someone else cannot pay towards (or see) this plan.
    const stranger = await signedInShopper('stranger@example.ng');
    expect((await stranger.post('/layaway/pay', { order: trackingNumber, amount: '' })).statusCode).toBe(404);

    // The next instalment (blank amount), paid; its webhook replayed.
    const first = await client.post(`/layaway/pay?order=${trackingNumber}`, {
      order: trackingNumber,
      amount: '',
    });
    expect(first.statusCode).toBe(302);
    const ref1 = decodeURIComponent(pathOf(first).split('/').pop()!);
    await sandboxPay(client, ref1);
    await client.get(`/payment-success?reference=${encodeURIComponent(ref1)}`);
    await client.get(`/payment-success?reference=${encodeURIComponent(ref1)}`);
    plan = await planOf(order.id);
    expect(plan.paid_kobo).toBe(deposit + plan.instalments[1]!.amount_kobo);
    expect((await orderOf(reference)).status).toBe('on_layaway');

    // The rest in one go (any amount up to the balance), from the tracking page's form.
    const balance = plan.total_kobo - plan.paid_kobo;
    const track = await client.get(`/track-order?id=${trackingNumber}`);
    expect(track.body).toContain('Pay small-small plan');
    const rest = await client.post(`/layaway/pay?order=${trackingNumber}`, {
      order: trackingNumber,
      amount: String(balance / 100),
    });
    expect(rest.statusCode).toBe(302);
    const ref2 = decodeURIComponent(pathOf(rest).split('/').pop()!);
    await sandboxPay(client, ref2);
    await client.get(`/payment-success?reference=${encodeURIComponent(ref2)}`);

    order = await orderOf(reference);
    expect(order.status).toBe('confirmed');
    expect(order.paid_at).not.toBeNull();
    plan = await planOf(order.id);
    expect(plan.status).toBe('completed');
    expect(plan.paid_kobo).toBe(plan.total_kobo);
    expect(plan.instalments.every((i) => i.paid_kobo === i.amount_kobo)).toBe(true);
    expect(await variantStock(shop.database.db, variantId)).toBe(2); // taken once, never given back
    const history = await shop.database.db.execute(
      sql`SELECT status FROM order_status_history WHERE order_id = ${order.id} ORDER BY id`,
    );
    expect((history as unknown as { rows: { status: string }[] }).rows.map((r) => r.status)).toEqual([
      'pending_payment',
      'on_layaway',
      'on_layaway',
      'confirmed',
    ]);
  });
});
