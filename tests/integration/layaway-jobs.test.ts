// Pay small-small's background jobs (ADR 099) on a real database: reminders three days before and
// on the due date, each sent once; a plan left unpaid past its grace days ends by its rule once,
// even with two sweeps at once (FOR UPDATE SKIP LOCKED) — the order cancelled, its stock back once,
// the shopper told, the money paid kept as store credit (through the port) or owed back less the fee.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow, variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
let adminId: number;

const SETTINGS = {
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
};

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  adminId = (await createUser(shop.database.db, { role: 'admin', email: 'owner-jobs@example.ng' })).id;
  await shop.services.settings.save({ id: adminId }, 'layaway', SETTINGS);
});
afterAll(async () => {
  await shop?.close();
});

async function one<T>(query: SQL): Promise<T> {
  return (await firstRow<T>(shop.database.db, query))!;
}

/** A shopper with a ₦150,000 wig on a plan, deposit paid: the order, its plan and the variant. */
async function planWithDeposit(email: string) {
  const wig = await createProduct(shop.database.db, { variants: [{ priceKobo: 15_000_000, stock: 2 }] });
  const user = await createUser(shop.database.db, { email });
  const client = new TestClient(shop.app);
  await client.post('/auth', { intent: 'signin', email, password: TEST_PASSWORD });
  await addToCart(client, wig.variants[0]!.id, 1);
  const { reference } = await placeOrder(
    client,
    checkoutForm({ email, paymentMethod: 'layaway', depositMethod: 'online', layawayAgree: 'on' }),
  );
  await sandboxPay(client, reference);
  await client.get(`/payment-success?reference=${encodeURIComponent(reference)}`);
  const order = await one<{ id: number; status: string }>(
    sql`SELECT o.id, o.status FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
  );
  expect(order.status).toBe('on_layaway');
  const plan = await one<{ id: number; paid_kobo: number }>(
    sql`SELECT id, paid_kobo FROM layaway_plans WHERE order_id = ${order.id}`,
  );
  return { order, plan, variantId: wig.variants[0]!.id, userId: user.id };
}

const lagosToday = sql`(now() AT TIME ZONE 'Africa/Lagos')::date`;

async function mailsTo(email: string, template: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${email} AND template = ${template}`,
  );
  return row!.n;
}

describe('reminders', () => {
  it('are sent three days before and on the due date, each once', async () => {
    const email = 'remind-me@example.ng';
    const { plan } = await planWithDeposit(email);
    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = ${lagosToday} + 3 WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    const [a, b] = await Promise.all([
      shop.services.layawayJobs.remindDue(),
      shop.services.layawayJobs.remindDue(),
    ]);
    expect(a.before + b.before).toBe(1);
    expect(await mailsTo(email, 'layaway-reminder')).toBe(1);
    expect((await shop.services.layawayJobs.remindDue()).before).toBe(0);

    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = ${lagosToday} WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    expect((await shop.services.layawayJobs.remindDue()).due).toBe(1);
    expect((await shop.services.layawayJobs.remindDue()).due).toBe(0);
    expect(await mailsTo(email, 'layaway-reminder')).toBe(2);
  });
});

