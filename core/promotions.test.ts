import { describe, expect, it } from 'vitest';
import {
  type Discount,
  evaluatePromo,
  NOT_FOR_CUSTOMER,
  normalizeCode,
  type PromoContext,
} from './promotions.ts';

const now = new Date('2026-11-22T12:00:00Z');
function discount(more: Partial<Discount> = {}): Discount {
  return {
    code: 'SAVE10',
    type: 'percentage',
    value: 10,
    scope: 'global',
    categorySlugs: [],
    productIds: [],
    isActive: true,
    startsAt: null,
    expiresAt: null,
    usageLimit: null,
    usedCount: 0,
    perCustomerLimit: null,
    minSubtotalKobo: 0,
    firstOrderOnly: false,
    ...more,
  };
}
const context = (more: Partial<PromoContext> = {}): PromoContext => ({
  now,
  lines: [{ productId: 1, categorySlug: 'wigs', unitPriceKobo: 5_000_000, quantity: 1 }],
  customerUses: 0,
  hasOrderedBefore: false,
  ...more,
});

describe('promo codes', () => {
  it('are compared without regard to case or spaces', () => {
    expect(normalizeCode('  save10 ')).toBe('SAVE10');
  });

  it('give the discount when every rule holds', () => {
    expect(evaluatePromo(discount(), context())).toEqual({
      ok: true,
      code: 'SAVE10',
      discountKobo: 500_000,
      perLine: [500_000],
    });
  });

  it.each([
    [null, {}, 'Invalid promo code'],
    [discount({ isActive: false }), {}, 'This promo code is not active.'],
    [discount({ startsAt: new Date('2026-12-01') }), {}, 'This promo code cannot be used yet.'],
    [discount({ expiresAt: new Date('2026-11-22T11:59:59Z') }), {}, 'This promo code has expired.'],
    [discount({ usageLimit: 5, usedCount: 5 }), {}, 'This promo code has been used up.'],
    // One answer for both per-customer refusals (issue 29): which one is not told.
    [discount({ perCustomerLimit: 1 }), { customerUses: 1 }, NOT_FOR_CUSTOMER],
    [discount({ firstOrderOnly: true }), { hasOrderedBefore: true }, NOT_FOR_CUSTOMER],
    [
      discount({ scope: 'category', categorySlugs: ['braiding-hair'] }),
      {},
      'This promo code does not apply to the items in your cart.',
    ],
    [discount({ minSubtotalKobo: 10_000_000 }), {}, 'This promo code needs a subtotal of at least ₦100,000.'],
  ] as const)('refuse with a specific message: %#', (d, ctx, message) => {
    const result = evaluatePromo(d, context(ctx));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(message);
  });

  it('leave per-shopper rules for checkout when the shopper is not known yet', () => {
    const result = evaluatePromo(
      discount({ firstOrderOnly: true, perCustomerLimit: 1 }),
      context({ customerUses: null, hasOrderedBefore: null }),
    );
    expect(result.ok).toBe(true);
  });
});
