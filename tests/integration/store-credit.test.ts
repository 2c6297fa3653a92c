// Store credit (ADR 100) over HTTP on a real database: a balance spent at checkout through the one
// pricing path (part of an order, or all of it: then the order is paid at once), never below zero
// however many checkouts and take-backs race (this file runs on PostgreSQL too), given back once
// when an order that spent it ends (not again when an ended order is corrected to the other
// ending), spent again when a late payment reopens it; the shopper's /account/store-credit and
// the admin's customer page with its adjustment form (admins only, a reason required, audited).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '#core/money.ts';
import { queryRows } from '#server/db/client.ts';
import { orders } from '#server/db/schema/orders.ts';
import { payments } from '#server/db/schema/payments.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { addToCart, checkoutForm, pathOf, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: {
      payments: { sandboxSecret: 'c'.repeat(64) },
      rateLimits: { 'checkout:ip': { limit: 10_000 }, 'cart:ip': { limit: 10_000 } },
    },
  });
}, 60_000);
afterAll(async () => {
  await shop.close();
});

/** A signed-in shopper holding `creditKobo` of store credit (granted as layaway's default would). */
async function shopperWithCredit(creditKobo: number) {
  const user = await createUser(shop.database.db);
  if (creditKobo > 0) {
    await shop.services.credit.grant(shop.database.db, {
      userId: user.id,
      amountKobo: creditKobo,
      reason: 'Layaway plan ended: money kept as store credit',
    });
  }
  return { user, client: await signedInClient(shop, user.email) };
}

async function product(priceKobo: number, stock = 20) {
  return (await createProduct(shop.database.db, { variants: [{ priceKobo, stock }] })).variants[0]!.id;
}

async function orderRow(trackingNumber: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.trackingNumber, trackingNumber));
  return row!;
}