describe('the default job', () => {
  it('leaves a plan alone within its grace days', async () => {
    const { order, plan } = await planWithDeposit('in-grace@example.ng');
    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = ${lagosToday} - 3 WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    await shop.services.layawayJobs.endDefaulted();
    expect(
      (await one<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${order.id}`)).status,
    ).toBe('on_layaway');
  });

  it('ends a plan past its grace days once, with two sweeps at once: stock back, credit kept, shopper told', async () => {
    const email = 'defaulter@example.ng';
    const { order, plan, variantId, userId } = await planWithDeposit(email);
    expect(await variantStock(shop.database.db, variantId)).toBe(1);
    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = ${lagosToday} - 4 WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    // The shop's own jobs, wired to the store-credit module (ADR 100), twice at once.
    const jobs = shop.services.layawayJobs;
    const ended = await Promise.all([jobs.endDefaulted(), jobs.endDefaulted()]);
    expect(ended[0] + ended[1]).toBe(1);

    expect(
      (await one<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${order.id}`)).status,
    ).toBe('cancelled');
    expect(await variantStock(shop.database.db, variantId)).toBe(2); // back once
    const after = await one<{ status: string; outcome: { creditKobo: number; granted: boolean } }>(
      sql`SELECT status, outcome FROM layaway_plans WHERE id = ${plan.id}`,
    );
    expect(after.status).toBe('defaulted');
    expect(after.outcome).toMatchObject({ creditKobo: plan.paid_kobo, granted: true });
    // The money paid is the customer's store credit now: granted once.
    expect(await shop.services.credit.balance(userId)).toBe(plan.paid_kobo);
    const note = await one<{ note: string }>(
      sql`SELECT note FROM order_status_history WHERE order_id = ${order.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(note.note).toMatch(/plan ended.*kept for you as store credit/);
    expect(await mailsTo(email, 'order-cancelled')).toBe(1);

    // Run again: nothing more happens.
    expect(await shop.services.layawayJobs.endDefaulted()).toBe(0);
    expect(await variantStock(shop.database.db, variantId)).toBe(2);
  });

  it('records the refund owed less the fee under the refund rule', async () => {
    await shop.services.settings.save({ id: adminId }, 'layaway', {
      ...SETTINGS,
      layawayDefaultRule: 'refund_less_fee',
      layawayFeeKind: 'amount',
      layawayFee: '5,000',
    });
    const { plan } = await planWithDeposit('refund-rule@example.ng');
    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = ${lagosToday} - 10 WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    expect(await shop.services.layawayJobs.endDefaulted()).toBe(1);
    const after = await one<{ outcome: Record<string, unknown> }>(
      sql`SELECT outcome FROM layaway_plans WHERE id = ${plan.id}`,
    );
    expect(after.outcome).toEqual({
      rule: 'refund_less_fee',
      paidKobo: plan.paid_kobo,
      feeKobo: 500_000,
      refundKobo: plan.paid_kobo - 500_000,
      refunded: false,
    });

    // The owner pays it back as a recorded transfer (ADR 097): the refund page weighs it against
    // what the plan's payments came to — never more.
    const { order } = await one<{ order: { id: number } }>(
      sql`SELECT json_build_object('id', order_id) AS order FROM layaway_plans WHERE id = ${plan.id}`,
    );
    const { tracking_number: tn } = await one<{ tracking_number: string }>(
      sql`SELECT tracking_number FROM orders WHERE id = ${order.id}`,
    );
    const admin = await createUser(shop.database.db, { role: 'admin', email: 'refunds-layaway@example.ng' });
    const { client: owner } = await signInAndEnrol(shop.app, { email: admin.email, password: TEST_PASSWORD });
    const refund = (amountKobo: number) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${tn}/refunds`,
        payload: JSON.stringify({
          amountKobo,
          reason: 'other',
          reasonText: 'Pay small-small plan ended unpaid: paid back less the agreed fee',
          transfer: {
            bankName: 'GTBank',
            accountNumber: '0123456789',
            accountName: 'Refund Rule',
            transferReference: 'TRF-LAYAWAY-1',
          },
        }),
        headers: {
          'content-type': 'application/json',
          origin: 'http://shop.test',
          'sec-fetch-site': 'same-origin',
          cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
    expect((await refund(plan.paid_kobo + 1)).statusCode).toBe(409);
    const paidBack = await refund(plan.paid_kobo - 500_000);
    expect(paidBack.statusCode, paidBack.body).toBe(201);
    expect(paidBack.json()).toMatchObject({ status: 'processed', method: 'bank_transfer' });
  });
});

describe('a deposit never paid', () => {
  it('ends the waiting order by the shop once the deposit is past its grace days, stock back', async () => {
    await shop.services.settings.save({ id: adminId }, 'layaway', SETTINGS);
    const email = 'no-deposit@example.ng';
    const wig = await createProduct(shop.database.db, { variants: [{ priceKobo: 15_000_000, stock: 1 }] });
    await createUser(shop.database.db, { email });
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email, password: TEST_PASSWORD });
    await addToCart(client, wig.variants[0]!.id, 1);
    const { reference } = await placeOrder(
      client,
      checkoutForm({ email, paymentMethod: 'layaway', depositMethod: 'bank_transfer', layawayAgree: 'on' }),
    );
    const order = await one<{ id: number; status: string }>(
      sql`SELECT o.id, o.status FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
    );
    expect(order.status).toBe('awaiting_transfer');
    expect(await variantStock(shop.database.db, wig.variants[0]!.id)).toBe(0);
    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = ${lagosToday} - 5
           WHERE sequence = 0 AND plan_id = (SELECT id FROM layaway_plans WHERE order_id = ${order.id})`,
    );
    expect(await shop.services.layawayJobs.endDefaulted()).toBe(1);
    expect(
      (await one<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${order.id}`)).status,
    ).toBe('cancelled');
    expect(await variantStock(shop.database.db, wig.variants[0]!.id)).toBe(1);
  });
});
