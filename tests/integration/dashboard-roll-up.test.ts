// The dashboard's daily roll-ups (ADR 028) against the orders themselves. After orders are placed,
// paid, confirmed, moved on, cancelled after payment, moved across Lagos midnight and their
// product deleted — through HTTP and the real services, and many at once (on PostgreSQL the
// changes run in parallel transactions) — order_daily_totals, product_daily_sales and product_monthly_sales hold
// exactly what a recomputation from orders and order_lines gives by core/periods.ts's rules, and
// the dashboard's year agrees with the same figures added up from the orders alone.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTED_ORDER_STATUSES,
  NOT_REVENUE_STATUSES,
  PENDING_ACTION_STATUSES,
  periodRange,
} from '#core/periods.ts';
import { queryRows } from '#server/db/client.ts';
import { products } from '#server/db/schema/catalog.ts';
import { orders } from '#server/db/schema/orders.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let staff: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { payments: { sandboxSecret: 'b'.repeat(64) } } });
  ({ staff } = await clientPerRole(shop, 'Roll-up'));
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const list = (values: readonly string[]) => sql.raw(quoted(values));
const PAID = sql.raw(
  `(o.status NOT IN (${quoted(NOT_REVENUE_STATUSES)}) AND (o.paid_at IS NOT NULL OR (o.payment_method = 'pay_on_delivery' AND o.status = 'delivered')))`,
);

type DayRow = { day: string; revenue: number; paid: number; orders: number; pending: number };
type SalesRow = {
  day: string;
  product_id: number | null;
  product_name: string;
  units: number;
  revenue: number;
};

const asNumbers = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v instanceof Date ? v.toISOString() : v,
      ]),
    ),
  );

/** The roll-ups as kept (rows emptied by a change are left at zero: they add nothing). */
async function rolledUp() {
  const db = shop.database.db;
  const days = await queryRows<DayRow>(
    db,
    sql`SELECT day::text AS day, revenue_kobo AS revenue, paid_orders AS paid, orders, pending_orders AS pending
      FROM order_daily_totals
      WHERE revenue_kobo <> 0 OR paid_orders <> 0 OR orders <> 0 OR pending_orders <> 0 ORDER BY day`,
  );
  const sales = await queryRows<SalesRow>(
    db,
    sql`SELECT day::text AS day, product_id, product_name, units, revenue_kobo AS revenue FROM product_daily_sales
      WHERE units <> 0 OR revenue_kobo <> 0 ORDER BY day, product_id NULLS LAST, product_name`,
  );
  const months = await queryRows<SalesRow>(
    db,
    sql`SELECT month::text AS day, product_id, product_name, units, revenue_kobo AS revenue FROM product_monthly_sales
      WHERE units <> 0 OR revenue_kobo <> 0 ORDER BY month, product_id NULLS LAST, product_name`,
  );
  return { days: asNumbers(days), sales: asNumbers(sales), months: asNumbers(months) };
}

/** The same figures, recomputed from the orders and their lines. */
async function recomputed() {
  const db = shop.database.db;
  const days = await queryRows<DayRow>(
    db,
    sql`SELECT (o.created_at AT TIME ZONE 'Africa/Lagos')::date::text AS day,
        coalesce(sum(o.total_kobo) FILTER (WHERE ${PAID}), 0)::bigint AS revenue,
        count(*) FILTER (WHERE ${PAID})::int AS paid,
        count(*) FILTER (WHERE o.status IN (${list(COUNTED_ORDER_STATUSES)}))::int AS orders,
        count(*) FILTER (WHERE o.status IN (${list(PENDING_ACTION_STATUSES)}))::int AS pending
      FROM orders o GROUP BY 1
      HAVING count(*) FILTER (WHERE ${PAID} OR o.status IN (${list(COUNTED_ORDER_STATUSES)})) > 0
      ORDER BY 1`,
  );
  const sales = await queryRows<SalesRow>(
    db,
    sql`SELECT (o.created_at AT TIME ZONE 'Africa/Lagos')::date::text AS day, l.product_id, l.product_name,
        sum(l.quantity)::int AS units, sum(l.total_kobo)::bigint AS revenue
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE ${PAID}
      GROUP BY 1, 2, 3 ORDER BY 1, 2 NULLS LAST, 3`,
  );
  const months = await queryRows<SalesRow>(
    db,
    sql`SELECT date_trunc('month', o.created_at AT TIME ZONE 'Africa/Lagos')::date::text AS day, l.product_id,
        l.product_name, sum(l.quantity)::int AS units, sum(l.total_kobo)::bigint AS revenue
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE ${PAID}
      GROUP BY 1, 2, 3 ORDER BY 1, 2 NULLS LAST, 3`,
  );
  return { days: asNumbers(days), sales: asNumbers(sales), months: asNumbers(months) };
}

async function moveTo(orderId: number, at: Date) {
  await shop.database.db.update(orders).set({ createdAt: at }).where(eq(orders.id, orderId));
}

const lagos = (isoLocal: string) => new Date(`${isoLocal}+01:00`);

