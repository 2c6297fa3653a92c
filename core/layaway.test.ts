import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  allocatePayment,
  defaultFeeKobo,
  defaultRuleText,
  isLayawayEligible,
  LAYAWAY_DEFAULTS,
  lagosDate,
  nextDueKobo,
  planFitsWindow,
  planFor,
} from './layaway.ts';

const on = { ...LAYAWAY_DEFAULTS, enabled: true };

describe('layaway plan', () => {
  it('splits ₦150,000 into a 30% deposit and three instalments two weeks apart, in Lagos dates', () => {
    // 23:30 UTC on 1 Dec is already 2 Dec in Lagos.
    const plan = planFor(15_000_000, on, new Date('2026-12-01T23:30:00Z'));
    expect(plan.depositKobo).toBe(4_500_000);
    expect(plan.instalments).toEqual([
      { sequence: 0, dueDate: '2026-12-02', amountKobo: 4_500_000 },
      { sequence: 1, dueDate: '2026-12-16', amountKobo: 3_500_000 },
      { sequence: 2, dueDate: '2026-12-30', amountKobo: 3_500_000 },
      { sequence: 3, dueDate: '2027-01-13', amountKobo: 3_500_000 },
    ]);
  });

  it('gives the rounding to the last instalment', () => {
    const plan = planFor(10_000_001, { depositPercent: 33, instalments: 3, spacingDays: 7 }, new Date());
    const amounts = plan.instalments.map((i) => i.amountKobo);
    expect(amounts).toEqual([3_300_000, 2_233_333, 2_233_333, 2_233_335]);
  });

  it('always sums exactly to the total, in whole kobo, never negative, within 12 weeks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 84 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (total, depositPercent, instalments, spacing, at) => {
          fc.pre(planFitsWindow(instalments, spacing));
          const plan = planFor(total, { depositPercent, instalments, spacingDays: spacing }, at);
          const sum = plan.instalments.reduce((s, i) => s + i.amountKobo, 0);
          expect(sum).toBe(total);
          for (const i of plan.instalments) {
            expect(Number.isInteger(i.amountKobo)).toBe(true);
            expect(i.amountKobo).toBeGreaterThanOrEqual(0);
          }
          expect(plan.instalments).toHaveLength(instalments + 1);
          const last = plan.instalments.at(-1)!.dueDate;
          expect(last <= addDays(lagosDate(at), 84)).toBe(true);
        },
      ),
    );
  });

  it('allocates any payment in order and never beyond what is owed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 60_000_000 }),
        (total, pay) => {
          const plan = planFor(total, on, new Date());
          const rows = plan.instalments.map((i) => ({ ...i, paidKobo: 0 }));
          const parts = allocatePayment(rows, pay);
          expect(parts.reduce((s, p) => s + p.addKobo, 0)).toBe(Math.min(pay, total));
        },
      ),
    );
  });

  it('says what is due next', () => {
    const rows = [
      { sequence: 0, amountKobo: 100, paidKobo: 100 },
      { sequence: 1, amountKobo: 50, paidKobo: 20 },
      { sequence: 2, amountKobo: 50, paidKobo: 0 },
    ];
    expect(nextDueKobo(rows)).toBe(30);
    expect(nextDueKobo(rows.map((r) => ({ ...r, paidKobo: r.amountKobo })))).toBe(0);
  });
});

describe('layaway eligibility and rules', () => {
  it('is off unless the owner turns it on', () => {
    expect(isLayawayEligible(LAYAWAY_DEFAULTS, { totalKobo: 20_000_000, categorySlugs: [] })).toBe(false);
  });

  it('takes carts at or over the minimum, or in a chosen category', () => {
    expect(isLayawayEligible(on, { totalKobo: 5_000_000, categorySlugs: [] })).toBe(true);
    expect(isLayawayEligible(on, { totalKobo: 4_999_999, categorySlugs: ['wigs'] })).toBe(false);
    expect(
      isLayawayEligible({ ...on, categorySlugs: ['wigs'] }, { totalKobo: 100, categorySlugs: ['wigs'] }),
    ).toBe(true);
  });

  it('checks the plan fits 12 weeks', () => {
    expect(planFitsWindow(3, 14)).toBe(true);
    expect(planFitsWindow(6, 14)).toBe(true);
    expect(planFitsWindow(7, 14)).toBe(false);
  });

  it('states the default rule and its fee', () => {
    expect(defaultRuleText(on)).toMatch(/store credit/);
    expect(
      defaultRuleText({ ...on, defaultRule: 'refund_less_fee', feeKind: 'amount', feeValue: 500_000 }),
    ).toMatch(/less a fee of ₦5,000/);
    expect(defaultFeeKobo({ feeKind: 'percent', feeValue: 10 }, 4_500_000)).toBe(450_000);
    expect(defaultFeeKobo({ feeKind: 'amount', feeValue: 9_000_000 }, 4_500_000)).toBe(4_500_000);
  });
});
