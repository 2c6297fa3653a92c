// The admin dashboard (/admin/dashboard): the period's figures against the same stretch of the
// period before, each card a link to the list behind it, the revenue chart (server-drawn SVG
// with a table of its figures), recent orders and the best sellers. Works without JavaScript:
// the period selector is plain links (?period=).
import {
  AlertTriangle,
  ArrowDownRight,
  ArrowUpRight,
  Banknote,
  Clock,
  Package,
  ShoppingBag,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '#core/money.ts';
import { type OrderStatus, STATUS_LABELS } from '#core/order-status.ts';
import {
  type Change,
  COUNTED_ORDER_STATUSES,
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  PENDING_ACTION_STATUSES,
  PERIOD_LABELS,
  PREVIOUS_PERIOD_LABELS,
  percentChange,
} from '#core/periods.ts';
import type { DashboardFigures } from '#server/modules/analytics/analytics.service.ts';
import { LaunchCard } from '../launch/launch-card.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import type { RevenueChartGeometry } from './revenue-chart.server.ts';

export interface DashboardPageProps {
  name: string;
  figures: DashboardFigures;
  chart: RevenueChartGeometry;
  /** The same chart drawn at a phone's width (shown below 640 px). */
  phoneChart?: RevenueChartGeometry;
  /** The launch checklist's progress (admins, until every step is done; ADR 071). */
  launch?: { done: number; total: number } | null;
}

/** The orders list filtered as a card counts (the orders screen's URL shape). */
export function ordersHref(filter: {
  statuses?: readonly OrderStatus[];
  from?: string;
  to?: string;
}): string {
  const params = new URLSearchParams();
  for (const s of filter.statuses ?? []) params.append('status', s);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  const query = params.toString();
  return query ? `/admin/orders?${query}` : '/admin/orders';
}

const PAID_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'packaged', 'shipped', 'delivered'];

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

const count = new Intl.NumberFormat('en-NG');

export function DashboardPage({ name, figures, chart, phoneChart, launch }: DashboardPageProps) {
  const pending = usePendingHere();
  const { period, range } = figures;
  const previous = PREVIOUS_PERIOD_LABELS[period];
  return (
    <section aria-labelledby="dashboard-title" data-testid="admin-dashboard">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="dashboard-title" className="font-display text-3xl font-semibold">
            Dashboard
          </h1>
          <p className="mt-1 text-sm text-muted">
            Welcome, {name.split(' ')[0]}. {PERIOD_LABELS[period]} in Lagos time ({range.from}
            {range.to !== range.from ? ` to ${range.to}` : ''}), against the same stretch of {previous}.
          </p>
        </div>
        <PeriodSelector current={period} />
      </div>
      {launch && launch.done < launch.total ? <LaunchCard done={launch.done} total={launch.total} /> : null}
      <PendingRegion pending={pending} label="Loading the figures…">
        <ul
          className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
          data-testid="dashboard-cards"
        >
          <Card
            testId="card-revenue"
            icon={<Banknote className="h-5 w-5" aria-hidden="true" />}
            label="Revenue"
            value={formatPrice(figures.revenue.current)}
            note="Paid orders; cancelled and failed ones left out"
            change={percentChange(figures.revenue.current, figures.revenue.previous)}
            previous={`${formatPrice(figures.revenue.previous)} ${previous}`}
            href={ordersHref({ statuses: PAID_STATUSES, from: range.from, to: range.to })}
          />
          <Card
            testId="card-orders"
            icon={<ShoppingBag className="h-5 w-5" aria-hidden="true" />}
            label="Orders"
            value={count.format(figures.orders.current)}
            note="Placed, except card payments never completed"
            change={percentChange(figures.orders.current, figures.orders.previous)}
            previous={`${count.format(figures.orders.previous)} ${previous}`}
            href={ordersHref({ statuses: COUNTED_ORDER_STATUSES, from: range.from, to: range.to })}
          />
          <Card
            testId="card-customers"
            icon={<Users className="h-5 w-5" aria-hidden="true" />}
            label="New customers"
            value={count.format(figures.customers.current)}
            note="Customer accounts opened"
            change={percentChange(figures.customers.current, figures.customers.previous)}
            previous={`${count.format(figures.customers.previous)} ${previous}`}
            href={`/admin/users?${new URLSearchParams({ role: 'customer', joinedFrom: range.from, joinedTo: range.to })}`}
          />
          <Card
            testId="card-products"
            icon={<Package className="h-5 w-5" aria-hidden="true" />}
            label="Products on sale"
            value={count.format(figures.products.current)}
            note="Active products now"
            change={percentChange(figures.products.current, figures.products.previous)}
            previous={`${count.format(figures.products.previous)} when the period began`}
            href="/admin/products"
          />
          <Card
            testId="card-pending"
            icon={<Clock className="h-5 w-5" aria-hidden="true" />}
            label="Pending orders"
            value={count.format(figures.pending.now)}
            note="Need action now: awaiting transfer, placed or not yet shipped"
            change={percentChange(figures.pending.current, figures.pending.previous)}
            previous={`${count.format(figures.pending.current)} placed in the period, ${count.format(figures.pending.previous)} ${previous}`}
            href={ordersHref({ statuses: PENDING_ACTION_STATUSES })}
          />
          <Card
            testId="card-low-stock"
            icon={<AlertTriangle className="h-5 w-5" aria-hidden="true" />}
            label="Low stock"
            value={count.format(figures.lowStock.now)}
            note={`Variants with ${figures.lowStock.threshold} or fewer left`}
            change={null}
            previous="Stock keeps no history: now only"
            href="/admin/products?stock=low"
          />
        </ul>

        <RevenueChart figures={figures} chart={chart} phoneChart={phoneChart ?? chart} />

        <div className="mt-8 grid gap-6">
          <RecentOrders orders={figures.recentOrders} />
          <div className="grid min-w-0 gap-6 sm:grid-cols-2">
            <TopProducts
              title="Top sellers by units"
              testId="top-units"
              rows={figures.topByUnits}
              by="units"
            />
            <TopProducts
              title="Top sellers by revenue"
              testId="top-revenue"
              rows={figures.topByRevenue}
              by="revenue"
            />
          </div>
        </div>
      </PendingRegion>
    </section>
  );
}

