// The admin dashboard's figures for a period (ADR 025): every number an SQL aggregate over the
// shop's tables, in Lagos time, with the same stretch of the previous period beside it.
import {
  type BucketUnit,
  type DashboardPeriod,
  type PeriodRange,
  periodBuckets,
  periodRange,
  splitAtLagosDays,
} from '#core/periods.ts';
import type { Db } from '#server/db/client.ts';
import {
  activeProducts,
  lowStockVariants,
  newCustomers,
  orderFigures,
  pendingOrdersNow,
  recentOrders,
  refundsByBucket,
  revenueByBucket,
  salesByProduct,
  type TopProductRow,
} from './analytics.repository.ts';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export interface Compared {
  current: number;
  previous: number;
}

export interface DashboardFigures {
  period: DashboardPeriod;
  range: Pick<PeriodRange, 'from' | 'to' | 'previousFrom' | 'previousTo' | 'unit'>;
  /** Paid orders' totals, kobo. */
  revenue: Compared;
  /** Orders placed (everything but card payments that never arrived). */
  orders: Compared;
  /** New customer accounts. */
  customers: Compared;
  /** Products on sale now, against those already on sale when the period began. */
  products: Compared;
  /** Orders waiting for staff now; of them, placed in this period and in the previous one. */
  pending: { now: number } & Compared;
  /** Variants with `threshold` units or fewer (no stock history: now only). */
  lowStock: { now: number; threshold: number };
  chart: { unit: BucketUnit; points: { key: string; label: string; revenueKobo: number; orders: number }[] };
  recentOrders: {
    trackingNumber: string;
    createdAt: string;
    customer: string;
    items: number;
    totalKobo: number;
    status: string;
    paymentMethod: string;
  }[];
  topByUnits: { productId: number | null; name: string; units: number; revenueKobo: number }[];
  topByRevenue: { productId: number | null; name: string; units: number; revenueKobo: number }[];
}

const TOP = 5;

/** The best five by one measure, the other breaking ties, then the name. */
function top(rows: readonly TopProductRow[], by: 'units' | 'revenueKobo'): TopProductRow[] {
  const other = by === 'units' ? 'revenueKobo' : 'units';
  return [...rows]
    .sort((a, b) => b[by] - a[by] || b[other] - a[other] || a.name.localeCompare(b.name))
    .slice(0, TOP);
}

export function createAnalyticsService(deps: {
  db: Db;
  /** The low-stock line: a number, or the owner's setting read on each dashboard (default 5). */
  lowStockThreshold?: number | (() => Promise<number>);
}) {
  const { db } = deps;
  const setting = deps.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const lowStockThreshold = async () => (typeof setting === 'number' ? setting : setting());
  return {
    lowStockThreshold,

    /** Everything the dashboard shows for `period`, as of `now`. */
    async dashboard(period: DashboardPeriod, now = new Date()): Promise<DashboardFigures> {
      const threshold = await lowStockThreshold();
      const range = periodRange(period, now);
      const current = { start: range.start, end: range.end };
      const previous = { start: range.previousStart, end: range.previousEnd };
      // Whole Lagos days from the roll-ups, part-days from the orders (ADR 028); an hourly chart
      // reads its stretch (today, never a whole day) from the orders alone.
      const currentSplit = splitAtLagosDays(current.start, current.end);
      const previousSplit = splitAtLagosDays(previous.start, previous.end);
      const chartSplit =
        range.unit === 'hour'
          ? { fromDay: currentSplit.fromDay, toDay: currentSplit.fromDay, edges: [current] }
          : currentSplit;
      const [
        thisStretch,
        lastStretch,
        pendingNow,
        customers,
        catalog,
        lowStock,
        byBucket,
        recent,
        sales,
        refundedNow,
        refundedBefore,
        refundedByBucket,
      ] = await Promise.all([
        orderFigures(db, currentSplit),
        orderFigures(db, previousSplit),
        pendingOrdersNow(db),
        newCustomers(db, current, previous),
        activeProducts(db, range.start),
        lowStockVariants(db, threshold),
        revenueByBucket(db, chartSplit, range.unit),
        recentOrders(db, 10),
        salesByProduct(db, currentSplit),
        // Revenue is net of processed refunds (ADR 097).
        refundsByBucket(db, currentSplit, 'day'),
        refundsByBucket(db, previousSplit, 'day'),
        refundsByBucket(db, chartSplit, range.unit),
      ]);
      const sumOf = (rows: { refundedKobo: number }[]) => rows.reduce((a, r) => a + r.refundedKobo, 0);
      thisStretch.revenueKobo -= sumOf(refundedNow);
      lastStretch.revenueKobo -= sumOf(refundedBefore);
      const refundedIn = new Map(refundedByBucket.map((r) => [r.key, r.refundedKobo]));
      for (const b of byBucket) b.revenueKobo -= refundedIn.get(b.key) ?? 0;
      const figures = { current: thisStretch, previous: lastStretch };
      const sums = new Map(byBucket.map((b) => [b.key, b]));
      return {
        period,
        range: {
          from: range.from,
          to: range.to,
          previousFrom: range.previousFrom,
          previousTo: range.previousTo,
          unit: range.unit,
        },
        revenue: { current: figures.current.revenueKobo, previous: figures.previous.revenueKobo },
        orders: { current: figures.current.orders, previous: figures.previous.orders },
        customers,
        products: { current: catalog.now, previous: catalog.before },
        pending: { now: pendingNow, current: figures.current.pending, previous: figures.previous.pending },
        lowStock: { now: lowStock, threshold },
        chart: {
          unit: range.unit,
          points: periodBuckets(range).map((b) => ({
            key: b.key,
            label: b.label,
            revenueKobo: sums.get(b.key)?.revenueKobo ?? 0,
            orders: sums.get(b.key)?.orders ?? 0,
          })),
        },
        recentOrders: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        topByUnits: top(sales, 'units'),
        topByRevenue: top(sales, 'revenueKobo'),
      };
    },
  };
}
