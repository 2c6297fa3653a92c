import { describe, expect, it } from 'vitest';
import {
  bucketKey,
  fromLagos,
  lagosDate,
  parseDashboardPeriod,
  percentChange,
  periodBuckets,
  periodRange,
  splitAtLagosDays,
  wholeMonths,
} from './periods.ts';

const iso = (d: Date) => d.toISOString();

describe('Lagos time', () => {
  it('is UTC+1: 23:30 UTC is already tomorrow in Lagos', () => {
    expect(lagosDate(new Date('2026-02-28T22:30:00Z'))).toBe('2026-02-28');
    expect(lagosDate(new Date('2026-02-28T23:30:00Z'))).toBe('2026-03-01');
    expect(iso(fromLagos(2026, 2, 1))).toBe('2026-02-28T23:00:00.000Z');
  });
});

describe('periodRange', () => {
  // Sunday 1 March 2026, 23:59 in Lagos.
  const now = new Date('2026-03-01T22:59:00Z');

  it('today: since Lagos midnight, against yesterday until the same time', () => {
    const r = periodRange('today', now);
    expect(iso(r.start)).toBe('2026-02-28T23:00:00.000Z');
    expect(iso(r.previousStart)).toBe('2026-02-27T23:00:00.000Z');
    expect(iso(r.previousEnd)).toBe('2026-02-28T22:59:00.000Z');
    expect([r.from, r.to, r.previousFrom, r.previousTo]).toEqual([
      '2026-03-01',
      '2026-03-01',
      '2026-02-28',
      '2026-02-28',
    ]);
    expect(r.unit).toBe('hour');
  });

  it('week: since Monday (a Sunday is the last day of its week)', () => {
    const r = periodRange('week', now);
    expect(r.from).toBe('2026-02-23');
    expect(r.previousFrom).toBe('2026-02-16');
    expect(r.previousTo).toBe('2026-02-22');
    const monday = periodRange('week', new Date('2026-03-02T00:30:00Z'));
    expect(monday.from).toBe('2026-03-02');
  });

  it('month: rolls over the year, and the previous stretch stops at the month’s start', () => {
    const jan = periodRange('month', new Date('2026-01-10T12:00:00Z'));
    expect(jan.from).toBe('2026-01-01');
    expect(jan.previousFrom).toBe('2025-12-01');
    expect(jan.previousTo).toBe('2025-12-10');
    const march31 = periodRange('month', new Date('2026-03-31T20:00:00Z'));
    expect(march31.previousFrom).toBe('2026-02-01');
    expect(iso(march31.previousEnd)).toBe(iso(march31.start));
    expect(march31.previousTo).toBe('2026-02-28');
  });

  it('year: since 1 January in Lagos, which is 31 December 23:00 UTC', () => {
    const r = periodRange('year', new Date('2026-01-01T00:15:00Z'));
    expect(iso(r.start)).toBe('2025-12-31T23:00:00.000Z');
    expect(r.from).toBe('2026-01-01');
    expect(r.previousFrom).toBe('2025-01-01');
    expect(r.unit).toBe('month');
  });
});

describe('periodBuckets', () => {
  it('hours of today, days of the month, months of the year, up to now', () => {
    const now = new Date('2026-03-01T22:59:00Z');
    expect(periodBuckets(periodRange('today', now))).toHaveLength(24);
    expect(periodBuckets(periodRange('month', now)).map((b) => b.key)).toEqual(['2026-03-01']);
    const week = periodBuckets(periodRange('week', now));
    expect(week.map((b) => b.label)).toEqual([
      'Mon 23',
      'Tue 24',
      'Wed 25',
      'Thu 26',
      'Fri 27',
      'Sat 28',
      'Sun 1',
    ]);
    const year = periodBuckets(periodRange('year', new Date('2026-12-31T22:59:00Z')));
    expect(year.map((b) => b.key)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('keys as SQL writes them, in Lagos time', () => {
    const at = new Date('2026-02-28T23:30:00Z');
    expect(bucketKey(at, 'hour')).toBe('2026-03-01T00');
    expect(bucketKey(at, 'day')).toBe('2026-03-01');
    expect(bucketKey(at, 'month')).toBe('2026-03');
  });
});

describe('percentChange and the period parameter', () => {
  it('compares with the previous period', () => {
    expect(percentChange(150, 100)).toEqual({ kind: 'up', percent: 50 });
    expect(percentChange(50, 100)).toEqual({ kind: 'down', percent: 50 });
    expect(percentChange(3, 0)).toEqual({ kind: 'new' });
    expect(percentChange(0, 0)).toEqual({ kind: 'same' });
  });

  it('falls back to the month for anything unknown', () => {
    expect(parseDashboardPeriod('year')).toBe('year');
    expect(parseDashboardPeriod('decade')).toBe('month');
    expect(parseDashboardPeriod(null)).toBe('month');
  });
});

describe('splitAtLagosDays', () => {
  const utc = (iso: string) => new Date(iso);
  it('keeps whole Lagos days for the roll-ups and the part-day at the end for the orders', () => {
    // 1 January 00:00 Lagos (31 December 23:00 UTC) to 3 March 10:15 Lagos.
    const split = splitAtLagosDays(utc('2025-12-31T23:00:00Z'), utc('2026-03-03T09:15:00Z'));
    expect(split.fromDay).toBe('2026-01-01');
    expect(split.toDay).toBe('2026-03-03');
    expect(split.edges).toEqual([{ start: utc('2026-03-02T23:00:00Z'), end: utc('2026-03-03T09:15:00Z') }]);
  });
  it('cuts a part-day at the start too, and ends on a midnight without an edge', () => {
    const split = splitAtLagosDays(utc('2026-03-01T12:00:00Z'), utc('2026-03-04T23:00:00Z'));
    expect(split).toEqual({
      fromDay: '2026-03-02',
      toDay: '2026-03-05',
      edges: [{ start: utc('2026-03-01T12:00:00Z'), end: utc('2026-03-01T23:00:00Z') }],
    });
  });
  it('leaves a stretch inside one day to the orders alone', () => {
    const split = splitAtLagosDays(utc('2026-02-28T23:00:00Z'), utc('2026-03-01T22:59:00Z'));
    expect(split.fromDay).toBe(split.toDay);
    expect(split.edges).toEqual([{ start: utc('2026-02-28T23:00:00Z'), end: utc('2026-03-01T22:59:00Z') }]);
    expect(splitAtLagosDays(utc('2026-02-28T23:00:00Z'), utc('2026-02-28T23:00:00Z')).edges).toEqual([]);
  });
});

describe('wholeMonths', () => {
  it('finds the whole months among whole days, and none in a stretch shorter than a month', () => {
    expect(wholeMonths({ fromDay: '2026-01-01', toDay: '2026-11-25' })).toEqual({
      fromMonth: '2026-01-01',
      toMonth: '2026-11-01',
    });
    expect(wholeMonths({ fromDay: '2025-12-15', toDay: '2026-03-01' })).toEqual({
      fromMonth: '2026-01-01',
      toMonth: '2026-03-01',
    });
    expect(wholeMonths({ fromDay: '2026-03-01', toDay: '2026-03-20' })).toEqual({
      fromMonth: '2026-03-20',
      toMonth: '2026-03-20',
    });
    expect(wholeMonths({ fromDay: '2026-02-02', toDay: '2026-03-01' })).toEqual({
      fromMonth: '2026-03-01',
      toMonth: '2026-03-01',
    });
  });
});
