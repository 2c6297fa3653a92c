// The admin dashboard's periods (the spec's today, week, month, year), in Lagos time, and what
// the dashboard counts in them (ADR 025). Lagos is UTC+1 all year (West Africa Time, no daylight
// saving), so a Lagos calendar boundary is a fixed hour in UTC: computed here, in plain
// arithmetic, and handed to SQL as UTC instants.
import type { OrderStatus } from './order-status.ts';

export const DASHBOARD_PERIODS = ['today', 'week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The dashboard opens on the month: a morning's "today" is nearly empty, a month tells a story. */
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'month';

export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
};

export const PREVIOUS_PERIOD_LABELS: Record<DashboardPeriod, string> = {
  today: 'yesterday',
  week: 'last week',
  month: 'last month',
  year: 'last year',
};

export function isDashboardPeriod(value: unknown): value is DashboardPeriod {
  return typeof value === 'string' && (DASHBOARD_PERIODS as readonly string[]).includes(value);
}

/** `?period=` as given, or the default for anything else. */
export function parseDashboardPeriod(value: string | null | undefined): DashboardPeriod {
  return isDashboardPeriod(value) ? value : DEFAULT_DASHBOARD_PERIOD;
}

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The Lagos wall clock of an instant. `weekday` 0 is Monday. */
export function lagosParts(at: Date) {
  const local = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    weekday: (local.getUTCDay() + 6) % 7,
  };
}

