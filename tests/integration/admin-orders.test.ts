// The admin orders screens over HTTP: finding orders (search by tracking number and phone,
// filters in the URL, Lagos days), the per-row selector offering only the allowed next steps,
// bulk moves, the detail page's actions (notes kept from the shopper, offline payments, cancel
// returning stock once, resend) each answered with a one-time toast, refusals that keep what was
// typed, a status move that says an offline order's money arrived (confirmed once, however many
// staff click), the streamed CSV, the staff email for a new paid order, and who may do what.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderFiltersFrom } from '#core/contract/admin-orders.ts';
import { formatPrice } from '#core/money.ts';
import { queryRows } from '#server/db/client.ts';
import { auditEvents } from '#server/db/schema/audit.ts';
import { productVariants } from '#server/db/schema/catalog.ts';
import { orders } from '#server/db/schema/orders.ts';
import { payments } from '#server/db/schema/payments.ts';
import { ordersCsvStream } from '#server/modules/orders/admin-orders.csv.ts';
import type { OrderExportRow } from '#server/modules/orders/admin-orders.service.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const STAFF_INBOX = 'owner@crownhair.ng';

let shop: TestShop;
const clients = {} as Record<'anonymous' | 'customer' | 'staff' | 'admin', TestClient>;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { payments: { sandboxSecret: 'a'.repeat(64), staffOrderEmails: [STAFF_INBOX] } },
  });
  Object.assign(clients, await clientPerRole(shop, 'Orders'));
}, 60_000);
afterAll(async () => {
  await shop.close();
});

async function orderRow(trackingNumber: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.trackingNumber, trackingNumber));
  return row!;
}

