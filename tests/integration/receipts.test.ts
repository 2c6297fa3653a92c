// Receipts (ADR 098), through HTTP: every paid order gets CH-<year>-<number>, without gaps per
// Lagos calendar year — across the new year, under payments at once, and with a payment whose
// transaction rolls back (its number is not burnt); the receipt page and its PDF open to whoever
// the tracking page shows the order to, by the same rule (the owner whole, others the public
// shape; an unknown or unpaid order is the same 404), and to staff with orders.view; never cached.
// On PGlite and PostgreSQL (the race).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { pdfText } from '#tests/helpers/pdf-text.ts';
import { clientPerRole, signedInClient, type Visitor } from '#tests/helpers/role-clients.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let clients: Record<Visitor, TestClient>;
let address = 0;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  clients = await clientPerRole(shop, 'Receipts');
});
afterAll(async () => {
  await shop.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A guest's browser from an address of its own (the checkout and tracking limits are others'). */
function guest(): TestClient {
  address += 1;
  return new TestClient(shop.app, { remoteAddress: `10.98.${address >> 8}.${address & 255}` });
}

async function variant(stock = 50): Promise<number> {
  return (await createProduct(shop.database.db, { variants: [{ stock }] })).variants[0]!.id;
}

/** Places a card order from `client` (left unpaid): its tracking number and sandbox reference. */
async function placeCardOrder(client: TestClient, email = `buyer-${address}@example.ng`) {
  await addToCart(client, await variant(), 1);
  const { reference } = await placeOrder(client, checkoutForm({ email }));
  return { reference, trackingNumber: reference.split('-')[0]! };
}

/** The receipt numbers of these orders (null: none), as "CH-2026-000001". */
async function receiptOf(trackingNumber: string): Promise<string | null> {
  const [row] = await queryRows<{ year: number; number: number }>(
    shop.database.db,
    sql`SELECT r.year, r.number FROM receipts r JOIN orders o ON o.id = r.order_id
        WHERE o.tracking_number = ${trackingNumber} AND r.kind = 'order'`,
  );
  return row ? `CH-${row.year}-${String(row.number).padStart(6, '0')}` : null;
}

async function numbersOf(year: number): Promise<number[]> {
  const rows = await queryRows<{ number: number }>(
    shop.database.db,
    sql`SELECT number FROM receipts WHERE year = ${year} ORDER BY number`,
  );
  return rows.map((r) => Number(r.number));
}

const lagosYear = () =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date()));

/** 1..n: the numbers of a year, without a gap or a repeat. */
const gapless = (numbers: number[]) => numbers.every((n, i) => n === i + 1);

