// The admin dashboard (/admin/dashboard): the period's figures against the same stretch of the
// period before, each card a link to the list behind it, the revenue chart (server-drawn SVG
// with a table of its figures), recent orders and the best sellers. Works without JavaScript:
// the period selector is plain links (?period=).
import { Link } from 'react-router';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  PERIOD_LABELS,
  PREVIOUS_PERIOD_LABELS,
} from '#core/periods.ts';
import type { DashboardFigures } from '#server/modules/analytics/analytics.service.ts';
import { LaunchCard } from '../launch/launch-card.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { RecentOrders, TopProducts } from './dashboard-lists.tsx';
import { FigureCards } from './figure-cards.tsx';
import type { RevenueChartGeometry } from './revenue-chart.server.ts';
import { RevenueChart } from './revenue-chart.tsx';

export interface DashboardPageProps {
  name: string;
  figures: DashboardFigures;
  chart: RevenueChartGeometry;
  /** The same chart drawn at a phone's width (shown below 640 px). */
  phoneChart?: RevenueChartGeometry;
  /** The launch checklist's progress (admins, until every step is done; ADR 071). */
  launch?: { done: number; total: number } | null;
}

export function DashboardPage({ name, figures, chart, phoneChart, launch }: DashboardPageProps) {
  const pending = usePendingHere();
  const { period, range } = figures;
  const previous = PREVIOUS_PERIOD_LABELS[period];
  return (
    <section aria-labelledby="dashboard-title">
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
        <FigureCards figures={figures} />

        <RevenueChart figures={figures} chart={chart} phoneChart={phoneChart ?? chart} />

        <div className="mt-8 grid gap-6">
          <RecentOrders orders={figures.recentOrders} />
          <div className="grid min-w-0 gap-6 sm:grid-cols-2">
            <TopProducts title="Top sellers by units" rows={figures.topByUnits} by="units" />
            <TopProducts title="Top sellers by revenue" rows={figures.topByRevenue} by="revenue" />
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
