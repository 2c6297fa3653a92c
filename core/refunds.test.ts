import { describe, expect, it } from 'vitest';
import { lineRefundAmount, refundableLeft, refundStateOf, unitAmounts } from './refunds.ts';

describe('what a refunded unit is worth', () => {
  it('splits a discounted line exactly per unit, the last units taking the remainder', () => {
    // 3 × ₦25,000 less a ₦10.01 share of the discount.
    expect(unitAmounts(7_498_999, 3)).toEqual([2_499_666, 2_499_666, 2_499_667]);
    expect(unitAmounts(7_498_999, 3).reduce((a, b) => a + b, 0)).toBe(7_498_999);
    expect(unitAmounts(100, 0)).toEqual([]);
  });

  it('gives units back in order, so partial refunds of a line always add up to its total', () => {
    const line = { totalKobo: 1_000_001, quantity: 7 };
    let given = 0;
    for (let refunded = 0; refunded < 7; refunded += 2) {
      given += lineRefundAmount(line, refunded, Math.min(2, 7 - refunded));
    }
    expect(given).toBe(1_000_001);
    expect(lineRefundAmount(line, 7, 1)).toBe(0);
  });
});

describe('what is left and the order’s refund state', () => {
  it('left is paid less every refund holding money, never below zero', () => {
    expect(refundableLeft(10_000, [{ amountKobo: 2_500 }, { amountKobo: 2_500 }])).toBe(5_000);
    expect(refundableLeft(10_000, [{ amountKobo: 12_000 }])).toBe(0);
  });

  it('partly refunded until everything paid is back', () => {
    expect(refundStateOf(10_000, 0)).toBe('none');
    expect(refundStateOf(10_000, 1)).toBe('partly_refunded');
    expect(refundStateOf(10_000, 10_000)).toBe('refunded');
  });
});
