// Staff's side of Pay small-small (ADR 099) through HTTP: the plan on the admin order page; a
// bank-transfer deposit recorded on the plan (never through the plain "confirm payment"), a due
// date extended with a reason, the last transfer confirming the order, and a plan cancelled by its
// rule (stock back once) — each audited; refusals answer 4xx with what was typed.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow, variantStock } from '#tests/helpers/rows.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
let staff: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const admin = await createUser(shop.database.db, { role: 'admin', email: 'owner-plans@example.ng' });
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
  const member = await createUser(shop.database.db, { role: 'staff', email: 'desk@example.ng' });
  staff = (await signInAndEnrol(shop.app, { email: member.email, password: TEST_PASSWORD })).client;
});
afterAll(async () => {
  await shop?.close();
});

async function one<T>(query: SQL): Promise<T> {
  return (await firstRow<T>(shop.database.db, query))!;
}

/** A shopper's ₦150,000 wig on a plan whose deposit is paid by bank transfer. */
async function transferPlan(email: string) {
  const wig = await createProduct(shop.database.db, { variants: [{ priceKobo: 15_000_000, stock: 2 }] });
  await createUser(shop.database.db, { email });
  const client = new TestClient(shop.app);
  await client.post('/auth', { intent: 'signin', email, password: TEST_PASSWORD });
  await addToCart(client, wig.variants[0]!.id, 1);
  const { reference } = await placeOrder(
    client,
    checkoutForm({ email, paymentMethod: 'layaway', depositMethod: 'bank_transfer', layawayAgree: 'on' }),
  );
  const order = await one<{ id: number; tracking_number: string; status: string; total_kobo: number }>(
    sql`SELECT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.reference = ${reference}`,
  );
  const plan = await one<{ id: number; deposit_kobo: number }>(
    sql`SELECT id, deposit_kobo FROM layaway_plans WHERE order_id = ${order.id}`,
  );
  return { order, plan, variantId: wig.variants[0]!.id };
}

const statusOf = async (id: number) =>
  (await one<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${id}`)).status;
const naira = (kobo: number) => String(kobo / 100);

async function auditActions(trackingNumber: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    shop.database.db,
    sql`SELECT action FROM audit_events WHERE subject_type = 'order' AND subject_id = ${trackingNumber} ORDER BY id`,
  );
  return rows.map((r) => r.action);
}

describe('a plan at the shop desk', () => {
  it('records the deposit transfer and the rest on the plan, extends a date, and confirms when paid', async () => {
    const { order, plan } = await transferPlan('desk-payer@example.ng');
    expect(order.status).toBe('awaiting_transfer');
    const tn = order.tracking_number;
    const page = await staff.get(`/admin/orders/${tn}`);
    expect(page.body).toContain('Pay small-small plan');

    // The plain paths refuse: a layaway order goes ahead through its plan.
    const plain = await staff.post(`/admin/orders/${tn}`, { intent: 'confirm-payment' });
    expect(plain.statusCode).toBe(409);
    expect(await statusOf(order.id)).toBe('awaiting_transfer');

    // More than the balance: refused, the amount kept.
    const tooMuch = await staff.post(`/admin/orders/${tn}/layaway`, {
      intent: 'transfer',
      amount: '200,000',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('left to pay');
    expect(tooMuch.body).toContain('value="200,000"');

    const deposit = await staff.post(`/admin/orders/${tn}/layaway`, {
      intent: 'transfer',
      amount: naira(plan.deposit_kobo),
    });
    expect(deposit.statusCode).toBe(302);
    expect(await statusOf(order.id)).toBe('on_layaway');

    // Extend instalment 1 by a week, with a reason.
    const before = await one<{ due: string }>(
      sql`SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM layaway_instalments WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    const later = new Date(Date.parse(`${before.due}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const noReason = await staff.post(`/admin/orders/${tn}/layaway`, {
      intent: 'extend',
      sequence: '1',
      dueDate: later,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const extended = await staff.post(`/admin/orders/${tn}/layaway`, {
      intent: 'extend',
      sequence: '1',
      dueDate: later,
      reason: 'Salary comes late this month',
    });
    expect(extended.statusCode).toBe(302);
    const after = await one<{ due: string; extended_reason: string }>(
      sql`SELECT to_char(due_date, 'YYYY-MM-DD') AS due, extended_reason FROM layaway_instalments WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    expect(after).toEqual({ due: later, extended_reason: 'Salary comes late this month' });

    // The rest in one transfer: the order is confirmed, paid.
    const rest = order.total_kobo - plan.deposit_kobo;
    expect(
      (await staff.post(`/admin/orders/${tn}/layaway`, { intent: 'transfer', amount: naira(rest) }))
        .statusCode,
    ).toBe(302);
    expect(await statusOf(order.id)).toBe('confirmed');
    const done = await one<{ status: string; paid_kobo: number }>(
      sql`SELECT status, paid_kobo FROM layaway_plans WHERE id = ${plan.id}`,
    );
    expect(done).toEqual({ status: 'completed', paid_kobo: order.total_kobo });
    expect(await auditActions(tn)).toEqual([
      'layaway.transfer_recorded',
      'layaway.due_date_extended',
      'layaway.transfer_recorded',
    ]);
  });

  it('cancels a plan by its rule: the order cancelled, its stock back once, audited', async () => {
    const { order, plan, variantId } = await transferPlan('desk-cancel@example.ng');
    const tn = order.tracking_number;
    await staff.post(`/admin/orders/${tn}/layaway`, { intent: 'transfer', amount: naira(plan.deposit_kobo) });
    expect(await variantStock(shop.database.db, variantId)).toBe(1);
    // Overdue: listed among the plans staff chase.
    await shop.database.db.execute(
      sql`UPDATE layaway_instalments SET due_date = (now() AT TIME ZONE 'Africa/Lagos')::date - 1 WHERE plan_id = ${plan.id} AND sequence = 1`,
    );
    expect((await staff.get('/admin/orders/layaway?view=overdue')).body).toContain(tn);
    expect((await staff.get('/admin/orders/layaway?view=due_week')).body).not.toContain(tn);
    expect((await staff.get(`/admin/orders/${tn}`)).body).toContain('Overdue');
    const res = await staff.post(`/admin/orders/${tn}/layaway`, {
      intent: 'cancel',
      reason: 'Customer asked to stop',
    });
    expect(res.statusCode).toBe(302);
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await variantStock(shop.database.db, variantId)).toBe(2);
    const ended = await one<{ status: string; outcome: { creditKobo: number } }>(
      sql`SELECT status, outcome FROM layaway_plans WHERE id = ${plan.id}`,
    );
    expect(ended.status).toBe('cancelled');
    expect(ended.outcome.creditKobo).toBe(plan.deposit_kobo);
    expect(await auditActions(tn)).toContain('layaway.plan_cancelled');
    // Nothing more can be recorded on it.
    const again = await staff.post(`/admin/orders/${tn}/layaway`, { intent: 'transfer', amount: '1000' });
    expect(again.statusCode).toBe(409);
  });
});