const PERIOD_NAMES: Record<DashboardPeriod, string> = {
  today: 'Today',
  week: 'Week',
  month: 'Month',
  year: 'Year',
};

function PeriodSelector({ current }: { current: DashboardPeriod }) {
  return (
    <nav aria-label="Period">
      <ul className="inline-flex rounded-lg bg-white p-1 shadow-sm">
        {DASHBOARD_PERIODS.map((p) => (
          <li key={p}>
            <Link
              to={`?period=${p}`}
              aria-current={p === current ? 'page' : undefined}
              preventScrollReset
              className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${
                p === current ? 'bg-plum-800 text-white' : 'hover:bg-plum-50'
              }`}
            >
              {PERIOD_NAMES[p]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ChangeBadge({ change }: { change: Change }) {
  if (change.kind === 'same') return <span className="text-muted">No change</span>;
  if (change.kind === 'new') return <span className="font-semibold text-plum-800">New</span>;
  const up = change.kind === 'up';
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={`inline-flex items-center gap-1 font-semibold ${up ? 'text-ok' : 'text-sale'}`}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      <span>
        <span className="sr-only">{up ? 'Up' : 'Down'} </span>
        {change.percent}%
      </span>
    </span>
  );
}

function Card(props: {
  testId: string;
  icon: ReactNode;
  label: string;
  value: string;
  note: string;
  change: Change | null;
  previous: string;
  href: string;
}) {
  return (
    <li>
      <Link
        to={props.href}
        className="flex h-full flex-col gap-1 rounded-xl bg-white p-4 shadow-sm outline-offset-2 hover:ring-2 hover:ring-plum-100 focus-visible:ring-2"
        data-testid={props.testId}
      >
        <span className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-muted">
          {props.icon} {props.label}
        </span>
        <span className="text-2xl font-semibold" data-testid="card-value">
          {props.value}
        </span>
        <span className="text-xs text-muted">{props.note}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 text-sm" data-testid="card-change">
          {props.change ? <ChangeBadge change={props.change} /> : null}
          <span className="text-muted">{props.previous}</span>
        </span>
      </Link>
    </li>
  );
}

function RevenueChart({
  figures,
  chart,
  phoneChart,
}: {
  figures: DashboardFigures;
  chart: RevenueChartGeometry;
  phoneChart: RevenueChartGeometry;
}) {
  const points = figures.chart.points;
  const best = points.reduce((a, b) => (b.revenueKobo > a.revenueKobo ? b : a), points[0]!);
  const unit = figures.chart.unit === 'hour' ? 'hour' : figures.chart.unit === 'day' ? 'day' : 'month';
  const summary =
    figures.revenue.current === 0
      ? 'No paid orders yet in this period.'
      : `${formatPrice(figures.revenue.current)} in ${points.length} ${unit}s; the best ${unit} was ${best.label} with ${formatPrice(best.revenueKobo)}.`;
  return (
    <section className="mt-8 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="revenue-chart-title">
      <h2 id="revenue-chart-title" className="font-display text-xl font-semibold">
        Revenue by {unit}
      </h2>
      <p className="text-sm text-muted" id="revenue-chart-summary">
        {summary}
      </p>
      {/* Drawn twice, for a phone's width and a laptop's, so the whole chart fits the screen with
          its words at a readable size; the other one is display:none (hidden from everyone). */}
      <div className="mt-3 sm:hidden">
        <ChartSvg chart={phoneChart} />
      </div>
      <div className="mt-3 hidden sm:block">
        <ChartSvg chart={chart} />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">The chart’s figures as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left" data-testid="revenue-table">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  {unit[0]!.toUpperCase() + unit.slice(1)}
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  Revenue
                </th>
                <th scope="col" className="py-1 text-right">
                  Paid orders
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.key} className="border-t border-ink/5">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {p.label}
                  </th>
                  <td className="py-1 pr-4 text-right">{formatPrice(p.revenueKobo)}</td>
                  <td className="py-1 text-right">{p.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function ChartSvg({ chart }: { chart: RevenueChartGeometry }) {
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby="revenue-chart-title revenue-chart-summary"
      data-testid="revenue-chart"
    >
      {chart.yTicks.map((t) => (
        <g key={t.label}>
          <line
            x1={chart.plot.left}
            x2={chart.plot.right}
            y1={t.y}
            y2={t.y}
            className="stroke-ink/10"
            strokeWidth={1}
          />
          <text
            x={chart.plot.left - 8}
            y={t.y}
            dy="0.32em"
            textAnchor="end"
            className="fill-muted text-[12px]"
          >
            {t.label}
          </text>
        </g>
      ))}
      {chart.xTicks.map((t) => (
        <text
          key={t.label}
          x={t.x}
          y={chart.plot.bottom + 20}
          textAnchor="middle"
          className="fill-muted text-[12px]"
        >
          {t.label}
        </text>
      ))}
      <path d={chart.area} className="fill-plum-100" />
      <path d={chart.line} className="fill-none stroke-plum-800" strokeWidth={2.5} />
      {chart.dots.map((d) => (
        <circle key={d.label} cx={d.x} cy={d.y} r={3.5} className="fill-plum-800">
          <title>{`${d.label}: ${d.amount} (${d.orders} paid ${d.orders === 1 ? 'order' : 'orders'})`}</title>
        </circle>
      ))}
    </svg>
  );
}

function RecentOrders({ orders }: { orders: DashboardFigures['recentOrders'] }) {
  return (
    <section className="min-w-0 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="recent-orders-title">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent-orders-title" className="font-display text-xl font-semibold">
          Recent orders
        </h2>
        <Link to="/admin/orders" className="text-sm font-semibold text-plum-800 underline">
          All orders
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-muted" data-testid="recent-orders-empty">
          No orders yet. They appear here the moment a shopper checks out.
        </p>
      ) : (
        <>
          {/* A phone: each order a short block, every figure on screen (no table cut off). */}
          <ul className="mt-3 divide-y divide-ink/5 text-sm sm:hidden">
            {orders.map((o) => (
              <li key={o.trackingNumber} className="py-2" data-testid="recent-order">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link
                    to={`/admin/orders/${o.trackingNumber}`}
                    className="inline-flex min-h-11 items-center font-semibold text-plum-800 underline"
                  >
                    {o.trackingNumber}
                  </Link>
                  <span className="font-semibold">{formatPrice(o.totalKobo)}</span>
                </div>
                <p className="break-words">
                  {o.customer} · {o.items} {o.items === 1 ? 'item' : 'items'} ·{' '}
                  {STATUS_LABELS[o.status as OrderStatus] ?? o.status}
                </p>
                <p className="text-muted">{dateTime.format(new Date(o.createdAt))}</p>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden overflow-x-auto sm:block" data-testid="recent-orders">
            <table className="w-full min-w-[560px] text-left text-sm">
              <thead className="text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Customer
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Items
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Total
                  </th>
                  <th scope="col" className="py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.trackingNumber} className="border-t border-ink/5" data-testid="recent-order">
                    <td className="py-2 pr-3">
                      <Link
                        to={`/admin/orders/${o.trackingNumber}`}
                        className="font-semibold text-plum-800 underline"
                      >
                        {o.trackingNumber}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3">{dateTime.format(new Date(o.createdAt))}</td>
                    <td className="py-2 pr-3">{o.customer}</td>
                    <td className="py-2 pr-3 text-right">{o.items}</td>
                    <td className="whitespace-nowrap py-2 pr-3 text-right">{formatPrice(o.totalKobo)}</td>
                    <td className="whitespace-nowrap py-2">
                      {STATUS_LABELS[o.status as OrderStatus] ?? o.status}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function TopProducts({
  title,
  testId,
  rows,
  by,
}: {
  title: string;
  testId: string;
  rows: DashboardFigures['topByUnits'];
  by: 'units' | 'revenue';
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={title} data-testid={testId}>
      <h2 className="font-display text-xl font-semibold">{title}</h2>
      <p className="text-xs text-muted">Paid orders in the period</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing sold in this period yet.</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm">
          {rows.map((r, i) => (
            <li key={`${r.productId}-${r.name}`} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0">
                <span className="mr-2 text-muted">{i + 1}.</span>
                {r.name}
              </span>
              <span className="whitespace-nowrap font-semibold">
                {by === 'units' ? `${count.format(r.units)} sold` : formatPrice(r.revenueKobo)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
