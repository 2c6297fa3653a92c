// The admin dashboard's figures, worked out by hand on fixture orders placed through the real
// services and moved in time (a direct UPDATE of created_at): orders at 23:30 and 00:30 Lagos
// time fall on either side of midnight (00:30 Lagos on 1 March is still 28 February in UTC),
// paid, unpaid, cancelled after payment, failed. The service is asked at a fixed "now"; the page
// (at the real now) is checked on orders placed around today's Lagos midnight.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '#core/money.ts';
import { periodRange } from '#core/periods.ts';
import { users } from '#server/db/schema/accounts.ts';
import { orders } from '#server/db/schema/orders.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder, type OrderOverrides } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
const clients = {} as Record<'anonymous' | 'customer' | 'staff' | 'admin', TestClient>;
const ids: Record<string, string> = {};

/** Sunday 1 March 2026, 23:59 in Lagos (22:59 UTC). */
const NOW = new Date('2026-03-01T22:59:00Z');
/** A Lagos wall-clock time as an instant (Lagos is UTC+1). */
const lagos = (isoLocal: string) => new Date(`${isoLocal}+01:00`);

const A_PRICE = 1_000_000; // ₦10,000
const B_PRICE = 2_500_000; // ₦25,000

async function placeAt(at: Date, overrides: OrderOverrides) {
  const created = await createOrder(shop, overrides);
  await shop.database.db.update(orders).set({ createdAt: at }).where(eq(orders.id, created.order.id));
  return created;
}