async function stockOf(variantId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

/** The options of a row's next-status selector on the list page. */
function nextOptions(html: string, trackingNumber: string): string[] {
  const row = rowOf(html, trackingNumber);
  const select = row.match(/<select[^>]*name="status"[\s\S]*?<\/select>/)?.[0] ?? '';
  return [...select.matchAll(/<option[^>]*value="([a-z_]+)"/g)].map((m) => m[1]!);
}

/** The orders the list shows, in its order: each row's "Select order CH…" box names its order. */
function listed(html: string): string[] {
  return [...html.matchAll(/aria-label="Select order (CH\d+)"/g)].map((m) => m[1]!);
}

/** The list's row of an order (the table row holding its "Select order" box); fails when absent. */
function rowOf(html: string, trackingNumber = 'CH\\d+'): string {
  const rows = html.match(/<tr[\s\S]*?<\/tr>/g) ?? [];
  const row = rows.find((r) => new RegExp(`aria-label="Select order ${trackingNumber}"`).test(r));
  if (!row) throw new Error(`No row of order ${trackingNumber} in the list`);
  return row;
}

/** The toasts a page renders (server-side, from the one-time flash cookie). */
function toastsIn(html: string): string[] {
  return [...html.matchAll(/data-toast=""[\s\S]*?<p[^>]*>(?:<span[^>]*>[^<]*<\/span>)?([\s\S]*?)<\/p>/g)].map(
    (m) => m[1]!.replace(/<!-- -->/g, ''),
  );
}

/**
 * Follows an action's redirect: the page it lands on shows `message` as a toast once, and a
 * reload does not.
 */
async function expectToastOnce(
  client: TestClient,
  res: { statusCode: number; headers: Record<string, unknown> },
  message: string | RegExp,
) {
  expect(res.statusCode).toBe(302);
  const location = res.headers.location as string;
  const landed = await client.get(location);
  expect(landed.statusCode).toBe(200);
  expect(landed.headers['cache-control']).toContain('no-store');
  const shown = toastsIn(landed.body);
  expect(shown).toHaveLength(1);
  if (typeof message === 'string') expect(shown[0]).toBe(message);
  else expect(shown[0]).toMatch(message);
  const reloaded = await client.get(location);
  expect(toastsIn(reloaded.body)).toEqual([]);
  return { location, page: landed };
}

/** Posts a form with repeated fields (the bulk form's ticked rows) as `client`, keeping its cookies. */
async function postForm(client: TestClient, url: string, body: URLSearchParams) {
  const res = await shop.app.inject({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  for (const c of res.cookies as { name: string; value: string }[]) client.cookies.set(c.name, c.value);
  return res;
}

async function paymentOf(trackingNumber: string) {
  const row = await orderRow(trackingNumber);
  const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));
  return payment!;
}

async function auditActions(trackingNumber: string): Promise<string[]> {
  const events = await shop.services.audit.list({ subjectType: 'order', subjectId: trackingNumber });
  return events.map((e) => e.action);
}

async function historyOf(trackingNumber: string): Promise<string[]> {
  const row = await orderRow(trackingNumber);
  const rows = await queryRows<{ status: string }>(
    shop.database.db,
    sql`SELECT status FROM order_status_history WHERE order_id = ${row.id} ORDER BY id`,
  );
  return rows.map((r) => r.status);
}

/** Mail for one order in an inbox (the staff's, or the shopper's). */
async function mailAbout(to: string, trackingNumber: string) {
  return (await shop.mailTo(to)).filter((m) => m.subject.includes(trackingNumber));
}

describe('who may see and change orders', () => {
  it('refuses anonymous visitors and customers on every orders page, the CSV and the actions', async () => {
    const { trackingNumber } = await createOrder(shop);
    for (const path of ['/admin/orders', `/admin/orders/${trackingNumber}`, '/admin/orders.csv']) {
      expect((await clients.anonymous.get(path)).statusCode, path).toBe(401);
      expect((await clients.customer.get(path)).statusCode, path).toBe(403);
      expect((await clients.staff.get(path)).statusCode, path).toBe(200);
      expect((await clients.admin.get(path)).statusCode, path).toBe(200);
    }
    const slip = `/admin/orders/${trackingNumber}/packing-slip`;
    expect((await clients.anonymous.get(slip)).statusCode).toBe(401);
    expect((await clients.customer.get(slip)).statusCode).toBe(403);
    const slipPage = await clients.staff.get(slip);
    expect(slipPage.statusCode).toBe(200);
    expect(slipPage.body).toContain('Packing slip');
    expect(slipPage.body).toContain('14 Allen Avenue');

    const post = await clients.customer.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'confirmed',
    });
    expect(post.statusCode).toBe(403);
    expect((await orderRow(trackingNumber)).status).toBe('placed');
  });

  it('lets only an admin correct a status outside the transitions, with a reason', async () => {
    const { trackingNumber } = await createOrder(shop, { status: 'delivered' });
    const staffTry = await clients.staff.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'shipped',
      correction: 'true',
      note: 'Courier brought it back',
    });
    expect(staffTry.statusCode).toBe(403);
    const detail = await clients.staff.get(`/admin/orders/${trackingNumber}`);
    expect(detail.body).not.toContain('Correct the status (admin)');

    const noReason = await clients.admin.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'shipped',
      correction: 'true',
      note: '',
    });
    expect(noReason.statusCode).toBe(400);
    const corrected = await clients.admin.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'shipped',
      correction: 'true',
      note: 'Courier brought it back',
    });
    expect(corrected.statusCode).toBe(302);
    expect((await orderRow(trackingNumber)).status).toBe('shipped');
    const events = await shop.services.audit.list({ subjectType: 'order', subjectId: trackingNumber });
    expect(events[0]).toMatchObject({
      action: 'order.status_corrected',
      details: { before: { status: 'delivered' }, after: { status: 'shipped' } },
    });
  });
});

