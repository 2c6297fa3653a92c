// The sample customers and orders: enough of them, every status and way to pay, totals that
// priceBasket agrees with, histories that walk the allowed steps, the same data on every seed,
// nobody who can sign in or receive mail, and none of it without the sample data.
import { asc, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIGERIAN_STATES, normalizeNigerianPhone } from '#core/nigeria.ts';
import { canTransition, ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS } from '#core/order-status.ts';
import { discountPerLine, priceBasket } from '#core/pricing.ts';
import { type Db, queryRows } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { orderLines, orderStatusHistory, orders } from '#server/db/schema/orders.ts';
import { payments } from '#server/db/schema/payments.ts';
import { discounts } from '#server/db/schema/promotions.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { verifyPassword } from '#server/platform/auth/password.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { SAMPLE_CUSTOMER_COUNT, SAMPLE_PASSWORD_HASH, sampleCustomers } from './sample-customers.ts';
import { sampleOrders } from './sample-orders.ts';
import { sampleVariants } from './sample-shop.ts';
import { seedSampleData } from './seed.ts';

const NOW = new Date('2026-11-20T09:30:00Z');
const YEAR = 366 * 86_400_000;

let shop: TestShop;
let twin: TestShop;

async function seeded(): Promise<TestShop> {
  const s = await createTestShop();
  const loaded = await seedSampleData({
    db: s.database.db,
    media: s.services.media,
    log: s.log,
    promoCodes: true,
    now: NOW,
  });
  expect(loaded).toBe(true);
  return s;
}

beforeAll(async () => {
  shop = await seeded();
  twin = await seeded();
}, 300_000);
afterAll(async () => {
  await shop?.close();
  await twin?.close();
});