let a: number;
let b: number;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const db = shop.database.db;
  const early = new Date('2026-01-01T00:00:00Z');
  a = (
    await createProduct(db, {
      name: 'Product A',
      createdAt: early,
      variants: [{ priceKobo: A_PRICE, stock: 50 }],
    })
  ).variants[0]!.id;
  b = (
    await createProduct(db, {
      name: 'Product B',
      createdAt: early,
      variants: [{ priceKobo: B_PRICE, stock: 50 }],
    })
  ).variants[0]!.id;
  // Low on stock (3 ≤ 5), and new on 1 March.
  await createProduct(db, {
    name: 'Product C',
    createdAt: lagos('2026-03-01T10:00:00'),
    variants: [{ stock: 3 }],
  });
  // Not on sale: neither a product nor low stock.
  await createProduct(db, { name: 'Product D', isActive: false, variants: [{ stock: 1 }] });

  // Either side of midnight, 28 February → 1 March, Lagos time.
  ids.a1 = (
    await placeAt(lagos('2026-02-28T23:30:00'), {
      lines: [{ variantId: a, quantity: 2 }],
      paymentMethod: 'online',
      status: 'placed',
    })
  ).trackingNumber;
  ids.b1 = (
    await placeAt(lagos('2026-03-01T00:30:00'), {
      lines: [{ variantId: b }],
      paymentMethod: 'bank_transfer',
      status: 'placed',
    })
  ).trackingNumber;
  // Unpaid transfer: an order waiting for staff, no revenue.
  await placeAt(lagos('2026-03-01T10:00:00'), { lines: [{ variantId: a }], paymentMethod: 'bank_transfer' });
  // Paid, then cancelled (the money goes back): an order, not revenue.
  await placeAt(lagos('2026-03-01T11:00:00'), {
    lines: [{ variantId: b }],
    paymentMethod: 'online',
    steps: [{ status: 'placed' }, { status: 'cancelled' }],
  });
  // Pay on delivery, not delivered: waiting for staff, nothing paid yet.
  await placeAt(lagos('2026-03-01T12:00:00'), { lines: [{ variantId: a, quantity: 3 }] });
  // Pay on delivery, delivered: paid at the door.
  ids.f1 = (
    await placeAt(lagos('2026-03-01T13:00:00'), {
      lines: [{ variantId: a }, { variantId: b }],
      status: 'delivered',
    })
  ).trackingNumber;
  // A card payment that failed: not an order at all.
  await placeAt(lagos('2026-03-01T14:00:00'), {
    lines: [{ variantId: b }],
    paymentMethod: 'online',
    status: 'payment_failed',
  });
  // Earlier this year, and last year's same stretch.
  await placeAt(lagos('2026-02-10T12:00:00'), {
    lines: [{ variantId: b, quantity: 2 }],
    paymentMethod: 'online',
    status: 'delivered',
  });
  await placeAt(lagos('2025-02-15T12:00:00'), {
    lines: [{ variantId: a }],
    paymentMethod: 'online',
    status: 'delivered',
  });

  // Customers either side of midnight.
  for (const at of [lagos('2026-03-01T00:30:00'), lagos('2026-02-28T23:30:00')]) {
    const c = await createUser(db);
    await db.update(users).set({ createdAt: at }).where(eq(users.id, c.id));
  }

  clients.anonymous = new TestClient(shop.app);
  const customer = await createUser(db, { name: 'The customer' });
  clients.customer = new TestClient(shop.app);
  const res = await clients.customer.post('/auth', {
    intent: 'signin',
    email: customer.email,
    password: TEST_PASSWORD,
  });
  expect(res.statusCode).toBe(302);
  for (const role of ['staff', 'admin'] as const) {
    const user = await createUser(db, { role, name: `The ${role}` });
    clients[role] = (await signInAndEnrol(shop.app, user)).client;
  }
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe('the figures, by hand', () => {
  it('today (1 March): 00:30 Lagos counts, 23:30 the evening before is yesterday’s', async () => {
    const f = await shop.services.analytics.dashboard('today', NOW);
    // B1 (transfer confirmed) + F1 (delivered on pay-on-delivery); not the cancelled or unpaid ones.
    expect(f.revenue).toEqual({ current: B_PRICE + A_PRICE + B_PRICE, previous: 2 * A_PRICE });
    // B1, the unpaid transfer, the cancelled one, the undelivered POD, F1; not the failed card.
    expect(f.orders).toEqual({ current: 5, previous: 1 });
    expect(f.customers).toEqual({ current: 1, previous: 1 });
    expect(f.products).toEqual({ current: 3, previous: 2 });
    // Waiting now: A1 and B1 (placed), the unpaid transfer, the undelivered POD.
    expect(f.pending).toEqual({ now: 4, current: 3, previous: 1 });
    expect(f.lowStock).toEqual({ now: 1, threshold: 5 });
    expect(f.range).toMatchObject({ from: '2026-03-01', to: '2026-03-01', previousFrom: '2026-02-28' });
    // The chart: 24 hours of 1 March, B1 in its first hour, F1 at 13:00.
    expect(f.chart.points).toHaveLength(24);
    const nonZero = f.chart.points
      .filter((p) => p.revenueKobo > 0)
      .map((p) => [p.key, p.revenueKobo, p.orders]);
    expect(nonZero).toEqual([
      ['2026-03-01T00', B_PRICE, 1],
      ['2026-03-01T13', A_PRICE + B_PRICE, 1],
    ]);
    expect(f.topByUnits.map((t) => [t.name, t.units, t.revenueKobo])).toEqual([
      ['Product B', 2, 2 * B_PRICE],
      ['Product A', 1, A_PRICE],
    ]);
    expect(f.topByRevenue.map((t) => t.name)).toEqual(['Product B', 'Product A']);
  });

  it('week (Monday 23 February to Sunday 1 March) against a week with nothing', async () => {
    const f = await shop.services.analytics.dashboard('week', NOW);
    expect(f.revenue).toEqual({ current: 2 * A_PRICE + B_PRICE + A_PRICE + B_PRICE, previous: 0 });
    expect(f.orders).toEqual({ current: 6, previous: 0 });
    expect(f.chart.points.map((p) => p.revenueKobo)).toEqual([
      0,
      0,
      0,
      0,
      0,
      2 * A_PRICE,
      2 * B_PRICE + A_PRICE,
    ]);
  });

  it('month (March so far): the 00:30 order is March’s though it is February in UTC', async () => {
    const f = await shop.services.analytics.dashboard('month', NOW);
    expect(f.revenue).toEqual({ current: 2 * B_PRICE + A_PRICE, previous: 0 });
    expect(f.chart.points.map((p) => [p.key, p.revenueKobo])).toEqual([
      ['2026-03-01', 2 * B_PRICE + A_PRICE],
    ]);
  });

  it('year, by month, against the same stretch of last year', async () => {
    const f = await shop.services.analytics.dashboard('year', NOW);
    const february = 2 * A_PRICE + 2 * B_PRICE;
    const march = 2 * B_PRICE + A_PRICE;
    expect(f.revenue).toEqual({ current: february + march, previous: A_PRICE });
    expect(f.orders).toEqual({ current: 7, previous: 1 });
    expect(f.chart.points.map((p) => [p.key, p.revenueKobo])).toEqual([
      ['2026-01', 0],
      ['2026-02', february],
      ['2026-03', march],
    ]);
    // B: B1, F1 and two in February; A: two in A1 and one in F1.
    expect(f.topByUnits.map((t) => [t.name, t.units])).toEqual([
      ['Product B', 4],
      ['Product A', 3],
    ]);
  });

  it('recent orders: the newest ten, newest first', async () => {
    const f = await shop.services.analytics.dashboard('today', NOW);
    expect(f.recentOrders).toHaveLength(9);
    expect(f.recentOrders[0]!.createdAt).toBe(lagos('2026-03-01T14:00:00').toISOString());
    expect(f.recentOrders.find((o) => o.trackingNumber === ids.f1)).toMatchObject({
      items: 2,
      status: 'delivered',
    });
  });
});