async function trackingOf(userId: number): Promise<string> {
  const [row] = await queryRows<{ tracking_number: string }>(
    shop.database.db,
    sql`SELECT tracking_number FROM orders WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
  );
  return row!.tracking_number;
}

/** The ledger's sum for a customer: always the balance row's figure. */
async function ledgerSum(userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    shop.database.db,
    sql`SELECT coalesce(sum(amount_kobo), 0) AS n FROM store_credit_entries WHERE user_id = ${userId}`,
  );
  return Number(row!.n);
}

const balanceOf = (userId: number) => shop.services.credit.balance(userId);

async function checkout(client: TestClient, form: Record<string, string | undefined>) {
  return client.post('/checkout', checkoutForm({ email: 'credit@example.ng', ...form }));
}

describe('store credit at checkout', () => {
  it('offers the balance to a signed-in shopper, and pays part of an order with it (no JavaScript)', async () => {
    const { user, client } = await shopperWithCredit(5_000_00);
    // Lagos delivery is charged; the credit is taken off after discount and delivery.
    await addToCart(client, await product(12_000_00));
    const page = await client.get('/checkout');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Use my store credit (${formatPrice(5_000_00)} available)`);
    expect(page.body).toMatch(/<dt>Store credit<\/dt>/);

    const res = await checkout(client, { paymentMethod: 'pay_on_delivery', useStoreCredit: 'on' });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
    const order = await orderRow(await trackingOf(user.id));
    expect(order.storeCreditKobo).toBe(5_000_00);
    expect(order.totalKobo).toBe(order.subtotalKobo - order.discountKobo + order.deliveryFeeKobo - 5_000_00);
    expect(order.status).toBe('placed');
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);

    // The shopper's email and tracking page show the step: "Store credit −₦5,000".
    const mail = (await shop.mailTo('credit@example.ng')).find((m) =>
      m.subject.includes(order.trackingNumber),
    );
    expect(mail?.textBody).toContain(`Store credit: −${formatPrice(5_000_00)}`);
    const track = await client.get(`/track-order?id=${order.trackingNumber}`);
    expect(track.body).toContain('Store credit');
    expect(track.body).toContain(`−${formatPrice(5_000_00)}`);
  });

  it('uses none when the box is left unticked, and none for a guest who sends the box', async () => {
    const { user, client } = await shopperWithCredit(3_000_00);
    await addToCart(client, await product(10_000_00));
    expect((await checkout(client, { paymentMethod: 'pay_on_delivery' })).statusCode).toBe(302);
    expect((await orderRow(await trackingOf(user.id))).storeCreditKobo).toBe(0);
    expect(await balanceOf(user.id)).toBe(3_000_00);

    const anonymous = new TestClient(shop.app);
    await addToCart(anonymous, await product(10_000_00));
    expect((await anonymous.get('/checkout')).body).not.toContain('Use my store credit');
    const res = await checkout(anonymous, { paymentMethod: 'pay_on_delivery', useStoreCredit: 'on' });
    expect(res.statusCode).toBe(302);
    const [row] = await queryRows<{ store_credit_kobo: number }>(
      shop.database.db,
      sql`SELECT store_credit_kobo FROM orders WHERE user_id IS NULL ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.store_credit_kobo).toBe(0);
  });

  it('pays a whole order with credit: placed and paid at once, no payment page, a store-credit payment', async () => {
    const { user, client } = await shopperWithCredit(50_000_00);
    await addToCart(client, await product(20_000_00));
    const res = await checkout(client, { paymentMethod: 'online', useStoreCredit: 'on' });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
    const next = pathOf(res);
    expect(next).toMatch(/^\/payment-success\?reference=CH\d+-SC$/);
    const order = await orderRow(await trackingOf(user.id));
    expect(order).toMatchObject({ status: 'placed', totalKobo: 0, reservedUntil: null });
    expect(order.paidAt).not.toBeNull();
    expect(order.storeCreditKobo).toBe(order.subtotalKobo - order.discountKobo + order.deliveryFeeKobo);
    expect(await balanceOf(user.id)).toBe(50_000_00 - order.storeCreditKobo);
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({
      provider: 'store_credit',
      status: 'success',
      amountKobo: order.storeCreditKobo,
    });
    // The result page says it is paid; the cart is empty.
    const success = await client.get(next);
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('Payment Successful!');
    expect(success.body).toContain(`Store credit used: ${formatPrice(order.storeCreditKobo)}.`);
    // Paid as it was placed, so numbered as it was placed: the success page links to its receipt,
    // which lists the store-credit payment.
    expect(success.body).toContain(`href="/track-order/${order.trackingNumber}/receipt"`);
    const receipt = await client.get(`/track-order/${order.trackingNumber}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toMatch(/CH-\d{4}-\d{6}/);
    // The shopper's email says it is paid, with the credit line; staff hear of a new paid order.
    const [mail] = await shop
      .mailTo('credit@example.ng')
      .then((all) => all.filter((m) => m.subject.includes(order.trackingNumber)));
    expect(mail?.subject).toBe(`Order ${order.trackingNumber} placed: payment received`);
    expect(mail?.textBody).toContain(`Store credit: −${formatPrice(order.storeCreditKobo)}`);
    expect(mail?.textBody).toContain('Total: ₦0');
    expect((await client.get('/cart')).body).toMatch(/cart is empty/i);
  });

  it('gives the credit back once per ending: not again when corrected to the other ending; a retried payment spends it again', async () => {
    const { user, client } = await shopperWithCredit(4_000_00);
    await addToCart(client, await product(9_000_00));
    const { reference } = await placeOrder(client, checkoutForm({ useStoreCredit: 'on' }));
    const trackingNumber = await trackingOf(user.id);
    expect(await balanceOf(user.id)).toBe(0);
    // The shopper cancels on the payment page: the order ends, the credit comes back.
    await client.get(await sandboxPay(client, reference, 'cancel'));
    expect((await orderRow(trackingNumber)).status).toBe('cancelled');
    expect(await balanceOf(user.id)).toBe(4_000_00);
    // Trying the payment again reopens the order: its credit is spent again…
    const retry = await client.post('/payment-canceled', { reference });
    expect(retry.statusCode).toBe(302);
    expect((await orderRow(trackingNumber)).status).toBe('pending_payment');
    expect(await balanceOf(user.id)).toBe(0);
    // …and given back again when that attempt is cancelled too.
    const second = decodeURIComponent(String(retry.headers.location).split('/').at(-1)!);
    await client.get(await sandboxPay(client, second, 'cancel'));
    expect((await orderRow(trackingNumber)).status).toBe('cancelled');
    expect(await balanceOf(user.id)).toBe(4_000_00);

    // An admin corrects the ending (cancelled → payment failed): nothing comes back twice.
    const admin = await createUser(shop.database.db, { role: 'admin' });
    const adminClient = (await signInAndEnrol(shop.app, admin)).client;
    const corrected = await adminClient.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'payment_failed',
      correction: 'true',
      note: 'It was the card that failed',
    });
    expect(corrected.statusCode, corrected.body.slice(0, 300)).toBe(302);
    expect((await orderRow(trackingNumber)).status).toBe('payment_failed');
    expect(await balanceOf(user.id)).toBe(4_000_00);
    expect(await ledgerSum(user.id)).toBe(4_000_00);
    const [restores] = await queryRows<{ n: number | string }>(
      shop.database.db,
      sql`SELECT count(*) AS n FROM store_credit_entries WHERE user_id = ${user.id} AND kind = 'restore'`,
    );
    expect(Number(restores!.n)).toBe(2);
  });

  it('a replaced unpaid order gives its credit back before the next checkout spends it', async () => {
    const { user, client } = await shopperWithCredit(2_000_00);
    await addToCart(client, await product(8_000_00));
    await placeOrder(client, checkoutForm({ useStoreCredit: 'on' }));
    await placeOrder(client, checkoutForm({ useStoreCredit: 'on' }));
    expect(await balanceOf(user.id)).toBe(0);
    const [row] = await queryRows<{ n: number | string }>(
      shop.database.db,
      sql`SELECT sum(store_credit_kobo) AS n FROM orders WHERE user_id = ${user.id} AND stock_released_at IS NULL`,
    );
    expect(Number(row!.n)).toBe(2_000_00);
    expect(await ledgerSum(user.id)).toBe(0);
  });
});