async function snapshot(db: Db) {
  return {
    users: await db.select().from(users).where(like(users.email, '%@example.com')).orderBy(asc(users.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    history: await db.select().from(orderStatusHistory).orderBy(asc(orderStatusHistory.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
  };
}

describe('sample customers', () => {
  it('are at least 25 Nigerians with valid phones, states and reserved addresses, two suspended', async () => {
    const rows = await shop.database.db.select().from(users).where(eq(users.role, 'customer'));
    expect(rows.length).toBe(SAMPLE_CUSTOMER_COUNT);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const u of rows) {
      expect(u.email).toMatch(/^[a-z.]+\d+@example\.com$/);
      expect(normalizeNigerianPhone(u.phone!)).toBe(u.phone);
      expect(NIGERIAN_STATES).toContain(u.addressState);
      expect(u.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - YEAR);
      expect(u.createdAt.getTime()).toBeLessThan(NOW.getTime());
    }
    expect(rows.filter((u) => !u.isActive)).toHaveLength(2);
    expect(new Set(rows.map((u) => u.email)).size).toBe(rows.length);
  });

  it('cannot be signed in to with any password', async () => {
    const [someone] = await shop.database.db.select().from(users).where(eq(users.role, 'customer')).limit(1);
    expect(someone!.passwordHash).toBe(SAMPLE_PASSWORD_HASH);
    expect(await verifyPassword(someone!.passwordHash, '')).toBe(false);
    await expect(
      shop.services.accounts.signIn(
        { email: someone!.email, password: 'Lekki-Demo-2026' },
        { ip: '198.51.100.7', userAgent: 'test' },
      ),
    ).rejects.toThrow(/email or password/i);
  });
});

describe('sample orders', () => {
  it('are at least 200 over the past twelve months, in every status and way to pay', async () => {
    const rows = await shop.database.db.select().from(orders);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    // Every status and way to pay but Pay small-small's (no sample plans: ADR 099).
    expect(new Set(rows.map((o) => o.status))).toEqual(
      new Set(ORDER_STATUSES.filter((s) => s !== 'on_layaway')),
    );
    expect(new Set(rows.map((o) => o.paymentMethod))).toEqual(
      new Set(PAYMENT_METHODS.filter((m) => m !== 'layaway')),
    );
    for (const o of rows) {
      expect(o.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - YEAR);
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(o.email).toMatch(/@example\.com$/);
      if (o.paymentMethod === 'pay_on_delivery') expect(['Lagos', 'FCT (Abuja)']).toContain(o.shipState);
    }
    // Spread over the year: orders in at least ten of the last twelve months.
    const months = new Set(rows.map((o) => o.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    // Most belong to the sample customers; some are guests'.
    const guests = rows.filter((o) => o.userId === null).length;
    expect(guests).toBeGreaterThan(0);
    expect(guests).toBeLessThan(rows.length / 2);
  });

  it('add up as priceBasket says, line by line and with the sample promo codes', async () => {
    const db = shop.database.db;
    const rows = await db.select().from(orders);
    const lines = await db.select().from(orderLines).orderBy(asc(orderLines.id));
    const codes = new Map((await db.select().from(discounts)).map((d) => [d.id, d]));
    let withPromo = 0;
    for (const o of rows) {
      const own = lines.filter((l) => l.orderId === o.id);
      expect(own.length).toBeGreaterThan(0);
      const pricing = own.map((l) => ({
        productId: l.productId!,
        categorySlug: '',
        unitPriceKobo: l.unitPriceKobo,
        quantity: l.quantity,
      }));
      const code = o.discountId === null ? null : codes.get(o.discountId)!;
      if (code) {
        withPromo += 1;
        expect(own.map((l) => l.discountKobo)).toEqual(
          discountPerLine({ ...code, type: 'percentage', scope: 'global' }, pricing),
        );
      }
      const totals = priceBasket(pricing, {
        discountPerLine: own.map((l) => l.discountKobo),
        deliveryFeeKobo: o.deliveryFeeKobo,
      });
      expect(totals.subtotalKobo).toBe(o.subtotalKobo);
      expect(totals.discountKobo).toBe(o.discountKobo);
      expect(totals.totalKobo).toBe(o.totalKobo);
      expect(totals.lines.map((l) => l.totalKobo)).toEqual(own.map((l) => l.totalKobo));
    }
    expect(withPromo).toBeGreaterThan(0);
  });

  it('have histories along the allowed steps, payments that match and holds still running', async () => {
    const db = shop.database.db;
    const rows = await db.select().from(orders);
    const history = await db.select().from(orderStatusHistory).orderBy(asc(orderStatusHistory.id));
    const paymentRows = await db.select().from(payments);
    for (const o of rows) {
      const steps = history.filter((h) => h.orderId === o.id);
      expect(steps.at(-1)!.status).toBe(o.status);
      for (const [i, h] of steps.entries()) {
        expect(h.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        if (i === 0) continue;
        const from = steps[i - 1]!.status as OrderStatus;
        const to = h.status as OrderStatus;
        // The payment provider's own steps, or staff's along ORDER_TRANSITIONS.
        const providers = from === 'pending_payment' && (to === 'placed' || to === 'payment_failed');
        expect(providers || canTransition(from, to), `${o.trackingNumber}: ${from} → ${to}`).toBe(true);
        expect(h.createdAt.getTime()).toBeGreaterThanOrEqual(steps[i - 1]!.createdAt.getTime());
      }
      const payment = paymentRows.filter((p) => p.orderId === o.id);
      expect(payment).toHaveLength(1);
      expect(payment[0]!.amountKobo).toBe(o.totalKobo);
      expect(payment[0]!.status === 'success').toBe(o.paidAt !== null);
      const ended = o.status === 'cancelled' || o.status === 'payment_failed';
      expect(o.stockReleasedAt !== null).toBe(ended);
      if (o.reservedUntil) expect(o.reservedUntil.getTime()).toBeGreaterThan(NOW.getTime());
    }
    // Paid and then cancelled (refunded), and delivered pay-on-delivery orders paid at the door.
    expect(rows.some((o) => o.status === 'cancelled' && o.paidAt !== null)).toBe(true);
    expect(
      rows.some((o) => o.paymentMethod === 'pay_on_delivery' && o.status === 'delivered' && o.paidAt),
    ).toBe(true);
  });
});

describe('sample reviews', () => {
  it('are by buyers of delivered orders, mostly approved, several on the popular products, a few pending', async () => {
    const db = shop.database.db;
    const rows = await queryRows<{ status: string; n: number }>(
      db,
      sql`SELECT status, count(*)::int AS n FROM reviews GROUP BY status ORDER BY status`,
    );
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    expect(byStatus.approved).toBeGreaterThanOrEqual(30);
    expect(byStatus.pending).toBeGreaterThanOrEqual(1);
    // Every review's order is the author's own and was delivered, with that product in it.
    const unverified = await queryRows<{ id: number }>(
      db,
      sql`SELECT r.id FROM reviews r
          WHERE NOT EXISTS (SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id
                            WHERE o.id = r.order_id AND o.user_id = r.user_id AND o.status = 'delivered'
                              AND l.product_id = r.product_id)`,
    );
    expect(unverified).toEqual([]);
    // The best-reviewed product has several, and its figures match its approved reviews.
    const [top] = await queryRows<{
      id: number;
      rating_count: number;
      rating_total: number;
      n: number;
      total: number;
    }>(
      db,
      sql`SELECT p.id, p.rating_count, p.rating_total, count(r.id)::int AS n, coalesce(sum(r.rating), 0)::int AS total
          FROM products p LEFT JOIN reviews r ON r.product_id = p.id AND r.status = 'approved'
          GROUP BY p.id ORDER BY n DESC LIMIT 1`,
    );
    expect(top!.n).toBeGreaterThanOrEqual(4);
    expect([top!.rating_count, top!.rating_total]).toEqual([top!.n, top!.total]);
  });
});

describe('sample support tickets', () => {
  it('are a few, from customers about their own orders and from guests, in every status, some answered', async () => {
    const db = shop.database.db;
    const rows = await queryRows<{ status: string; guest: boolean; own_order: boolean; replies: number }>(
      db,
      sql`SELECT t.status, t.user_id IS NULL AS guest,
                 (t.order_id IS NULL OR EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id
                   AND (o.user_id = t.user_id OR (t.user_id IS NULL AND lower(o.email) = lower(t.email))))) AS own_order,
                 (SELECT count(*)::int FROM support_messages m WHERE m.ticket_id = t.id AND m.author_kind = 'staff' AND NOT m.internal) AS replies
          FROM support_tickets t ORDER BY t.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'in-progress', 'resolved']));
    expect(rows.some((r) => r.guest)).toBe(true);
    expect(rows.some((r) => !r.guest)).toBe(true);
    expect(rows.every((r) => r.own_order)).toBe(true);
    expect(rows.some((r) => r.replies > 0)).toBe(true);
  });
});

describe('the sample data', () => {
  it('is the same on every seed', async () => {
    expect(await snapshot(twin.database.db)).toEqual(await snapshot(shop.database.db));
    const variants = await sampleVariants(shop.database.db);
    const buyers = sampleCustomers(NOW).map((c, index) => ({ ...c, index }));
    const once = sampleOrders({ now: NOW, variants, buyers, promos: [] });
    expect(sampleOrders({ now: NOW, variants, buyers, promos: [] })).toEqual(once);
    expect(sampleCustomers(NOW)).toEqual(sampleCustomers(NOW));
  });

  it('is not there with the reference data alone', async () => {
    const bare = await createTestShop();
    try {
      const [o] = await bare.database.db.select({ n: count() }).from(orders);
      const [u] = await bare.database.db.select({ n: count() }).from(users);
      expect(o?.n).toBe(0);
      expect(u?.n).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
