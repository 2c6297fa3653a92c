// The dashboard's six figure cards: each the period's figure against the same stretch of the
// period before (up, down, new or no change) and a link to the list it counts.
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
import type { OrderStatus } from '#core/order-status.ts';
import {
  type Change,
  COUNTED_ORDER_STATUSES,
  PENDING_ACTION_STATUSES,
  PREVIOUS_PERIOD_LABELS,
  percentChange,
} from '#core/periods.ts';
import type { DashboardFigures } from '#server/modules/analytics/analytics.service.ts';

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

export const count = new Intl.NumberFormat('en-NG');

export function FigureCards({ figures }: { figures: DashboardFigures }) {
  const { period, range } = figures;
  const previous = PREVIOUS_PERIOD_LABELS[period];
  return (
    <ul
      className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
      aria-label="The period’s figures"
    >
      <Card
        icon={<Banknote className="h-5 w-5" aria-hidden="true" />}
        label="Revenue"
        value={<data value={figures.revenue.current}>{formatPrice(figures.revenue.current)}</data>}
        note="Paid orders, net of refunds; cancelled and failed ones left out"
        change={percentChange(figures.revenue.current, figures.revenue.previous)}
        previous={`${formatPrice(figures.revenue.previous)} ${previous}`}
        href={ordersHref({ statuses: PAID_STATUSES, from: range.from, to: range.to })}
      />
      <Card
        icon={<ShoppingBag className="h-5 w-5" aria-hidden="true" />}
        label="Orders"
        value={<Count n={figures.orders.current} />}
        note="Placed, except card payments never completed"
        change={percentChange(figures.orders.current, figures.orders.previous)}
        previous={`${count.format(figures.orders.previous)} ${previous}`}
        href={ordersHref({ statuses: COUNTED_ORDER_STATUSES, from: range.from, to: range.to })}
      />
      <Card
        icon={<Users className="h-5 w-5" aria-hidden="true" />}
        label="New customers"
        value={<Count n={figures.customers.current} />}
        note="Customer accounts opened"
        change={percentChange(figures.customers.current, figures.customers.previous)}
        previous={`${count.format(figures.customers.previous)} ${previous}`}
        href={`/admin/users?${new URLSearchParams({ role: 'customer', joinedFrom: range.from, joinedTo: range.to })}`}
      />
      <Card
        icon={<Package className="h-5 w-5" aria-hidden="true" />}
        label="Products on sale"
        value={<Count n={figures.products.current} />}
        note="Active products now"
        change={percentChange(figures.products.current, figures.products.previous)}
        previous={`${count.format(figures.products.previous)} when the period began`}
        href="/admin/products"
      />
      <Card
        icon={<Clock className="h-5 w-5" aria-hidden="true" />}
        label="Pending orders"
        value={<Count n={figures.pending.now} />}
        note="Need action now: awaiting transfer, placed or not yet shipped"
        change={percentChange(figures.pending.current, figures.pending.previous)}
        previous={`${count.format(figures.pending.current)} placed in the period, ${count.format(figures.pending.previous)} ${previous}`}
        href={ordersHref({ statuses: PENDING_ACTION_STATUSES })}
      />
      <Card
        icon={<AlertTriangle className="h-5 w-5" aria-hidden="true" />}
        label="Low stock"
        value={<Count n={figures.lowStock.now} />}
        note={`Variants with ${figures.lowStock.threshold} or fewer left`}
        change={null}
        previous="Stock keeps no history: now only"
        href="/admin/products?stock=low"
      />
    </ul>
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

/** A count as shown, with its value for machines (<data>, as a price carries its kobo). */
function Count({ n }: { n: number }) {
  return <data value={n}>{count.format(n)}</data>;
}

/** A card is a link named by what it shows, from its label and figure on ("Revenue ₦24,000 …"). */
function Card(props: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
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
      >
        <span className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-muted">
          {props.icon} {props.label}
        </span>
        <span className="text-2xl font-semibold">{props.value}</span>
        <span className="text-xs text-muted">{props.note}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 text-sm">
          {props.change ? <ChangeBadge change={props.change} /> : null}
          <span className="text-muted">{props.previous}</span>
        </span>
      </Link>
    </li>
  );
}