describe('finding orders', () => {
  it('finds an order by its tracking number (any case, spaces) and by a phone written any way', async () => {
    const product = await createProduct(shop.database.db, { variants: [{}, {}] });
    const target = await createOrder(shop, {
      form: { phone: '0905 555 1234', shipName: 'Zainab Phoneowner' },
      lines: [
        { variantId: product.variants[0]!.id, quantity: 2 },
        { variantId: product.variants[1]!.id, quantity: 3 },
      ],
    });
    const other = await createOrder(shop);
    const byNumber = await clients.staff.get(
      `/admin/orders?q=${encodeURIComponent(target.trackingNumber.toLowerCase().replace(/^ch/, 'ch '))}`,
    );
    expect(listed(byNumber.body)).toEqual([target.trackingNumber]);
    for (const phone of ['09055551234', '+234 905 555 1234', '234-905-555-1234']) {
      const res = await clients.staff.get(`/admin/orders?q=${encodeURIComponent(phone)}`);
      expect(listed(res.body), phone).toEqual([target.trackingNumber]);
    }
    const byName = await clients.staff.get('/admin/orders?q=phoneowner');
    expect(listed(byName.body)).toEqual([target.trackingNumber]);
    // Items: the units of both lines.
    const row = rowOf(byName.body);
    expect(row, row).toMatch(/<td[^>]*text-right[^>]*>5<\/td>/);
    expect(listed(byName.body)).not.toContain(other.trackingNumber);
  });

  it('filters by status (repeatable), payment method and Lagos days, all kept in the URL', async () => {
    const email = `filters-${Date.now()}@example.ng`;
    const confirmed = await createOrder(shop, { email, status: 'confirmed' });
    const shipped = await createOrder(shop, { email, status: 'shipped' });
    const transfer = await createOrder(shop, { email, paymentMethod: 'bank_transfer' });
    const res = await clients.staff.get(
      `/admin/orders?q=${encodeURIComponent(email)}&status=confirmed&status=shipped&sort=oldest`,
    );
    expect(listed(res.body)).toEqual([confirmed.trackingNumber, shipped.trackingNumber]);
    // The form shows the filters it came from, and the CSV link carries them.
    expect(res.body).toMatch(/<input(?=[^>]*value="confirmed")(?=[^>]*checked)[^>]*>/);
    expect(res.body).toContain('href="/admin/orders.csv?q=');
    const byMethod = await clients.staff.get(
      `/admin/orders?q=${encodeURIComponent(email)}&method=bank_transfer`,
    );
    expect(listed(byMethod.body)).toEqual([transfer.trackingNumber]);

    // 22:30 UTC is 23:30 on 1 March in Lagos; 23:30 UTC is already 00:30 on 2 March.
    await shop.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-01T22:30:00Z') })
      .where(eq(orders.trackingNumber, confirmed.trackingNumber));
    await shop.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-01T23:30:00Z') })
      .where(eq(orders.trackingNumber, shipped.trackingNumber));
    const q = encodeURIComponent(email);
    const first = await clients.staff.get(`/admin/orders?q=${q}&from=2026-03-01&to=2026-03-01`);
    expect(listed(first.body)).toEqual([confirmed.trackingNumber]);
    const second = await clients.staff.get(`/admin/orders?q=${q}&from=2026-03-02&to=2026-03-02`);
    expect(listed(second.body)).toEqual([shipped.trackingNumber]);
    const nonsense = await clients.staff.get(`/admin/orders?q=${q}&status=lost&from=yesterday&page=-3`);
    expect(nonsense.statusCode).toBe(200);
    expect(listed(nonsense.body)).toHaveLength(3);
  });

  it('shows an empty state when nothing matches', async () => {
    const res = await clients.staff.get('/admin/orders?q=nobody-at-all-here');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No orders match these filters');
  });
});