describe('receipt numbers', () => {
  it('a card payment takes the next number; the success page links to the receipt', async () => {
    const year = lagosYear();
    const before = await numbersOf(year);
    const client = guest();
    const { reference, trackingNumber } = await placeCardOrder(client);
    expect(await receiptOf(trackingNumber)).toBeNull();
    const success = await client.get(await sandboxPay(client, reference));
    expect(success.statusCode).toBe(200);
    const number = await receiptOf(trackingNumber);
    expect(number).toBe(`CH-${year}-${String(before.length + 1).padStart(6, '0')}`);
    expect(success.body).toContain(`href="/track-order/${trackingNumber}/receipt"`);
    expect(gapless(await numbersOf(year))).toBe(true);
    // The paid order's email links to the receipt.
    const mail = (await shop.mailTo(`buyer-${address}@example.ng`)).find((m) =>
      m.subject.includes(trackingNumber),
    );
    expect(mail?.textBody).toContain(`Your receipt: http://shop.test/track-order/${trackingNumber}/receipt`);
    expect(mail?.htmlBody).toContain(`/track-order/${trackingNumber}/receipt`);
  });

  it('gives payments made at once one number each, without a gap', async () => {
    const year = lagosYear();
    const before = (await numbersOf(year)).length;
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = guest();
        return { client, ...(await placeCardOrder(client)) };
      }),
    );
    await Promise.all(buyers.map((b) => sandboxPay(b.client, b.reference)));
    const numbers = await Promise.all(buyers.map((b) => receiptOf(b.trackingNumber)));
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.every((n) => n !== null)).toBe(true);
    const all = await numbersOf(year);
    expect(all).toHaveLength(before + 8);
    expect(gapless(all)).toBe(true);
  });

  it('burns no number when the payment’s transaction rolls back', async () => {
    const year = lagosYear();
    const before = (await numbersOf(year)).length;
    const failing = guest();
    const doomed = await placeCardOrder(failing);
    const [doomedRow] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM orders WHERE tracking_number = ${doomed.trackingNumber}`,
    );
    // The payment's transaction fails after the receipt took its number: all of it rolls back.
    await shop.database.db.execute(
      sql.raw(`CREATE FUNCTION receipts_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused for the test'; END $$`),
    );
    await shop.database.db.execute(
      sql.raw(`CREATE TRIGGER receipts_test_refuse AFTER INSERT ON receipts FOR EACH ROW
        WHEN (NEW.order_id = ${Number(doomedRow!.id)})
        EXECUTE FUNCTION receipts_test_refuse()`),
    );
    try {
      const res = await failing.post(`/pay/sandbox/${encodeURIComponent(doomed.reference)}`, {
        intent: 'pay',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(300);
    } finally {
      await shop.database.db.execute(sql.raw('DROP TRIGGER receipts_test_refuse ON receipts'));
      await shop.database.db.execute(sql.raw('DROP FUNCTION receipts_test_refuse()'));
    }
    expect(await receiptOf(doomed.trackingNumber)).toBeNull();
    const [order] = await queryRows<{ paid: boolean }>(
      shop.database.db,
      sql`SELECT paid_at IS NOT NULL AS paid FROM orders WHERE tracking_number = ${doomed.trackingNumber}`,
    );
    expect(order!.paid).toBe(false);

    const client = guest();
    const next = await placeCardOrder(client);
    await sandboxPay(client, next.reference);
    expect(await receiptOf(next.trackingNumber)).toBe(`CH-${year}-${String(before + 1).padStart(6, '0')}`);
    expect(gapless(await numbersOf(year))).toBe(true);
  });

  it('starts again at 1 in the new Lagos year (midnight in Lagos is 23:00 UTC)', async () => {
    const lastYear = 2031;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${lastYear}-12-31T22:50:00Z`) });
    const a = guest();
    const b = guest();
    const c = guest();
    const first = await placeCardOrder(a);
    const second = await placeCardOrder(b);
    const third = await placeCardOrder(c);
    vi.setSystemTime(new Date(`${lastYear}-12-31T22:59:30Z`)); // 23:59:30 in Lagos
    await sandboxPay(a, first.reference);
    vi.setSystemTime(new Date(`${lastYear}-12-31T23:00:30Z`)); // 00:00:30 on 1 January in Lagos
    await sandboxPay(b, second.reference);
    await sandboxPay(c, third.reference);
    expect(await receiptOf(first.trackingNumber)).toBe(`CH-${lastYear}-000001`);
    expect(await receiptOf(second.trackingNumber)).toBe(`CH-${lastYear + 1}-000001`);
    expect(await receiptOf(third.trackingNumber)).toBe(`CH-${lastYear + 1}-000002`);
  });

  it('numbers a bank transfer when staff confirm it, pay on delivery when it is delivered', async () => {
    const transfer = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    expect(await receiptOf(transfer.trackingNumber)).toBeNull();
    const confirmed = await clients.staff.post(`/admin/orders/${transfer.trackingNumber}`, {
      intent: 'confirm-payment',
    });
    expect(confirmed.statusCode).toBe(302);
    expect(await receiptOf(transfer.trackingNumber)).toMatch(/^CH-\d{4}-\d{6}$/);

    const cod = await createOrder(shop, { paymentMethod: 'pay_on_delivery', status: 'shipped' });
    expect(await receiptOf(cod.trackingNumber)).toBeNull();
    const delivered = await clients.staff.post(`/admin/orders/${cod.trackingNumber}`, {
      intent: 'status',
      status: 'delivered',
    });
    expect(delivered.statusCode).toBe(302);
    expect(await receiptOf(cod.trackingNumber)).toMatch(/^CH-\d{4}-\d{6}$/);
    expect(gapless(await numbersOf(lagosYear()))).toBe(true);
  });
});

describe('the receipt page and its PDF', () => {
  async function ownersPaidOrder() {
    const owner = await createUser(shop.database.db, { name: 'Ifeoma Receiptowner' });
    const client = await signedInClient(shop, owner.email);
    await addToCart(client, await variant(), 2);
    const { reference } = await placeOrder(
      client,
      checkoutForm({
        email: owner.email,
        shipName: 'Ifeoma Receiptowner',
        shipStreet: '7 Receipt Close',
        phone: '0803 555 0199',
        shipPhone: '0803 555 0199',
      }),
    );
    await sandboxPay(client, reference);
    const trackingNumber = reference.split('-')[0]!;
    return { client, owner, trackingNumber, number: (await receiptOf(trackingNumber))! };
  }

  const PRIVATE = ['Receiptowner', '7 Receipt Close', '555 0199', '5550199'];

  it('shows the owner the whole receipt, private and never cached', async () => {
    const { client, owner, trackingNumber, number } = await ownersPaidOrder();
    const page = await client.get(`/track-order/${trackingNumber}/receipt`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toMatch(/private, no-store/);
    expect(page.body).toContain(number);
    expect(page.body).toContain('Ifeoma Receiptowner');
    expect(page.body).toContain('7 Receipt Close');
    expect(page.body).toContain(owner.email);
    expect(page.body).toContain('Balance due');
    expect(page.body).toContain('No refunds.');
    // The shop's contacts from the settings.
    const store = await shop.services.content.getStoreInfo();
    expect(page.body).toContain(store.email);
    // The tracking page and the dashboard link to it.
    const tracking = await client.get(`/track-order?id=${trackingNumber}`);
    expect(tracking.body).toContain(`href="/track-order/${trackingNumber}/receipt"`);
    const dashboard = await client.get('/dashboard?tab=orders');
    expect(dashboard.body).toContain(`href="/track-order/${trackingNumber}/receipt"`);
  });

  it('shows anyone else with the tracking number only the public shape; unknown and unpaid are one 404', async () => {
    const { trackingNumber, number } = await ownersPaidOrder();
    for (const who of [guest(), clients.customer, clients.staff]) {
      const page = await who.get(`/track-order/${trackingNumber}/receipt`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(number);
      expect(page.body).toContain('Ifeoma');
      for (const secret of PRIVATE) expect(page.body).not.toContain(secret);
      const pdf = await who.get(`/track-order/${trackingNumber}/receipt.pdf`);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(number);
      for (const secret of PRIVATE) expect(text).not.toContain(secret);
    }
    const unpaid = await placeCardOrder(guest());
    const unknown = await guest().get('/track-order/CH000000000000/receipt');
    const notPaid = await guest().get(`/track-order/${unpaid.trackingNumber}/receipt`);
    expect(unknown.statusCode).toBe(404);
    expect(notPaid.statusCode).toBe(404);
    const words = (body: string) => body.match(/<h1[^>]*>[\s\S]*?<\/h1>[\s\S]{0,400}/)?.[0];
    expect(words(notPaid.body)).toBe(words(unknown.body));
    expect((await guest().get(`/track-order/${unpaid.trackingNumber}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('makes a PDF with the same receipt, as a download', async () => {
    const { client, trackingNumber, number } = await ownersPaidOrder();
    const res = await client.get(`/track-order/${trackingNumber}/receipt.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(res.headers['cache-control']).toMatch(/private, no-store/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      `Receipt ${number}`,
      trackingNumber,
      'Ifeoma Receiptowner',
      '7 Receipt Close',
      'Payments',
      'Balance due',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('opens the admin receipt to staff with orders.view only', async () => {
    const { trackingNumber, number } = await ownersPaidOrder();
    const page = `/admin/orders/${trackingNumber}/receipt`;
    const pdf = `${page}.pdf`;
    expect((await clients.anonymous.get(page)).statusCode).toBe(401);
    expect((await clients.customer.get(page)).statusCode).toBe(403);
    expect((await clients.customer.get(pdf)).statusCode).toBe(403);
    expect((await clients.suspended.get(pdf)).statusCode).toBe(401);
    for (const who of [clients.staff, clients.admin]) {
      const res = await who.get(page);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/private, no-store/);
      expect(res.body).toContain(number);
      expect(res.body).toContain('7 Receipt Close');
      const file = await who.get(pdf);
      expect(file.statusCode).toBe(200);
      expect(pdfText(file.rawPayload)).toContain('7 Receipt Close');
    }
    const detail = await clients.staff.get(`/admin/orders/${trackingNumber}`);
    expect(detail.body).toContain(`href="/admin/orders/${trackingNumber}/receipt"`);
    const unpaid = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    expect((await clients.staff.get(`/admin/orders/${unpaid.trackingNumber}/receipt`)).statusCode).toBe(404);
  });
});

describe('the backfill migration (0023)', () => {
  it('numbers the orders already paid in the order the money came, per Lagos year, and the counters go on', async () => {
    const db = shop.database.db;
    // A shop from before receipts: paid orders, no receipts.
    await db.execute(sql`DELETE FROM receipts`);
    await db.execute(sql`DELETE FROM receipt_counters`);
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../../server/db/migrations/0024_receipts_backfill.sql'),
      'utf8',
    );
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const rows = await queryRows<{
      year: number;
      number: number;
      paid_at: Date | string;
      lagos_year: number;
    }>(
      db,
      sql`SELECT r.year, r.number, o.paid_at,
                 EXTRACT(YEAR FROM o.paid_at AT TIME ZONE 'Africa/Lagos')::int AS lagos_year
          FROM orders o LEFT JOIN receipts r ON r.order_id = o.id AND r.kind = 'order'
          WHERE o.paid_at IS NOT NULL ORDER BY o.paid_at, o.id`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const byYear = new Map<number, number[]>();
    for (const r of rows) {
      expect(Number(r.year)).toBe(Number(r.lagos_year));
      byYear.set(Number(r.year), [...(byYear.get(Number(r.year)) ?? []), Number(r.number)]);
    }
    // In paid_at order the numbers run 1, 2, 3… within each year.
    for (const numbers of byYear.values()) expect(gapless(numbers)).toBe(true);
    expect([...byYear.keys()].sort()).toContain(2032);

    // The next payment goes on from the year's last number.
    const year = lagosYear();
    const before = byYear.get(year)?.length ?? 0;
    const client = guest();
    const order = await placeCardOrder(client);
    await sandboxPay(client, order.reference);
    expect(await receiptOf(order.trackingNumber)).toBe(`CH-${year}-${String(before + 1).padStart(6, '0')}`);
  });
});
