// Refunds through the JSON API (ADR 097): an admin refunds lines of a paid sandbox order, the
// delivery fee or a free amount; never more than was paid; stock back once per restocked unit; the
// promo's use released only when the whole order is refunded; staff ask and an admin approves;
// offline orders refunded by recording the transfer; webhooks verified and applied once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { createPromoCode } from '#tests/factories/promotions.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const SAME_ORIGIN = { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' };

let shop: TestShop;
let who: RoleVisitors;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  who = await visitorsPerRole(shop, 'Refunds');
});
afterAll(async () => {
  await shop.close();
});

async function postJson(shopOf: TestShop, client: TestClient, url: string, body: unknown) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return shopOf.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

async function stockOf(variantId: number): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    shop.database.db,
    sql`SELECT stock FROM product_variants WHERE id = ${variantId}`,
  );
  return Number(row!.stock);
}

async function historyOf(trackingNumber: string): Promise<string[]> {
  const rows = await queryRows<{ note: string }>(
    shop.database.db,
    sql`SELECT h.note FROM order_status_history h JOIN orders o ON o.id = h.order_id
        WHERE o.tracking_number = ${trackingNumber} ORDER BY h.id`,
  );
  return rows.map((r) => r.note);
}

type Summary = {
  paidKobo: number;
  refundedKobo: number;
  leftKobo: number;
  deliveryFeeKobo: number;
  state: string;
  lines: {
    lineId: number;
    sku: string;
    quantityBought: number;
    quantityRefunded: number;
    unitPriceKobo: number;
  }[];
  refunds: { id: number; status: string; amountKobo: number; failureMessage: string | null }[];
};

