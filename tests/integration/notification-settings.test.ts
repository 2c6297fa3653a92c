// The dashboard's three notification checkboxes (issue 14, ADR 037) are stored and obeyed: an
// account that unticked "order updates" hears nothing of its order's progress (confirmed, shipped,
// delivered) but still gets its receipt, its payment confirmation and its password mail; ticked
// again, it hears of the next move. Back in stock and promotional mail: back-in-stock.test.ts and
// abandoned-cart.test.ts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole, signedInClient } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  admin = (await clientPerRole(shop, 'Notify')).admin;
}, 60_000);
afterAll(async () => {
  await shop.close();
});

/** Saves the settings form as a browser without JavaScript posts it (unticked boxes are absent). */
async function saveSettings(
  client: TestClient,
  ticked: { orders: boolean; promotions: boolean; backInStock: boolean },
) {
  const res = await client.post('/dashboard?tab=settings', {
    intent: 'notifications',
    notifyOrderUpdates: ticked.orders ? 'on' : undefined,
    notifyPromotions: ticked.promotions ? 'on' : undefined,
    notifyBackInStock: ticked.backInStock ? 'on' : undefined,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
}

async function stored(userId: number) {
  const [row] = await queryRows<Record<string, boolean>>(
    shop.database.db,
    sql`SELECT notify_order_updates, notify_promotions, notify_back_in_stock FROM users WHERE id = ${userId}`,
  );
  return row;
}

async function move(trackingNumber: string, status: string) {
  const res = await admin.post(`/admin/orders/${trackingNumber}`, { intent: 'status', status });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
}

describe('the notification checkboxes', () => {
  it('are stored as ticked and unticked, and shown so', async () => {
    const user = await createUser(shop.database.db);
    const client = await signedInClient(shop, user.email);
    await saveSettings(client, { orders: false, promotions: true, backInStock: true });
    expect(await stored(user.id)).toEqual({
      notify_order_updates: false,
      notify_promotions: true,
      notify_back_in_stock: true,
    });
    const page = (await client.get('/dashboard?tab=settings')).body;
    expect(page).toMatch(/name="notifyOrderUpdates"(?![^>]*checked)/);
    expect(page).toMatch(/name="notifyPromotions"[^>]*checked|checked[^>]*name="notifyPromotions"/);
    await saveSettings(client, { orders: true, promotions: false, backInStock: false });
    expect(await stored(user.id)).toEqual({
      notify_order_updates: true,
      notify_promotions: false,
      notify_back_in_stock: false,
    });
  });

  it('order updates unticked: no progress emails, but the receipt, the payment confirmation and password mail still come', async () => {
    const user = await createUser(shop.database.db);
    const client = await signedInClient(shop, user.email);
    await saveSettings(client, { orders: false, promotions: true, backInStock: false });
    const { trackingNumber } = await createOrder(shop, {
      account: { id: user.id, email: user.email },
      paymentMethod: 'bank_transfer',
    });
    const subjects = async () => (await shop.mailTo(user.email)).map((m) => m.subject);
    // The order's own email (how to pay) is a receipt: always sent.
    expect((await subjects()).filter((s) => s.includes(trackingNumber))).toEqual([
      `Order ${trackingNumber}: complete your bank transfer`,
    ]);
    // Staff see the money arrive: the payment confirmation is always sent.
    const confirmed = await admin.post(`/admin/orders/${trackingNumber}`, { intent: 'confirm-payment' });
    expect(confirmed.statusCode, confirmed.body.slice(0, 300)).toBe(302);
    expect(await subjects()).toContain(`Your Crown Hair order ${trackingNumber} has been confirmed`);
    // Progress after that is an order update: none.
    const before = (await subjects()).length;
    await move(trackingNumber, 'packaged');
    await move(trackingNumber, 'shipped');
    expect((await subjects()).length).toBe(before);
    // A password reset is security mail: always sent.
    const reset = await client.post('/auth/forgot-password', { email: user.email });
    expect(reset.statusCode).toBeLessThan(400);
    expect((await subjects()).some((s) => /password/i.test(s))).toBe(true);
    // Ticked again: the next move is emailed.
    await saveSettings(client, { orders: true, promotions: true, backInStock: false });
    await move(trackingNumber, 'delivered');
    expect(await subjects()).toContain(`Your Crown Hair order ${trackingNumber} has been delivered`);
  });

  it('order updates ticked (the default): each move is emailed', async () => {
    const user = await createUser(shop.database.db);
    const { trackingNumber } = await createOrder(shop, {
      account: { id: user.id, email: user.email },
      paymentMethod: 'pay_on_delivery',
    });
    await move(trackingNumber, 'confirmed');
    await move(trackingNumber, 'packaged');
    const subjects = (await shop.mailTo(user.email)).map((m) => m.subject);
    expect(subjects).toContain(`Your Crown Hair order ${trackingNumber} has been confirmed`);
    expect(subjects).toContain(`Your Crown Hair order ${trackingNumber} has been packaged`);
  });
});
