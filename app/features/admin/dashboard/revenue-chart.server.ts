// The revenue chart's geometry, computed on the server with d3-scale and d3-shape (ADR 025): the
// page receives finished SVG paths and coordinates, so the chart needs no JavaScript in the
// browser and d3 never reaches any client bundle.
import { scaleLinear, scalePoint } from 'd3-scale';
import { area, curveMonotoneX, line } from 'd3-shape';
import { formatPrice } from '#core/money.ts';

export interface ChartPoint {
  key: string;
  label: string;
  revenueKobo: number;
  orders: number;
}

export interface RevenueChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  line: string;
  area: string;
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
  dots: { x: number; y: number; label: string; amount: string; orders: number }[];
}

export interface ChartSize {
  width: number;
  height: number;
  /** Labels along the bottom, at most. */
  xLabels: number;
}

/** A laptop's chart; the phone's is drawn at a phone's width, so its words keep their size. */
export const WIDE_CHART: ChartSize = { width: 720, height: 260, xLabels: 8 };
export const PHONE_CHART: ChartSize = { width: 340, height: 220, xLabels: 4 };
const MARGIN = { top: 16, right: 16, bottom: 32, left: 84 };

export function revenueChartGeometry(
  points: readonly ChartPoint[],
  size: ChartSize = WIDE_CHART,
): RevenueChartGeometry {
  const WIDTH = size.width;
  const HEIGHT = size.height;
  const plot = {
    left: MARGIN.left,
    right: WIDTH - MARGIN.right,
    top: MARGIN.top,
    bottom: HEIGHT - MARGIN.bottom,
  };
  const x = scalePoint<string>()
    .domain(points.map((p) => p.key))
    .range([plot.left, plot.right])
    .padding(points.length === 1 ? 1 : 0);
  const max = Math.max(0, ...points.map((p) => p.revenueKobo / 100));
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1000])
    .nice(4)
    .range([plot.bottom, plot.top]);
  const at = (p: ChartPoint) => [x(p.key) ?? plot.left, y(p.revenueKobo / 100)] as const;
  const linePath = line<ChartPoint>()
    .x((p) => at(p)[0])
    .y((p) => at(p)[1])
    .curve(curveMonotoneX)(points as ChartPoint[]);
  const areaPath = area<ChartPoint>()
    .x((p) => at(p)[0])
    .y0(plot.bottom)
    .y1((p) => at(p)[1])
    .curve(curveMonotoneX)(points as ChartPoint[]);
  // At most about `xLabels` labels along the bottom, whatever the number of points.
  const every = Math.max(1, Math.ceil(points.length / size.xLabels));
  return {
    width: WIDTH,
    height: HEIGHT,
    plot,
    line: linePath ?? '',
    area: areaPath ?? '',
    yTicks: y.ticks(4).map((naira) => ({ y: y(naira), label: formatPrice(Math.round(naira * 100)) })),
    xTicks: points
      .filter((_, i) => i % every === 0)
      .map((p) => ({ x: x(p.key) ?? plot.left, label: p.label })),
    dots: points.map((p) => ({
      x: at(p)[0],
      y: at(p)[1],
      label: p.label,
      amount: formatPrice(p.revenueKobo),
      orders: p.orders,
    })),
  };
}