describe('moving orders on from the list', () => {
  it('offers each row only its allowed next statuses and refuses any other', async () => {
    const placed = await createOrder(shop, { form: { shipName: 'Row Selector' } });
    const delivered = await createOrder(shop, { form: { shipName: 'Row Selector' }, status: 'delivered' });
    const page = await clients.staff.get('/admin/orders?q=Row%20Selector');
    expect(nextOptions(page.body, placed.trackingNumber)).toEqual(['confirmed', 'cancelled']);
    expect(nextOptions(page.body, delivered.trackingNumber)).toEqual([]);

    const refused = await clients.staff.post('/admin/orders?q=Row%20Selector', {
      intent: 'status',
      trackingNumber: placed.trackingNumber,
      status: 'shipped',
    });
    expect(refused.statusCode).toBe(409);
    // The refusal names the row it is about.
    expect(refused.body).toContain(
      `Order ${placed.trackingNumber}: An order that is placed cannot become shipped`,
    );
    expect((await orderRow(placed.trackingNumber)).status).toBe('placed');

    const moved = await clients.staff.post('/admin/orders?q=Row%20Selector', {
      intent: 'status',
      trackingNumber: placed.trackingNumber,
      status: 'confirmed',
    });
    expect(moved.headers.location).toBe('/admin/orders?q=Row+Selector'); // the list as it was
    expect((await orderRow(placed.trackingNumber)).status).toBe('confirmed');
    await expectToastOnce(
      clients.staff,
      moved,
      `Order ${placed.trackingNumber} moved on. The shopper has been emailed.`,
    );
  });

  it('moves the selected orders in bulk where allowed and says which were refused', async () => {
    const a = await createOrder(shop);
    const b = await createOrder(shop);
    const done = await createOrder(shop, { status: 'delivered' });
    const body = new URLSearchParams({ intent: 'bulk', status: 'confirmed' });
    for (const o of [a, b, done]) body.append('trackingNumbers', o.trackingNumber);
    const res = await postForm(clients.staff, '/admin/orders?sort=oldest', body);
    expect(res.headers.location).toBe('/admin/orders?sort=oldest');
    expect((await orderRow(a.trackingNumber)).status).toBe('confirmed');
    expect((await orderRow(b.trackingNumber)).status).toBe('confirmed');
    expect((await orderRow(done.trackingNumber)).status).toBe('delivered');
    await expectToastOnce(
      clients.staff,
      res,
      `2 orders moved. Not moved (not an allowed next step): ${done.trackingNumber}.`,
    );
    // Nothing ticked: a 400 on the list itself, not a crash.
    const none = await postForm(
      clients.staff,
      '/admin/orders',
      new URLSearchParams({ intent: 'bulk', status: 'confirmed' }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Select at least one order.');
  });
});

describe('the order detail page', () => {
  it('shows lines, totals, contact, payment record and history with who moved it', async () => {
    const { trackingNumber, order } = await createOrder(shop, { status: 'confirmed' });
    const res = await clients.staff.get(`/admin/orders/${trackingNumber.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Amaka Buyer');
    expect(res.body).toContain('14 Allen Avenue');
    expect(res.body).toContain(`${trackingNumber}-POD`);
    expect(res.body).toContain('Factory Staff');
    expect(res.body).toMatch(new RegExp(`<dt[^>]*>Total</dt><dd[^>]*>${formatPrice(order.totalKobo)}<`));
  });

  it('keeps internal notes from the shopper and records them', async () => {
    const { trackingNumber } = await createOrder(shop);
    const res = await clients.staff.post(`/admin/orders/${trackingNumber}`, {
      intent: 'note',
      body: 'Customer asked for a discreet parcel',
    });
    expect(res.statusCode).toBe(302);
    const page = await clients.staff.get(res.headers.location as string);
    expect(page.body).toContain('Customer asked for a discreet parcel');
    expect(page.body).toContain('Note added.');
    const tracking = await clients.anonymous.get(`/api/v1/orders/${trackingNumber}`);
    expect(tracking.body).not.toContain('discreet');
    const trackPage = await clients.anonymous.get(`/track-order?id=${trackingNumber}`);
    expect(trackPage.body).not.toContain('discreet');
    const [event] = await shop.services.audit.list({ subjectType: 'order', subjectId: trackingNumber });
    expect(event).toMatchObject({ action: 'order.note_added' });
    const empty = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'note', body: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('confirms a bank transfer: the order is paid and confirmed, the payment verified, staff told', async () => {
    const { trackingNumber, order } = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    expect(order.status).toBe('awaiting_transfer');
    const res = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'confirm-payment' });
    expect(res.statusCode).toBe(302);
    const row = await orderRow(trackingNumber);
    expect(row.status).toBe('confirmed');
    expect(row.paidAt).not.toBeNull();
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(payment).toMatchObject({ status: 'success' });
    expect(payment!.paidAt).not.toBeNull();
    const events = await shop.services.audit.list({ subjectType: 'order', subjectId: trackingNumber });
    expect(events.map((e) => e.action)).toContain('order.payment_confirmed');
    const staffMail = await shop.mailTo(STAFF_INBOX);
    expect(staffMail.some((m) => m.subject.includes(trackingNumber))).toBe(true);
    // Once is enough.
    const again = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'confirm-payment' });
    expect(again.statusCode).toBe(409);
  });

  it('records pay-on-delivery money collected without moving the status', async () => {
    const { trackingNumber } = await createOrder(shop, { status: 'shipped' });
    const res = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'confirm-payment' });
    await expectToastOnce(clients.staff, res, 'Payment confirmed.');
    const row = await orderRow(trackingNumber);
    expect(row.status).toBe('shipped');
    expect(row.paidAt).not.toBeNull();
    expect(await paymentOf(trackingNumber)).toMatchObject({ status: 'success' });
  });

  it('cancels behind a confirmation step and puts the stock back exactly once', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 10 }] });
    const variantId = product.variants[0]!.id;
    const { trackingNumber } = await createOrder(shop, { lines: [{ variantId, quantity: 3 }] });
    expect(await stockOf(variantId)).toBe(7);
    const page = await clients.staff.get(`/admin/orders/${trackingNumber}`);
    expect(page.body).toMatch(/<details[^>]*><summary[^>]*>Cancel order<\/summary>/);
    const res = await clients.staff.post(`/admin/orders/${trackingNumber}`, {
      intent: 'cancel',
      note: 'Customer changed her mind',
    });
    expect(res.statusCode).toBe(302);
    expect((await orderRow(trackingNumber)).status).toBe('cancelled');
    expect(await stockOf(variantId)).toBe(10);
    const again = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'cancel' });
    expect(again.statusCode).toBe(302); // already cancelled: nothing happens
    const bulk = await clients.staff.post('/admin/orders', {
      intent: 'status',
      trackingNumber,
      status: 'cancelled',
    });
    expect(bulk.statusCode).toBe(302);
    expect(await stockOf(variantId)).toBe(10);
  });

  it('resends the confirmation email, recorded', async () => {
    const email = `resend-${Date.now()}@example.ng`;
    const { trackingNumber } = await createOrder(shop, { email });
    const before = (await shop.mailTo(email)).length;
    const res = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'resend' });
    expect(res.statusCode).toBe(302);
    const mail = await shop.mailTo(email);
    expect(mail).toHaveLength(before + 1);
    expect(mail.some((m) => m.subject.includes(trackingNumber))).toBe(true);
    const events = await shop.services.audit.list({ subjectType: 'order', subjectId: trackingNumber });
    expect(events[0]).toMatchObject({ action: 'order.confirmation_resent' });
  });
});

describe('the CSV export', () => {
  it('exports what the filter shows: BOM, naira amounts, Lagos dates, formula cells defused', async () => {
    const email = `csv-${Date.now()}@example.ng`;
    const evil = await createOrder(shop, { email, form: { shipName: '=HYPERLINK("http://x","Click")' } });
    const plain = await createOrder(shop, {
      email,
      form: { shipName: '@Ngozi -Okafor' },
      status: 'confirmed',
    });
    const other = await createOrder(shop, { email: 'someone-else@example.ng' });
    await shop.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-01T23:30:00Z') })
      .where(eq(orders.trackingNumber, plain.trackingNumber));

    const res = await clients.staff.get(`/admin/orders.csv?q=${encodeURIComponent(email)}&sort=oldest`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="crown-hair-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Tracking number,Date \(Lagos\),Customer,Email/);
    expect(lines).toHaveLength(3);
    const [first, second] = [lines[1]!, lines[2]!];
    expect(first.startsWith(`${plain.trackingNumber},2026-03-02 00:30,'@Ngozi -Okafor,`)).toBe(true);
    expect(first).toContain(`,0803 123 4567,Ikeja,Lagos,1,`);
    expect(second).toContain(`"'=HYPERLINK(""http://x"",""Click"")"`);
    expect(second).toContain(`,${(evil.order.totalKobo / 100).toFixed(2)},`);
    expect(lines.join('\n')).not.toContain(other.trackingNumber);
  });

  it('reads every match once, in order, in keyset batches (the stream pulls one batch at a time)', async () => {
    const email = `batch-${Date.now()}@example.ng`;
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createOrder(shop, { email })).trackingNumber);
    // Same second for all: the keyset must still neither skip nor repeat.
    await shop.database.db.execute(
      sql`UPDATE orders SET created_at = '2026-05-05T10:00:00Z' WHERE email = ${email}`,
    );
    const filters = adminOrderFiltersFrom(new URLSearchParams({ q: email }));
    const seen: string[] = [];
    for await (const batch of shop.services.orders.admin.exportBatches(filters, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      seen.push(...batch.map((r) => r.trackingNumber));
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(made));

    // The stream asks for a batch only when the reader wants more.
    const [sample] = (await shop.services.orders.admin.exportBatches(filters, 1).next()).value!;
    let pulled = 0;
    const fake = {
      async *exportBatches(): AsyncGenerator<OrderExportRow[]> {
        for (let i = 0; i < 1000; i++) {
          pulled++;
          yield [sample!];
        }
      },
    };
    const reader = ordersCsvStream(fake, filters).getReader();
    await reader.read(); // BOM and header
    await reader.read(); // the first batch
    expect(pulled).toBeLessThanOrEqual(2);
    await reader.cancel();
  });
});

describe('the staff email for a new paid order', () => {
  it('goes to STAFF_ORDER_EMAILS when a card payment arrives, in the same transaction', async () => {
    const { trackingNumber } = await createOrder(shop, { paymentMethod: 'online', status: 'placed' });
    const mail = await shop.mailTo(STAFF_INBOX);
    const message = mail.find((m) => m.subject.includes(trackingNumber));
    expect(message?.subject).toMatch(/^New paid order CH\d+: ₦/);
    expect(message?.textBody ?? '').toContain(`/admin/orders/${trackingNumber}`);
    // A pay-on-delivery order is not paid yet: no staff email.
    const pod = await createOrder(shop);
    expect((await shop.mailTo(STAFF_INBOX)).some((m) => m.subject.includes(pod.trackingNumber))).toBe(false);
  });
});

describe('the audit log of a status change', () => {
  it('records who moved an order, before and after, and the history shows the actor', async () => {
    const { trackingNumber } = await createOrder(shop);
    await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'status', status: 'confirmed' });
    const [event] = await shop.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, trackingNumber));
    expect(event).toMatchObject({
      action: 'order.status_changed',
      details: { before: { status: 'placed' }, after: { status: 'confirmed' } },
    });
    const page = await clients.staff.get(`/admin/orders/${trackingNumber}`);
    expect(page.body).toContain('Orders staff');
    expect(page.body).toContain('order.status_changed');
  });
});