describe('never below zero', () => {
  it('racing checkouts from several sessions of one account spend the credit once', async () => {
    const { user } = await shopperWithCredit(6_000_00);
    const sessions: TestClient[] = [];
    for (let i = 0; i < 6; i++) sessions.push(await signedInClient(shop, user.email));
    await addToCart(sessions[0]!, await product(10_000_00, 100));
    const results = await Promise.all(
      sessions.map((c) => checkout(c, { paymentMethod: 'online', useStoreCredit: 'on' })),
    );
    for (const r of results) expect([302, 400, 409]).toContain(r.statusCode);
    expect(await balanceOf(user.id)).toBeGreaterThanOrEqual(0);
    // Whatever order is still open holds the credit; every replaced one gave its share back.
    const [held] = await queryRows<{ n: number | string | null }>(
      shop.database.db,
      sql`SELECT coalesce(sum(store_credit_kobo), 0) AS n FROM orders WHERE user_id = ${user.id} AND stock_released_at IS NULL`,
    );
    expect(Number(held!.n) + (await balanceOf(user.id))).toBe(6_000_00);
    expect(await ledgerSum(user.id)).toBe(await balanceOf(user.id));
  });

  it('twenty spends racing for a balance of five: exactly five, the balance 0, the rest refused with 409', async () => {
    const { user } = await shopperWithCredit(5_000_00);
    const order = await createOrder(shop, { status: 'placed' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        shop.database.db.transaction((tx) =>
          shop.services.credit.spend(tx, { userId: user.id, amountKobo: 1_000_00, orderId: order.order.id }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(15);
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.status)).toEqual(Array(15).fill(409));
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it('the database itself refuses a negative balance', async () => {
    const { user } = await shopperWithCredit(1_00);
    const refused = await shop.database.db
      .execute(sql`UPDATE store_credit_balances SET balance_kobo = -1 WHERE user_id = ${user.id}`)
      .then(
        () => null,
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(refused).toMatch(/store_credit_balance_not_negative/);
  });
});

describe('the account and the admin', () => {
  it("shows the shopper their balance and history on the dashboard's Store credit tab", async () => {
    const { user, client } = await shopperWithCredit(7_500_00);
    await addToCart(client, await product(3_000_00));
    expect(
      (await checkout(client, { paymentMethod: 'pay_on_delivery', useStoreCredit: 'on' })).statusCode,
    ).toBe(302);
    const page = await client.get('/dashboard?tab=credit');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Store Credit');
    const spent = (await orderRow(await trackingOf(user.id))).storeCreditKobo;
    expect(page.body).toContain(formatPrice(7_500_00 - spent));
    expect(page.body).toContain('Layaway plan ended: money kept as store credit');
    expect(page.body).toContain(`+${formatPrice(7_500_00)}`);
    expect(page.body).toContain(`−${formatPrice(spent)}`);
    expect(page.body).toContain(`Order ${await trackingOf(user.id)}`);
    // Another shopper sees only their own.
    const other = await shopperWithCredit(0);
    const theirs = await other.client.get('/dashboard?tab=credit');
    expect(theirs.body).toContain('No store credit yet.');
    expect(theirs.body).not.toContain('Layaway plan ended');
  });

  it('lets an admin add or take back credit with a reason, never below zero; staff and customers are refused', async () => {
    const { user } = await shopperWithCredit(1_000_00);
    const admin = await createUser(shop.database.db, { role: 'admin', name: 'Ada Admin' });
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const adminClient = (await signInAndEnrol(shop.app, admin)).client;
    const staffClient = (await signInAndEnrol(shop.app, staff)).client;
    const here = `/admin/users/${user.id}`;

    // Staff see the balance and history, not the form; their post is refused on the server.
    const staffPage = await staffClient.get(here);
    expect(staffPage.statusCode).toBe(200);
    expect(staffPage.body).toContain('Store credit');
    expect(staffPage.body).toContain(formatPrice(1_000_00));
    expect(staffPage.body).not.toContain('Adjust store credit');
    const staffTry = await staffClient.post(here, {
      intent: 'credit',
      direction: 'grant',
      amount: '50,000',
      reason: 'Goodwill',
    });
    expect(staffTry.statusCode).toBe(403);
    const customerTry = await (await signedInClient(shop, user.email)).post(here, {
      intent: 'credit',
      direction: 'grant',
      amount: '50,000',
      reason: 'Goodwill',
    });
    expect(customerTry.statusCode).toBe(403);
    expect(await balanceOf(user.id)).toBe(1_000_00);

    // A reason is required; the form keeps what was typed.
    const adminPage = await adminClient.get(here);
    expect(adminPage.body).toContain('Adjust store credit');
    const noReason = await adminClient.post(here, {
      intent: 'credit',
      direction: 'grant',
      amount: '2,500',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please give a reason');
    expect(noReason.body).toContain('value="2,500"');

    const granted = await adminClient.post(here, {
      intent: 'credit',
      direction: 'grant',
      amount: '2,500',
      reason: 'Wig arrived late: goodwill',
    });
    expect(granted.statusCode).toBe(302);
    expect(await balanceOf(user.id)).toBe(3_500_00);

    // Taking back more than the balance is refused with what there is; nothing changes.
    const tooMuch = await adminClient.post(here, {
      intent: 'credit',
      direction: 'take',
      amount: '4000',
      reason: 'Granted twice by mistake',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.body).toContain(`has ${formatPrice(3_500_00)} of store credit`);
    expect(tooMuch.body).toContain('Granted twice by mistake');
    expect(await balanceOf(user.id)).toBe(3_500_00);

    const taken = await adminClient.post(here, {
      intent: 'credit',
      direction: 'take',
      amount: '3500',
      reason: 'Granted twice by mistake',
    });
    expect(taken.statusCode).toBe(302);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);

    // Both adjustments are in the audit log, with who, before and after; the history names the admin.
    const audit = await queryRows<{
      action: string;
      actor_user_id: number;
      details: Record<string, unknown>;
    }>(
      shop.database.db,
      sql`SELECT action, actor_user_id, details FROM audit_events WHERE subject_type = 'user' AND subject_id = ${String(user.id)} ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, a.actor_user_id, a.details.amountKobo])).toEqual([
      ['customer.store_credit_adjusted', admin.id, 2_500_00],
      ['customer.store_credit_adjusted', admin.id, -3_500_00],
    ]);
    const after = await adminClient.get(here);
    expect(after.body).toContain('by Ada Admin');
    expect(after.body).toContain('Wig arrived late: goodwill');
  });

  it("ten admins' take-backs racing for one balance take no more than is there", async () => {
    const { user } = await shopperWithCredit(5_000_00);
    const admin = await createUser(shop.database.db, { role: 'admin' });
    const adminClient = (await signInAndEnrol(shop.app, admin)).client;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        adminClient.post(`/admin/users/${user.id}`, {
          intent: 'credit',
          direction: 'take',
          amount: '1,000',
          reason: 'Racing take-back',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 302)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });
});