async function summary(client: TestClient, trackingNumber: string): Promise<Summary> {
  const res = await client.get(`/api/v1/admin/orders/${trackingNumber}/refunds`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Summary;
}

/** A paid sandbox order of two lines: 3 × ₦25,000 and 1 × ₦40,000 (10 in stock of each). */
async function paidCardOrder(options: { promoCode?: string; email?: string } = {}) {
  const a = await createProduct(shop.database.db, { variants: [{ priceKobo: 2_500_000, stock: 10 }] });
  const b = await createProduct(shop.database.db, { variants: [{ priceKobo: 4_000_000, stock: 10 }] });
  const created = await createOrder(shop, {
    paymentMethod: 'online',
    status: 'placed',
    email: options.email,
    promoCode: options.promoCode,
    lines: [
      { variantId: a.variants[0]!.id, quantity: 3 },
      { variantId: b.variants[0]!.id, quantity: 1 },
    ],
  });
  return { ...created, variantA: a.variants[0]!.id, variantB: b.variants[0]!.id };
}

describe('an admin refunds a paid card order', () => {
  it('refunds one line: the money goes back through the sandbox, the stock once, the history and the email say so', async () => {
    const order = await paidCardOrder({ email: 'refund-one@example.ng' });
    expect(await stockOf(order.variantA)).toBe(7);
    const before = await summary(who.clients.admin, order.trackingNumber);
    expect(before.paidKobo).toBe(order.order.totalKobo);
    const lineA = before.lines.find((l) => l.quantityBought === 3)!;
    expect(lineA).toMatchObject({ quantityRefunded: 0, unitPriceKobo: 2_500_000 });

    const res = await postJson(
      shop,
      who.clients.admin,
      `/api/v1/admin/orders/${order.trackingNumber}/refunds`,
      {
        lines: [{ lineId: lineA.lineId, quantity: 1, restock: true }],
        reason: 'damaged',
        reasonText: 'Lace torn on arrival',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'processed', amountKobo: 2_500_000, method: 'sandbox' });

    const after = await summary(who.clients.admin, order.trackingNumber);
    expect(after).toMatchObject({ refundedKobo: 2_500_000, state: 'partly_refunded' });
    expect(after.leftKobo).toBe(order.order.totalKobo - 2_500_000);
    expect(after.lines.find((l) => l.lineId === lineA.lineId)!.quantityRefunded).toBe(1);
    expect(await stockOf(order.variantA)).toBe(8);
    expect(await historyOf(order.trackingNumber)).toContain(
      'Refunded ₦25,000 (partly) to the card paid with (sandbox).',
    );

    const [mail] = await shop.mailTo('refund-one@example.ng');
    expect(mail!.subject).toContain('₦25,000 refunded');
    expect(mail!.textBody).toContain('5–10 working days');
    expect(mail!.textBody).toMatch(/1 × .*: ₦25,000/);

    // The order's receipt lists the refund under a receipt number of its own (ADR 098).
    const receipt = await who.clients.admin.get(`/admin/orders/${order.trackingNumber}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const text = plain(receipt.body);
    expect(text).toContain('Refund to the card paid with (sandbox)');
    expect(new Set(text.match(/CH-\d{4}-\d{6}/g)).size).toBe(2);
  });

  it('never refunds more than was paid: 409 with what is left, whether lines, delivery fee or a free amount', async () => {
    const order = await paidCardOrder();
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const first = await postJson(shop, who.clients.admin, url, {
      amountKobo: order.order.totalKobo - 1_000,
      reason: 'other',
    });
    expect(first.statusCode, first.body).toBe(201);
    const over = await postJson(shop, who.clients.admin, url, { amountKobo: 1_001, reason: 'other' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'over_refund', leftKobo: 1_000 });
    expect(over.json().message).toContain('₦10');
    const lines = await summary(who.clients.admin, order.trackingNumber);
    const byLine = await postJson(shop, who.clients.admin, url, {
      lines: [{ lineId: lines.lines[0]!.lineId, quantity: 1, restock: false }],
      reason: 'other',
    });
    expect(byLine.statusCode).toBe(409);
    const exact = await postJson(shop, who.clients.admin, url, { amountKobo: 1_000, reason: 'other' });
    expect(exact.statusCode).toBe(201);
    expect(await summary(who.clients.admin, order.trackingNumber)).toMatchObject({
      leftKobo: 0,
      refundedKobo: order.order.totalKobo,
      state: 'refunded',
    });
  });

  it('refuses more units than were bought, a line of another order and a refund without a reason (400)', async () => {
    const order = await paidCardOrder();
    const other = await paidCardOrder();
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const mine = (await summary(who.clients.admin, order.trackingNumber)).lines[0]!;
    const theirs = (await summary(who.clients.admin, other.trackingNumber)).lines[0]!;
    const tooMany = await postJson(shop, who.clients.admin, url, {
      lines: [{ lineId: mine.lineId, quantity: 4, restock: true }],
      reason: 'other',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json().fieldErrors)).toContain('At most 3');
    const foreign = await postJson(shop, who.clients.admin, url, {
      lines: [{ lineId: theirs.lineId, quantity: 1, restock: true }],
      reason: 'other',
    });
    expect(foreign.statusCode).toBe(400);
    const noReason = await postJson(shop, who.clients.admin, url, { amountKobo: 100 });
    expect(noReason.statusCode).toBe(400);
    expect((await summary(who.clients.admin, order.trackingNumber)).refunds).toEqual([]);
  });

  it('gives each unit back at its exact share of the discounted line: all units together make the line total', async () => {
    const promo = await createPromoCode(shop.database.db, { type: 'fixed', value: 1_001 });
    const order = await paidCardOrder({ promoCode: promo.code });
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const [lineRow] = await queryRows<{ id: number; total_kobo: number }>(
      shop.database.db,
      sql`SELECT id, total_kobo FROM order_lines WHERE order_id = ${order.order.id} AND quantity = 3`,
    );
    const amounts: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await postJson(shop, who.clients.admin, url, {
        lines: [{ lineId: lineRow!.id, quantity: 1, restock: false }],
        reason: 'changed_mind',
      });
      expect(res.statusCode, res.body).toBe(201);
      amounts.push(res.json().amountKobo);
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(Number(lineRow!.total_kobo));
    expect(amounts[2]).toBeGreaterThanOrEqual(amounts[0]!);
  });

  it('a whole refund puts the stock back once and releases the promo use; a partial one keeps it', async () => {
    const promo = await createPromoCode(shop.database.db, { value: 10, usageLimit: 5 });
    const order = await paidCardOrder({ promoCode: promo.code });
    const used = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            shop.database.db,
            sql`SELECT used_count AS n FROM discounts WHERE id = ${promo.id}`,
          )
        )[0]!.n,
      );
    expect(await used()).toBe(1);
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const s = await summary(who.clients.admin, order.trackingNumber);
    const lineA = s.lines.find((l) => l.quantityBought === 3)!;
    const lineB = s.lines.find((l) => l.quantityBought === 1)!;
    const part = await postJson(shop, who.clients.admin, url, {
      lines: [{ lineId: lineA.lineId, quantity: 2, restock: true }],
      reason: 'wrong_item',
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(await used()).toBe(1);
    const rest = await postJson(shop, who.clients.admin, url, {
      lines: [
        { lineId: lineA.lineId, quantity: 1, restock: true },
        { lineId: lineB.lineId, quantity: 1, restock: true },
      ],
      deliveryFee: true,
      reason: 'wrong_item',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await stockOf(order.variantA)).toBe(10);
    expect(await stockOf(order.variantB)).toBe(10);
    expect(await used()).toBe(0);
    expect(await summary(who.clients.admin, order.trackingNumber)).toMatchObject({
      state: 'refunded',
      leftKobo: 0,
    });
    expect((await historyOf(order.trackingNumber)).filter((n) => n.includes('(in full)'))).toHaveLength(1);

    // Cancelled after the whole refund: nothing goes back a second time — neither the units the
    // refunds put back nor the promo's use.
    const cancel = await postJson(
      shop,
      who.clients.admin,
      `/api/v1/admin/orders/${order.trackingNumber}/status`,
      {
        status: 'cancelled',
        note: 'Refunded in full; the customer no longer wants it',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(order.variantA)).toBe(10);
    expect(await stockOf(order.variantB)).toBe(10);
    expect(await used()).toBe(0);
  });

  it('a partial refund then a cancel: the rest of the units go back, each unit once', async () => {
    const order = await paidCardOrder();
    expect(await stockOf(order.variantA)).toBe(7);
    const s = await summary(who.clients.admin, order.trackingNumber);
    const lineA = s.lines.find((l) => l.quantityBought === 3)!;
    const part = await postJson(
      shop,
      who.clients.admin,
      `/api/v1/admin/orders/${order.trackingNumber}/refunds`,
      {
        lines: [{ lineId: lineA.lineId, quantity: 2, restock: true }],
        reason: 'wrong_item',
      },
    );
    expect(part.statusCode, part.body).toBe(201);
    expect(await stockOf(order.variantA)).toBe(9);
    const cancel = await postJson(
      shop,
      who.clients.admin,
      `/api/v1/admin/orders/${order.trackingNumber}/status`,
      {
        status: 'cancelled',
        note: 'Customer cancelled the rest',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(order.variantA)).toBe(10);
    expect(await stockOf(order.variantB)).toBe(10);
  });
});

describe('staff ask, an admin decides', () => {
  it('a staff member’s refund waits for approval: no money, no stock until an admin approves', async () => {
    const order = await paidCardOrder();
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const lineA = (await summary(who.clients.staff, order.trackingNumber)).lines.find(
      (l) => l.quantityBought === 3,
    )!;
    const asked = await postJson(shop, who.clients.staff, url, {
      lines: [{ lineId: lineA.lineId, quantity: 1, restock: true }],
      reason: 'damaged',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'requested', requestedBy: 'Refunds staff' });
    expect(await stockOf(order.variantA)).toBe(7);
    const id = asked.json().id as number;
    // Staff cannot approve their own request.
    expect((await postJson(shop, who.clients.staff, `${url}/${id}/approve`, {})).statusCode).toBe(403);
    const approved = await postJson(shop, who.clients.admin, `${url}/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'processed', approvedBy: 'Refunds admin' });
    expect(await stockOf(order.variantA)).toBe(8);
    // Decided once.
    expect((await postJson(shop, who.clients.admin, `${url}/${id}/approve`, {})).statusCode).toBe(409);
    expect((await postJson(shop, who.clients.admin, `${url}/${id}/reject`, { why: 'late' })).statusCode).toBe(
      409,
    );
    expect(await stockOf(order.variantA)).toBe(8);
  });

  it('a rejected request holds no money and puts nothing back', async () => {
    const order = await paidCardOrder();
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const asked = await postJson(shop, who.clients.staff, url, {
      amountKobo: order.order.totalKobo,
      reason: 'other',
    });
    expect(asked.statusCode).toBe(201);
    expect((await summary(who.clients.admin, order.trackingNumber)).leftKobo).toBe(0);
    const id = asked.json().id as number;
    const rejected = await postJson(shop, who.clients.admin, `${url}/${id}/reject`, { why: 'Not our fault' });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect((await summary(who.clients.admin, order.trackingNumber)).leftKobo).toBe(order.order.totalKobo);
  });

  it('every step is in the audit log', async () => {
    const rows = await queryRows<{ action: string }>(
      shop.database.db,
      sql`SELECT DISTINCT action FROM audit_events WHERE action LIKE 'refund.%'`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual(
      expect.arrayContaining([
        'refund.approved',
        'refund.issued',
        'refund.processed',
        'refund.rejected',
        'refund.requested',
      ]),
    );
  });

  it('customers and strangers cannot read or refund', async () => {
    const order = await paidCardOrder();
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    expect((await who.clients.anonymous.get(url)).statusCode).toBe(401);
    expect((await who.clients.customer.get(url)).statusCode).toBe(403);
    expect(
      (await postJson(shop, who.clients.customer, url, { amountKobo: 100, reason: 'other' })).statusCode,
    ).toBe(403);
    expect(
      (await postJson(shop, who.clients.anonymous, url, { amountKobo: 100, reason: 'other' })).statusCode,
    ).toBe(401);
  });
});

describe('offline orders are refunded by recording the transfer', () => {
  it('a paid pay-on-delivery order: processed at once with the account and reference; never through the provider', async () => {
    const order = await createOrder(shop, {
      paymentMethod: 'pay_on_delivery',
      status: 'delivered',
      email: 'pod-refund@example.ng',
    });
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const s = await summary(who.clients.admin, order.trackingNumber);
    expect(s.paidKobo).toBe(order.order.totalKobo);
    const missing = await postJson(shop, who.clients.admin, url, { amountKobo: 100_000, reason: 'damaged' });
    expect(missing.statusCode).toBe(400);
    const badNuban = await postJson(shop, who.clients.admin, url, {
      amountKobo: 100_000,
      reason: 'damaged',
      transfer: {
        bankName: 'GTBank',
        accountNumber: '01234',
        accountName: 'Amaka Buyer',
        transferReference: 'TRF-1',
      },
    });
    expect(badNuban.statusCode).toBe(400);
    expect(JSON.stringify(badNuban.json().fieldErrors)).toContain('10-digit');
    const done = await postJson(shop, who.clients.admin, url, {
      amountKobo: 100_000,
      reason: 'damaged',
      transfer: {
        bankName: 'GTBank',
        accountNumber: '0123456789',
        accountName: 'Amaka Buyer',
        transferReference: 'TRF-1',
      },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ status: 'processed', method: 'bank_transfer' });
    const [mail] = await shop.mailTo('pod-refund@example.ng');
    expect(mail!.textBody).toContain('GTBank account ending 6789');
    expect(mail!.textBody).toContain('TRF-1');
  });

  it('staff record the transfer with their request; the admin approves it as recorded, without Paystack', async () => {
    const order = await createOrder(shop, { paymentMethod: 'bank_transfer', status: 'confirmed' });
    const url = `/api/v1/admin/orders/${order.trackingNumber}/refunds`;
    const asked = await postJson(shop, who.clients.staff, url, {
      amountKobo: 200_000,
      reason: 'duplicate_charge',
      transfer: {
        bankName: 'Access Bank',
        accountNumber: '0987654321',
        accountName: 'Tolu A',
        transferReference: 'TRF-9',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'requested', method: 'bank_transfer' });
    const approved = await postJson(shop, who.clients.admin, `${url}/${asked.json().id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'processed' });
  });

  it('an unpaid pay-on-delivery order has nothing to refund (409)', async () => {
    const order = await createOrder(shop, { paymentMethod: 'pay_on_delivery' });
    const res = await postJson(
      shop,
      who.clients.admin,
      `/api/v1/admin/orders/${order.trackingNumber}/refunds`,
      {
        amountKobo: 100,
        reason: 'other',
        transfer: {
          bankName: 'GTBank',
          accountNumber: '0123456789',
          accountName: 'A B',
          transferReference: 'TRF-2',
        },
      },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ leftKobo: 0 });
  });
});

/** A page's HTML without React's text separators. */
function plain(html: string): string {
  return html.replaceAll('<!-- -->', '');
}

describe('the refund page, without JavaScript', () => {
  it('an admin reviews, sees the amount, confirms; a refused form keeps what was typed', async () => {
    const order = await paidCardOrder({ email: 'page-refund@example.ng' });
    const page = `/admin/orders/${order.trackingNumber}/refund`;
    const detail = await who.clients.admin.get(`/admin/orders/${order.trackingNumber}`);
    expect(detail.body).toContain(`href="${page}"`);
    const shown = await who.clients.admin.get(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Most that can still be refunded');
    const s = await summary(who.clients.admin, order.trackingNumber);
    const lineA = s.lines.find((l) => l.quantityBought === 3)!;
    const lineB = s.lines.find((l) => l.quantityBought === 1)!;
    const form = {
      mode: 'lines',
      [`qty.${lineA.lineId}`]: '1',
      [`restock.${lineA.lineId}`]: 'on',
      [`qty.${lineB.lineId}`]: '0',
      reason: '',
      reasonText: 'Customer sent it back',
    };
    const refused = await who.clients.admin.post(page, { ...form, intent: 'review' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Customer sent it back');
    const reviewed = await who.clients.admin.post(page, {
      ...form,
      reason: 'changed_mind',
      intent: 'review',
    });
    expect(reviewed.statusCode).toBe(200);
    expect(plain(reviewed.body)).toContain('Confirm refund of ₦25,000');
    const confirmed = await who.clients.admin.post(page, {
      ...form,
      reason: 'changed_mind',
      intent: 'confirm',
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`/admin/orders/${order.trackingNumber}`);
    const after = await who.clients.admin.get(page);
    expect(plain(after.body)).toContain('Partly refunded');
    expect(plain((await who.clients.admin.get(`/admin/orders/${order.trackingNumber}`)).body)).toContain(
      'Partly refunded: ₦25,000',
    );
    expect((await summary(who.clients.admin, order.trackingNumber)).refundedKobo).toBe(2_500_000);

    // The shopper's tracking page (where their dashboard's orders lead) shows it.
    const tracking = plain((await who.clients.anonymous.get(`/track-order?id=${order.trackingNumber}`)).body);
    expect(tracking).toContain('₦25,000</span> refunded to your card or account on');
    expect(tracking).toContain('5–10 working days');
  });

  it('staff see "Request refund"; the admin approves the request on the page', async () => {
    const order = await paidCardOrder();
    const page = `/admin/orders/${order.trackingNumber}/refund`;
    const shown = await who.clients.staff.get(page);
    expect(shown.body).toContain('Request refund');
    const asked = await who.clients.staff.post(page, {
      mode: 'amount',
      amount: '5,000',
      reason: 'damaged',
      intent: 'confirm',
    });
    expect(asked.statusCode).toBe(302);
    const [pending] = (await summary(who.clients.admin, order.trackingNumber)).refunds;
    expect(pending).toMatchObject({ status: 'requested', amountKobo: 500_000 });
    expect(
      (await who.clients.staff.post(page, { intent: 'approve', refundId: String(pending!.id) })).statusCode,
    ).toBe(403);
    const orderPage = plain((await who.clients.admin.get(`/admin/orders/${order.trackingNumber}`)).body);
    expect(orderPage).toContain('1 refund request to approve or reject on the refund page');
    const adminView = await who.clients.admin.get(page);
    expect(plain(adminView.body)).toContain('Approve refund of ₦5,000');
    const approved = await who.clients.admin.post(page, { intent: 'approve', refundId: String(pending!.id) });
    expect(approved.statusCode).toBe(302);
    expect((await summary(who.clients.admin, order.trackingNumber)).refunds[0]).toMatchObject({
      status: 'processed',
    });
  });
});

describe('the orders list and its CSV', () => {
  it('filter Refunded / Partly refunded, and the refunded amount in the list and the CSV', async () => {
    const whole = await paidCardOrder();
    const part = await paidCardOrder();
    const none = await paidCardOrder();
    for (const [order, amount] of [
      [whole, whole.order.totalKobo],
      [part, 1_234_500],
    ] as const) {
      const res = await postJson(
        shop,
        who.clients.admin,
        `/api/v1/admin/orders/${order.trackingNumber}/refunds`,
        {
          amountKobo: amount,
          reason: 'other',
        },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const refunded = plain((await who.clients.staff.get('/admin/orders?refund=refunded')).body);
    expect(refunded).toContain(whole.trackingNumber);
    expect(refunded).not.toContain(part.trackingNumber);
    expect(refunded).not.toContain(none.trackingNumber);
    const partly = plain((await who.clients.staff.get('/admin/orders?refund=partly_refunded')).body);
    expect(partly).toContain(part.trackingNumber);
    expect(partly).toContain('₦12,345');
    expect(partly).not.toContain(whole.trackingNumber);

    const csv = await who.clients.staff.get(`/admin/orders.csv?q=${part.trackingNumber}`);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.split(',').at(-1)).toBe('Refunded (NGN)');
    expect(row!.split(',').at(-1)).toBe('12345.00');
  });
});

describe('the dashboard', () => {
  it("today's revenue is net of processed refunds, and the chart still adds up to it", async () => {
    const figures = () => shop.services.analytics.dashboard('today');
    const before = (await figures()).revenue.current;
    const order = await paidCardOrder();
    expect((await figures()).revenue.current).toBe(before + order.order.totalKobo);
    const res = await postJson(
      shop,
      who.clients.admin,
      `/api/v1/admin/orders/${order.trackingNumber}/refunds`,
      {
        amountKobo: 1_234_500,
        reason: 'other',
      },
    );
    expect(res.statusCode).toBe(201);
    const after = await figures();
    expect(after.revenue.current).toBe(before + order.order.totalKobo - 1_234_500);
    expect(after.chart.points.reduce((a, p) => a + p.revenueKobo, 0)).toBe(after.revenue.current);
    const page = plain((await who.clients.staff.get('/admin/dashboard?period=today')).body);
    expect(page).toContain('net of refunds');
  });
});
