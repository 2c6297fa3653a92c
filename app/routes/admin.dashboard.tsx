// /admin/dashboard: the shop's figures for a period (?period=today|week|month|year, Lagos time;
// ADR 025). Staff and admins (permission dashboard.view).
import { DashboardPage } from '#app/features/admin/dashboard/dashboard-page.tsx';
import { PHONE_CHART, revenueChartGeometry } from '#app/features/admin/dashboard/revenue-chart.server.ts';
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { PERIOD_LABELS, parseDashboardPeriod } from '#core/periods.ts';
import type { Route } from './+types/admin.dashboard';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'dashboard.view', url);
  const period = parseDashboardPeriod(url.searchParams.get('period'));
  const [figures, launch] = await Promise.all([
    context.services.analytics.dashboard(period),
    context.services.launch.progress({ user, ip: context.clientIp }),
  ]);
  return {
    launch,
    name: user.name,
    figures,
    chart: revenueChartGeometry(figures.chart.points),
    phoneChart: revenueChartGeometry(figures.chart.points, PHONE_CHART),
  };
});

export function meta({ data }: Route.MetaArgs) {
  const period = data ? PERIOD_LABELS[data.figures.period] : 'Dashboard';
  return [
    { title: `Dashboard: ${period} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardPage
      name={loaderData.name}
      figures={loaderData.figures}
      chart={loaderData.chart}
      phoneChart={loaderData.phoneChart}
      launch={loaderData.launch}
    />
  );
}