describe('the dashboard roll-ups', () => {
  it('hold what the orders say after payments, moves, cancellations, day changes and a deleted product', async () => {
    const db = shop.database.db;
    const gone = await createProduct(db, {
      name: 'Soon Gone',
      variants: [{ priceKobo: 700_000, stock: 20 }],
    });
    const kept = await createProduct(db, {
      name: 'Kept Wig',
      variants: [{ priceKobo: 1_300_000, stock: 50 }],
    });
    const both = [{ variantId: gone.variants[0]!.id }, { variantId: kept.variants[0]!.id, quantity: 2 }];

    const transfer = await createOrder(shop, { paymentMethod: 'bank_transfer', lines: both });
    const card = await createOrder(shop, { paymentMethod: 'online', status: 'placed', lines: both });
    const pod = await createOrder(shop, { lines: both });
    // Delivering a pay-on-delivery order records its money (ADR 029); a shipped one waits for staff.
    const delivered = await createOrder(shop, { status: 'delivered', lines: both });
    const shipped = await createOrder(shop, { status: 'shipped', lines: both });
    const refunded = await createOrder(shop, { paymentMethod: 'online', status: 'confirmed', lines: both });
    await createOrder(shop, { paymentMethod: 'online', status: 'payment_failed', lines: both });
    // Either side of a Lagos midnight, and a year back.
    await moveTo(card.order.id, lagos('2026-02-28T23:30:00'));
    await moveTo(delivered.order.id, lagos('2026-03-01T00:30:00'));
    await moveTo(refunded.order.id, lagos('2025-06-15T12:00:00'));
    expect(await rolledUp()).toEqual(await recomputed());

    // Staff confirm the transfer, move the pay-on-delivery order on, cancel the paid card order,
    // confirm the money the courier collected for the shipped one.
    expect(
      (await staff.post(`/admin/orders/${transfer.trackingNumber}`, { intent: 'confirm-payment' }))
        .statusCode,
    ).toBe(302);
    expect(
      (await staff.post(`/admin/orders/${pod.trackingNumber}`, { intent: 'status', status: 'confirmed' }))
        .statusCode,
    ).toBe(302);
    expect(
      (await staff.post(`/admin/orders/${refunded.trackingNumber}`, { intent: 'cancel', note: 'Refunded' }))
        .statusCode,
    ).toBe(302);
    expect(
      (await staff.post(`/admin/orders/${shipped.trackingNumber}`, { intent: 'confirm-payment' })).statusCode,
    ).toBe(302);
    // The order moves back across midnight; the product goes and its lines keep its name.
    await moveTo(card.order.id, lagos('2026-03-01T00:10:00'));
    await db.delete(products).where(eq(products.id, gone.id));

    const after = await rolledUp();
    expect(after).toEqual(await recomputed());
    expect(after.sales.some((s) => s.product_id === null && s.product_name === 'Soon Gone')).toBe(true);
    expect(after.days.some((d) => d.day === '2025-06-15')).toBe(true);
  });

  it('stay exact when many orders are placed, paid and cancelled at once', async () => {
    const product = await createProduct(shop.database.db, {
      name: 'Busy Bundle',
      variants: [{ priceKobo: 900_000, stock: 200 }],
    });
    const lines = [{ variantId: product.variants[0]!.id, quantity: 2 }];
    const transfers = await Promise.all(
      Array.from({ length: 12 }, () => createOrder(shop, { paymentMethod: 'bank_transfer', lines })),
    );
    // At once: confirm every transfer, cancel half of them straight after, place more orders.
    const confirmed = await Promise.all(
      transfers.map((t) => staff.post(`/admin/orders/${t.trackingNumber}`, { intent: 'confirm-payment' })),
    );
    expect(confirmed.map((r) => r.statusCode)).toEqual(transfers.map(() => 302));
    const results = await Promise.all([
      ...transfers
        .slice(0, 6)
        .map((t) => staff.post(`/admin/orders/${t.trackingNumber}`, { intent: 'cancel', note: 'At once' })),
      ...transfers
        .slice(6)
        .map((t) =>
          staff.post(`/admin/orders/${t.trackingNumber}`, { intent: 'status', status: 'packaged' }),
        ),
      ...Array.from({ length: 6 }, () => createOrder(shop, { status: 'delivered', lines })),
    ]);
    for (const r of results) if ('statusCode' in r) expect(r.statusCode).toBe(302);
    expect(await rolledUp()).toEqual(await recomputed());
  });

  it('give the dashboard the figures the orders alone give, whole days and the day so far', async () => {
    const now = new Date();
    const figures = await shop.services.analytics.dashboard('year', now);
    const range = periodRange('year', now);
    const [raw] = await queryRows<{ revenue: string; orders: number; pending: number }>(
      shop.database.db,
      sql`SELECT coalesce(sum(o.total_kobo) FILTER (WHERE ${PAID}), 0)::bigint AS revenue,
          count(*) FILTER (WHERE o.status IN (${list(COUNTED_ORDER_STATUSES)}))::int AS orders,
          count(*) FILTER (WHERE o.status IN (${list(PENDING_ACTION_STATUSES)}))::int AS pending
        FROM orders o
        WHERE o.created_at >= ${range.start.toISOString()}::timestamptz AND o.created_at < ${range.end.toISOString()}::timestamptz`,
    );
    expect(figures.revenue.current).toBe(Number(raw!.revenue));
    expect(figures.orders.current).toBe(raw!.orders);
    expect(figures.pending.current).toBe(raw!.pending);
    expect(figures.chart.points.reduce((sum, p) => sum + p.revenueKobo, 0)).toBe(Number(raw!.revenue));
    expect(figures.revenue.current).toBeGreaterThan(0);
  });
});