/** A figure card's figure as the owner reads it: the card is the link in "The period’s figures"
 * whose text starts with its label; its figure is the first `<data>` in it (the value it shows). */
function card(html: string, label: string): string {
  const list = html.match(/<ul[^>]*aria-label="The period’s figures"[\s\S]*?<\/ul>/)?.[0];
  if (!list) throw new Error('No figure cards in the page');
  const text = (s: string) => s.replace(/<[^>]*>/g, '').trim();
  const cards = [...list.matchAll(/<a[^>]*>([\s\S]*?)<\/a>/g)].map((m) => m[1]!);
  const link = cards.find((c) => new RegExp(`^${label}\\s*[₦\\d]`).test(text(c)));
  if (!link) throw new Error(`No card labelled ${label} in the page`);
  const value = link.match(/<data value="(\d+)"[^>]*>([^<]*)<\/data>/);
  if (!value) throw new Error(`No figure on the ${label} card`);
  return value[2]!;
}

describe('the page', () => {
  it('shows today’s figures in Lagos time, with the chart and links to the lists behind them', async () => {
    // Two delivered pay-on-delivery orders around today's Lagos midnight.
    const now = new Date();
    const today = periodRange('today', now);
    const before = new Date(today.start.getTime() - 30 * 60_000);
    const after = new Date(Math.min(today.start.getTime() + 30 * 60_000, now.getTime() - 1000));
    await placeAt(before, { lines: [{ variantId: b }], status: 'delivered' });
    const inside = await placeAt(after, { lines: [{ variantId: a, quantity: 2 }], status: 'delivered' });

    const res = await clients.staff.get('/admin/dashboard?period=today');
    expect(res.statusCode).toBe(200);
    expect(card(res.body, 'Revenue')).toBe(formatPrice(2 * A_PRICE));
    expect(card(res.body, 'Orders')).toBe('1');
    expect(card(res.body, 'Pending orders')).toBe('4');
    expect(card(res.body, 'Products on sale')).toBe('3');
    expect(card(res.body, 'Low stock')).toBe('1');
    expect(res.body).toMatch(
      /<svg[^>]*role="img"[^>]*aria-labelledby="revenue-chart-title revenue-chart-summary"/,
    );
    expect(res.body).toContain(`/admin/orders/${inside.trackingNumber}`);
    expect(res.body).toContain(
      `href="/admin/orders?status=awaiting_transfer&amp;status=placed&amp;status=confirmed&amp;status=packaged"`,
    );
    expect(res.body).toContain(`from=${today.from}&amp;to=${today.to}`);
    expect(res.body).toContain('href="/admin/products?stock=low"');
    expect(res.body).toMatch(/aria-current="page"[^>]*>Today</);
  });

  it('opens on the month, and takes any period in the URL', async () => {
    const month = await clients.admin.get('/admin/dashboard');
    expect(month.statusCode).toBe(200);
    expect(month.body).toMatch(/aria-current="page"[^>]*>Month</);
    const year = await clients.admin.get('/admin/dashboard?period=year');
    expect(year.body).toMatch(/aria-current="page"[^>]*>Year</);
    expect(year.body).toMatch(/Revenue by (<!-- -->)?month/);
  });

  it('is for staff and admins only', async () => {
    expect((await clients.anonymous.get('/admin/dashboard')).statusCode).toBe(401);
    const customer = await clients.customer.get('/admin/dashboard');
    expect(customer.statusCode).toBe(403);
    expect(customer.body).not.toContain('id="dashboard-title"');
  });
});