describe('what each action says, once', () => {
  it('answers every detail-page action with a toast shown once, on the order page', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 10 }] });
    const { trackingNumber } = await createOrder(shop, {
      paymentMethod: 'bank_transfer',
      lines: [{ variantId: product.variants[0]!.id }],
    });
    const here = `/admin/orders/${trackingNumber}`;
    const post = (fields: Record<string, string>) => clients.staff.post(here, fields);

    const note = await post({ intent: 'note', body: 'Called her about the lace colour' });
    expect(note.headers.location).toBe(here);
    await expectToastOnce(clients.staff, note, 'Note added.');
    await expectToastOnce(clients.staff, await post({ intent: 'confirm-payment' }), 'Payment confirmed.');
    await expectToastOnce(
      clients.staff,
      await post({ intent: 'status', status: 'packaged', note: 'Packed in the gift box' }),
      `Order ${trackingNumber} moved on. The shopper has been emailed.`,
    );
    await expectToastOnce(clients.staff, await post({ intent: 'resend' }), 'Confirmation email sent again.');
    await expectToastOnce(
      clients.staff,
      await post({ intent: 'cancel', note: 'Out of stock at the warehouse' }),
      'Order cancelled. Its items are back on sale.',
    );
    await expectToastOnce(
      clients.staff,
      await post({ intent: 'cancel' }),
      'This order was already cancelled: nothing changed.',
    );
  });

  it('refuses with a clear 4xx that keeps what was typed, for the form that sent it', async () => {
    const { trackingNumber } = await createOrder(shop, { form: { shipName: 'Kept Input' } });
    const here = `/admin/orders/${trackingNumber}`;

    // A move the table does not allow: 409, the message, the note still in its field.
    const refused = await clients.staff.post(here, {
      intent: 'status',
      status: 'shipped',
      note: 'Leave it with the gateman',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('cannot become shipped');
    expect(refused.body).toMatch(/<input[^>]*id="status-note"[^>]*value="Leave it with the gateman"/);
    expect(toastsIn(refused.body)).toEqual([]);

    // An admin's correction without a reason: 400, the correction form open on the chosen status.
    const noReason = await clients.admin.post(here, {
      intent: 'status',
      status: 'shipped',
      correction: 'true',
      note: '',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Say why this correction is needed.');
    expect(noReason.body).toMatch(/<details[^>]*open=""[^>]*>\s*<summary[^>]*>Correct the status \(admin\)/);
    expect(noReason.body).toMatch(/<option value="shipped" selected="">/);

    // A note too long: 400, and the text is still in the box.
    const long = `Tell the rider: ${'x'.repeat(2000)}`;
    const tooLong = await clients.staff.post(here, { intent: 'note', body: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(long);

    // A payment that cannot be confirmed (a card order): 409 on the page, no crash.
    const card = await createOrder(shop, { paymentMethod: 'online', status: 'placed' });
    const cardRefused = await clients.staff.post(`/admin/orders/${card.trackingNumber}`, {
      intent: 'confirm-payment',
    });
    expect(cardRefused.statusCode).toBe(409);
    expect(cardRefused.body).toContain('confirmed by the payment provider');
    expect((await orderRow(trackingNumber)).status).toBe('placed');
  });
});

describe('a status move that says the money arrived', () => {
  it('moving a waiting bank transfer on from the list confirms its payment, exactly as "confirm payment" does', async () => {
    const email = `bt-selector-${Date.now()}@example.ng`;
    const { trackingNumber } = await createOrder(shop, { email, paymentMethod: 'bank_transfer' });
    const page = await clients.staff.get(`/admin/orders?q=${trackingNumber}`);
    expect(nextOptions(page.body, trackingNumber)).toEqual(['placed', 'confirmed', 'cancelled']);
    const detail = await clients.staff.get(`/admin/orders/${trackingNumber}`);
    expect(detail.body).toContain('Moving it on records the bank transfer as received');
    const before = (await mailAbout(email, trackingNumber)).length;

    const res = await clients.staff.post(`/admin/orders?q=${trackingNumber}`, {
      intent: 'status',
      trackingNumber,
      status: 'placed',
    });
    await expectToastOnce(
      clients.staff,
      res,
      `Order ${trackingNumber} moved on. Its payment is recorded as received. The shopper has been emailed.`,
    );
    const row = await orderRow(trackingNumber);
    expect(row).toMatchObject({ status: 'placed', reservedUntil: null });
    expect(row.paidAt).not.toBeNull();
    const payment = await paymentOf(trackingNumber);
    expect(payment).toMatchObject({ status: 'success' });
    expect(payment.paidAt?.getTime()).toBe(row.paidAt!.getTime());
    expect(payment.message).toMatch(/^Confirmed by staff member \d+$/);
    expect(await mailAbout(STAFF_INBOX, trackingNumber)).toHaveLength(1);
    expect(await mailAbout(email, trackingNumber)).toHaveLength(before + 1);
    const [event] = await shop.services.audit.list({ subjectType: 'order', subjectId: trackingNumber });
    expect(event).toMatchObject({
      action: 'order.payment_confirmed',
      ip: '127.0.0.1',
      details: {
        method: 'bank_transfer',
        before: { status: 'awaiting_transfer', paidAt: null },
        after: { status: 'placed' },
      },
    });
    expect(await historyOf(trackingNumber)).toEqual(['awaiting_transfer', 'placed']);

    // Moving on from there is an ordinary move: no second confirmation, no second staff email.
    await clients.staff.post('/admin/orders', { intent: 'status', trackingNumber, status: 'confirmed' });
    expect(await auditActions(trackingNumber)).toEqual(['order.status_changed', 'order.payment_confirmed']);
    expect(await mailAbout(STAFF_INBOX, trackingNumber)).toHaveLength(1);
    // And "confirm payment" now says it is done already.
    const again = await clients.staff.post(`/admin/orders/${trackingNumber}`, { intent: 'confirm-payment' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already recorded as paid');
  });

  it('a bulk move of bank transfers confirms each payment; a pay-on-delivery order delivered is paid', async () => {
    const a = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    const b = await createOrder(shop, { paymentMethod: 'bank_transfer' });
    const body = new URLSearchParams({ intent: 'bulk', status: 'confirmed' });
    for (const o of [a, b]) body.append('trackingNumbers', o.trackingNumber);
    await expectToastOnce(
      clients.staff,
      await postForm(clients.staff, '/admin/orders', body),
      '2 orders moved.',
    );
    for (const o of [a, b]) {
      expect((await orderRow(o.trackingNumber)).paidAt).not.toBeNull();
      expect(await paymentOf(o.trackingNumber)).toMatchObject({ status: 'success' });
      expect(await mailAbout(STAFF_INBOX, o.trackingNumber)).toHaveLength(1);
      expect(await auditActions(o.trackingNumber)).toEqual(['order.payment_confirmed']);
    }

    const pod = await createOrder(shop, { status: 'shipped' });
    expect((await orderRow(pod.trackingNumber)).paidAt).toBeNull();
    const delivered = await clients.staff.post('/admin/orders', {
      intent: 'status',
      trackingNumber: pod.trackingNumber,
      status: 'delivered',
    });
    expect(delivered.statusCode).toBe(302);
    expect((await orderRow(pod.trackingNumber)).paidAt).not.toBeNull();
    expect(await paymentOf(pod.trackingNumber)).toMatchObject({ status: 'success' });
    expect(await mailAbout(STAFF_INBOX, pod.trackingNumber)).toHaveLength(1);
    expect((await auditActions(pod.trackingNumber))[0]).toBe('order.payment_confirmed');
  });

  it('applies once when two staff move the same bank transfer at the same moment', async () => {
    const email = `bt-race-${Date.now()}@example.ng`;
    const { trackingNumber } = await createOrder(shop, { email, paymentMethod: 'bank_transfer' });
    const before = (await mailAbout(email, trackingNumber)).length;
    const [one, two, three] = await Promise.all([
      clients.staff.post('/admin/orders', { intent: 'status', trackingNumber, status: 'confirmed' }),
      clients.admin.post('/admin/orders', { intent: 'status', trackingNumber, status: 'confirmed' }),
      clients.admin.post(`/admin/orders/${trackingNumber}`, { intent: 'confirm-payment' }),
    ]);
    // Whoever came first moved it; the others found it moved (or paid) and changed nothing.
    expect([one.statusCode, two.statusCode]).toEqual([302, 302]);
    expect([302, 409]).toContain(three.statusCode);
    const row = await orderRow(trackingNumber);
    expect(row.status).toBe('confirmed');
    expect(await historyOf(trackingNumber)).toEqual(['awaiting_transfer', 'confirmed']);
    expect(await auditActions(trackingNumber)).toEqual(['order.payment_confirmed']);
    expect(await paymentOf(trackingNumber)).toMatchObject({ status: 'success' });
    expect(await mailAbout(STAFF_INBOX, trackingNumber)).toHaveLength(1);
    expect(await mailAbout(email, trackingNumber)).toHaveLength(before + 1);
  });
});