/** The instant of a Lagos wall-clock time (month 0-based; overflowing days and months roll over). */
export function fromLagos(year: number, month: number, day = 1, hour = 0): Date {
  return new Date(Date.UTC(year, month, day, hour) - LAGOS_OFFSET_MS);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Lagos calendar date of an instant, `YYYY-MM-DD` (what the orders list's from/to take). */
export function lagosDate(at: Date): string {
  const p = lagosParts(at);
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)}`;
}

export type BucketUnit = 'hour' | 'day' | 'month';

export interface PeriodRange {
  period: DashboardPeriod;
  /** The period's first instant (Lagos midnight of its first day). */
  start: Date;
  /** Now: the period so far is [start, end). */
  end: Date;
  /** The same stretch of the previous period: [previousStart, previousEnd). */
  previousStart: Date;
  previousEnd: Date;
  /** Lagos dates (inclusive) of both, for links to the lists behind the figures. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** How the chart groups the period: hours of today, days of a week or month, months of a year. */
  unit: BucketUnit;
}

/**
 * The period that holds `now`, in Lagos time, so far: today since midnight, this week since
 * Monday (ISO weeks, as Nigeria's calendars run), this month since the 1st, this year since
 * 1 January. It is compared with the same stretch of the period before (yesterday until the
 * same hour, last week until the same weekday and hour, …), so a morning is not measured against
 * a whole day. The previous stretch never runs past the start of this period (31 March against
 * February).
 */
export function periodRange(period: DashboardPeriod, now: Date): PeriodRange {
  const p = lagosParts(now);
  let start: Date;
  let previousStart: Date;
  let unit: BucketUnit;
  switch (period) {
    case 'today':
      start = fromLagos(p.year, p.month, p.day);
      previousStart = fromLagos(p.year, p.month, p.day - 1);
      unit = 'hour';
      break;
    case 'week':
      start = fromLagos(p.year, p.month, p.day - p.weekday);
      previousStart = fromLagos(p.year, p.month, p.day - p.weekday - 7);
      unit = 'day';
      break;
    case 'month':
      start = fromLagos(p.year, p.month, 1);
      previousStart = fromLagos(p.year, p.month - 1, 1);
      unit = 'day';
      break;
    case 'year':
      start = fromLagos(p.year, 0, 1);
      previousStart = fromLagos(p.year - 1, 0, 1);
      unit = 'month';
      break;
  }
  const elapsed = now.getTime() - start.getTime();
  const previousEnd = new Date(Math.min(previousStart.getTime() + elapsed, start.getTime()));
  const lastInstant = (end: Date) => new Date(Math.max(end.getTime() - 1, 0));
  return {
    period,
    start,
    end: now,
    previousStart,
    previousEnd,
    from: lagosDate(start),
    to: lagosDate(lastInstant(now)),
    previousFrom: lagosDate(previousStart),
    previousTo: lagosDate(lastInstant(previousEnd)),
    unit,
  };
}

export interface Bucket {
  /** As SQL writes it: `YYYY-MM-DDTHH` (hour), `YYYY-MM-DD` (day), `YYYY-MM` (month). */
  key: string;
  /** Short label for the chart's axis and the figures table. */
  label: string;
  start: Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The key of the bucket an instant falls in (the same text the SQL `to_char` gives). */
export function bucketKey(at: Date, unit: BucketUnit): string {
  const p = lagosParts(at);
  const month = `${p.year}-${pad(p.month + 1)}`;
  if (unit === 'month') return month;
  const day = `${month}-${pad(p.day)}`;
  return unit === 'day' ? day : `${day}T${pad(p.hour)}`;
}

/**
 * Every bucket of the period up to now, in order (empty ones too): the hours of today, the days
 * of this week or month, the months of this year.
 */
export function periodBuckets(range: PeriodRange): Bucket[] {
  const buckets: Bucket[] = [];
  const s = lagosParts(range.start);
  for (let i = 0; ; i++) {
    const start =
      range.unit === 'hour'
        ? new Date(range.start.getTime() + i * HOUR_MS)
        : range.unit === 'day'
          ? new Date(range.start.getTime() + i * DAY_MS)
          : fromLagos(s.year, s.month + i, 1);
    if (start.getTime() >= range.end.getTime() && i > 0) break;
    const p = lagosParts(start);
    const label =
      range.unit === 'hour'
        ? `${pad(p.hour)}:00`
        : range.unit === 'month'
          ? MONTHS[p.month]!
          : range.period === 'week'
            ? `${WEEKDAYS[p.weekday]} ${p.day}`
            : `${p.day} ${MONTHS[p.month]}`;
    buckets.push({ key: bucketKey(start, range.unit), label, start });
  }
  return buckets;
}

/**
 * A stretch of time [start, end) cut at Lagos midnights: the whole Lagos days inside it
 * (`fromDay` up to `toDay`, exclusive; empty when equal), read from the daily roll-ups, and the
 * part-days at either end (`edges`), read from the orders themselves (ADR 028).
 */
export interface DaySplit {
  fromDay: string;
  toDay: string;
  edges: { start: Date; end: Date }[];
}

/** The Lagos midnight at or before an instant. */
function lagosMidnightOf(at: Date): Date {
  const p = lagosParts(at);
  return fromLagos(p.year, p.month, p.day);
}

export function splitAtLagosDays(start: Date, end: Date): DaySplit {
  const floorStart = lagosMidnightOf(start);
  const firstWhole =
    floorStart.getTime() === start.getTime() ? start : new Date(floorStart.getTime() + DAY_MS);
  const lastWhole = lagosMidnightOf(end);
  if (firstWhole.getTime() >= lastWhole.getTime()) {
    const day = lagosDate(firstWhole);
    return { fromDay: day, toDay: day, edges: end > start ? [{ start, end }] : [] };
  }
  const edges: DaySplit['edges'] = [];
  if (start < firstWhole) edges.push({ start, end: firstWhole });
  if (lastWhole < end) edges.push({ start: lastWhole, end });
  return { fromDay: lagosDate(firstWhole), toDay: lagosDate(lastWhole), edges };
}

/**
 * The whole Lagos calendar months among a split's whole days, `fromMonth` up to `toMonth`
 * (first days of months, exclusive; both `toDay` when there is none): their product sales are
 * read from the monthly roll-up, the days before and after them from the daily one.
 */
export function wholeMonths(split: Pick<DaySplit, 'fromDay' | 'toDay'>): {
  fromMonth: string;
  toMonth: string;
} {
  const [fy, fm, fd] = split.fromDay.split('-').map(Number) as [number, number, number];
  const [ty, tm] = split.toDay.split('-').map(Number) as [number, number];
  const first = fd === 1 ? Date.UTC(fy, fm - 1, 1) : Date.UTC(fy, fm, 1);
  const last = Date.UTC(ty, tm - 1, 1);
  if (first >= last) return { fromMonth: split.toDay, toMonth: split.toDay };
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { fromMonth: iso(first), toMonth: iso(last) };
}

export type Change = { kind: 'same' } | { kind: 'new' } | { kind: 'up' | 'down'; percent: number };

/** This period against the previous one: up or down by a whole percent, or "new" from nothing. */
export function percentChange(current: number, previous: number): Change {
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'new' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return { kind: current > previous ? 'up' : 'down', percent };
}

// What the dashboard counts (ADR 025).

/**
 * Orders that count as orders: everything placed except card payments that never arrived
 * (still waiting, or failed). A cancelled order was an order; its money is not revenue.
 */
export const COUNTED_ORDER_STATUSES: readonly OrderStatus[] = [
  'awaiting_transfer',
  'placed',
  'confirmed',
  'packaged',
  'shipped',
  'delivered',
  'cancelled',
];

/** Orders waiting for staff: money to confirm, or not shipped yet. */
export const PENDING_ACTION_STATUSES: readonly OrderStatus[] = [
  'awaiting_transfer',
  'placed',
  'confirmed',
  'packaged',
];

/** Never revenue, whatever was paid: the money goes back. */
export const NOT_REVENUE_STATUSES: readonly OrderStatus[] = ['cancelled', 'payment_failed'];
