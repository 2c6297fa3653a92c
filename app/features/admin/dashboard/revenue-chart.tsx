// The dashboard's revenue chart: the server-drawn SVG (revenue-chart.server.ts gives its geometry),
// drawn once for a phone's width and once for a laptop's, with a sentence saying what it shows and
// its figures as a table.
import { formatPrice } from '#core/money.ts';
import type { DashboardFigures } from '#server/modules/analytics/analytics.service.ts';
import type { RevenueChartGeometry } from './revenue-chart.server.ts';

export function RevenueChart({
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
          <table className="w-full text-left">
            <caption className="sr-only">Revenue by {unit}</caption>
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
                  <td className="py-1 pr-4 text-right">
                    <data value={p.revenueKobo}>{formatPrice(p.revenueKobo)}</data>
                  </td>
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
