import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from './catalog.ts';
import {
  type DiscountRule,
  discountApplies,
  discountPerLine,
  type PricingLine,
  priceBasket,
  prorate,
  withDeliveryFee,
  withStoreCredit,
} from './pricing.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function line(unitPriceKobo: number, quantity = 1, more: Partial<PricingLine> = {}): PricingLine {
  return { productId: 1, categorySlug: 'wigs', unitPriceKobo, quantity, ...more };
}
const pct = (value: number, more: Partial<DiscountRule> = {}): DiscountRule => ({
  type: 'percentage',
  value,
  scope: 'global',
  categorySlugs: [],
  productIds: [],
  ...more,
});

describe('prorate', () => {
  it('splits in proportion and the parts add up exactly', () => {
    expect(prorate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(prorate(10, [3, 7])).toEqual([3, 7]);
    expect(prorate(0, [5, 5])).toEqual([0, 0]);
    expect(prorate(7, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up, never gives a line more than its weight', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 500; run++) {
      const weights = Array.from({ length: 1 + rand(6) }, () => rand(5_000_000));
      const total = rand(sum(weights) + 1);
      const parts = prorate(total, weights);
      expect(sum(parts)).toBe(total);
      parts.forEach((p, i) => {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(weights[i]!);
        expect(Number.isInteger(p)).toBe(true);
      });
    }
  });

  it('stays exact for very large orders', () => {
    const parts = prorate(999_999_937, [4_000_000_001, 3_999_999_999, 1]);
    expect(sum(parts)).toBe(999_999_937);
    expect(parts).toEqual([499_999_969, 499_999_968, 0]);
  });

  it('refuses amounts that are not whole kobo', () => {
    expect(() => prorate(1.5, [1])).toThrow(RangeError);
  });
});

describe('discounts', () => {
  it('takes a percentage of the subtotal, rounded half up once, shared over the lines', () => {
    // 10 % of ₦12,345.55 (1,234,555 kobo) is 123,455.5 kobo → 123,456.
    const lines = [line(1_000_000), line(234_555)];
    const parts = discountPerLine(pct(10), lines);
    expect(sum(parts)).toBe(123_456);
    expect(parts).toEqual([100_000, 23_456]);
  });

  it('applies a category or product discount to those lines only', () => {
    const lines = [
      line(5_000_000, 1, { categorySlug: 'wigs' }),
      line(2_000_000, 2, { categorySlug: 'bundles', productId: 9 }),
    ];
    expect(discountPerLine(pct(20, { scope: 'category', categorySlugs: ['bundles'] }), lines)).toEqual([
      0, 800_000,
    ]);
    expect(discountPerLine(pct(15, { scope: 'product', productIds: [9] }), lines)).toEqual([0, 600_000]);
    expect(discountPerLine(pct(15, { scope: 'product', productIds: [404] }), lines)).toEqual([0, 0]);
  });

  it('never takes a fixed amount beyond what it applies to', () => {
    const fixed: DiscountRule = {
      type: 'fixed',
      value: 500_000,
      scope: 'global',
      categorySlugs: [],
      productIds: [],
    };
    expect(sum(discountPerLine(fixed, [line(300_000)]))).toBe(300_000);
    expect(discountPerLine(fixed, [line(1_000_000), line(1_000_000)])).toEqual([250_000, 250_000]);
  });
});

describe('totals', () => {
  it('subtotal − discount + delivery = total, and the lines add up to it', () => {
    const lines = [line(4_550_000, 2), line(1_250_000, 3), line(999_999, 1)];
    const totals = priceBasket(lines, { discount: pct(15), deliveryFeeKobo: 350_000 });
    expect(totals.subtotalKobo).toBe(9_100_000 + 3_750_000 + 999_999);
    expect(totals.discountKobo).toBe(Math.floor((13_849_999 * 15 + 50) / 100));
    expect(totals.totalKobo).toBe(totals.subtotalKobo - totals.discountKobo + 350_000);
    expect(sum(totals.lines.map((l) => l.totalKobo)) + totals.deliveryFeeKobo).toBe(totals.totalKobo);
    expect(sum(totals.lines.map((l) => l.discountKobo))).toBe(totals.discountKobo);
  });

  it('is the plain sum with no discount', () => {
    expect(priceBasket([line(12_000_00, 1)])).toMatchObject({
      subtotalKobo: 1_200_000,
      discountKobo: 0,
      totalKobo: 1_200_000,
    });
  });
});

// Property tests: whatever the basket, the code and the fee, the one pricing path keeps its promises.
const CATEGORIES = [...CATEGORY_SLUGS];
const arbLine: fc.Arbitrary<PricingLine> = fc.record({
  productId: fc.integer({ min: 1, max: 12 }),
  categorySlug: fc.constantFrom(...CATEGORIES),
  // Up to ₦100 million a unit: large orders must add up exactly too.
  unitPriceKobo: fc.oneof(
    fc.integer({ min: 0, max: 5_000_000 }),
    fc.integer({ min: 0, max: 10_000_000_000 }),
  ),
  quantity: fc.integer({ min: 1, max: 30 }),
});
const arbRule: fc.Arbitrary<DiscountRule> = fc.oneof(
  fc.record({
    type: fc.constant('percentage' as const),
    value: fc.integer({ min: 1, max: 100 }),
    scope: fc.constantFrom('global' as const, 'category' as const, 'product' as const),
    categorySlugs: fc.subarray(CATEGORIES),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }),
  }),
  fc.record({
    type: fc.constant('fixed' as const),
    value: fc.oneof(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000_000_000 })),
    scope: fc.constantFrom('global' as const, 'category' as const, 'product' as const),
    categorySlugs: fc.subarray(CATEGORIES),
    productIds: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }),
  }),
);
const arbBasket = fc.record({
  lines: fc.array(arbLine, { minLength: 1, maxLength: 8 }),
  rule: fc.option(arbRule, { nil: null }),
  fee: fc.integer({ min: 0, max: 5_000_000 }),
});

describe('priceBasket (property)', () => {
  it('the parts always add up to the totals; nothing goes negative; the discount stays within what it applies to', () => {
    fc.assert(
      fc.property(arbBasket, ({ lines, rule, fee }) => {
        const totals = priceBasket(lines, { discount: rule, deliveryFeeKobo: fee });
        expect(totals.lines).toHaveLength(lines.length);
        expect(sum(totals.lines.map((l) => l.subtotalKobo))).toBe(totals.subtotalKobo);
        expect(sum(totals.lines.map((l) => l.discountKobo))).toBe(totals.discountKobo);
        expect(sum(totals.lines.map((l) => l.totalKobo)) + totals.deliveryFeeKobo).toBe(totals.totalKobo);
        expect(totals.subtotalKobo - totals.discountKobo + totals.deliveryFeeKobo).toBe(totals.totalKobo);
        expect(totals.deliveryFeeKobo).toBe(fee);
        totals.lines.forEach((l, i) => {
          expect(l.subtotalKobo).toBe(lines[i]!.unitPriceKobo * lines[i]!.quantity);
          expect(l.discountKobo).toBeGreaterThanOrEqual(0);
          expect(l.totalKobo).toBeGreaterThanOrEqual(0);
          expect(l.totalKobo).toBe(l.subtotalKobo - l.discountKobo);
          // A line the code does not apply to keeps its full price.
          if (!rule || !discountApplies(rule, lines[i]!)) expect(l.discountKobo).toBe(0);
        });
        for (const amount of [totals.subtotalKobo, totals.discountKobo, totals.totalKobo]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        const eligible = sum(
          lines.map((l) => (rule && discountApplies(rule, l) ? l.unitPriceKobo * l.quantity : 0)),
        );
        expect(totals.discountKobo).toBeLessThanOrEqual(eligible);
        if (rule?.type === 'fixed') expect(totals.discountKobo).toBe(Math.min(rule.value, eligible));
        if (rule?.type === 'percentage') {
          expect(totals.discountKobo).toBe(Math.floor((eligible * rule.value + 50) / 100));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a promo result's shares price the basket exactly as the rule does, and the page's fee step agrees", () => {
    fc.assert(
      fc.property(arbBasket, ({ lines, rule, fee }) => {
        const fromRule = priceBasket(lines, { discount: rule, deliveryFeeKobo: fee });
        const shares = rule ? discountPerLine(rule, lines) : null;
        expect(priceBasket(lines, { discountPerLine: shares, deliveryFeeKobo: fee })).toEqual(fromRule);
        // The cart carries no fee; the checkout page adds the chosen state's fee to its figures.
        const cart = priceBasket(lines, { discountPerLine: shares });
        expect(cart.totalKobo).toBe(cart.subtotalKobo - cart.discountKobo);
        const { lines: _perLine, ...foot } = fromRule;
        expect(withDeliveryFee(cart, fee)).toEqual(foot);
      }),
      { numRuns: 300 },
    );
  });

  it('delivery is free exactly when the basket after its discount reaches the threshold', () => {
    fc.assert(
      fc.property(
        arbBasket,
        fc.option(fc.integer({ min: 0, max: 50_000_000 }), { nil: null }),
        ({ lines, rule, fee }, threshold) => {
          const totals = priceBasket(lines, {
            discount: rule,
            deliveryFeeKobo: fee,
            freeDeliveryFromKobo: threshold,
          });
          const paid = totals.subtotalKobo - totals.discountKobo;
          const free = threshold !== null && paid >= threshold;
          expect(totals.deliveryFeeKobo).toBe(free ? 0 : fee);
          expect(totals.totalKobo).toBe(paid + totals.deliveryFeeKobo);
          // The checkout page's step gives the same foot as the order's pricing.
          const cart = priceBasket(lines, { discount: rule });
          const { lines: _perLine, ...foot } = totals;
          expect(withDeliveryFee(cart, fee, threshold)).toEqual(foot);
        },
      ),
      { numRuns: 300 },
    );
    expect(withDeliveryFee({ subtotalKobo: 10_000, discountKobo: 0 }, 500, 10_000).deliveryFeeKobo).toBe(0);
    expect(withDeliveryFee({ subtotalKobo: 10_000, discountKobo: 1 }, 500, 10_000).deliveryFeeKobo).toBe(500);
  });

  it('refuses shares that do not fit the basket', () => {
    const lines = [line(1_000, 2), line(500, 1)];
    expect(() => priceBasket(lines, { discountPerLine: [100] })).toThrow(RangeError);
    expect(() => priceBasket(lines, { discountPerLine: [2_001, 0] })).toThrow(RangeError);
    expect(() => priceBasket(lines, { discountPerLine: [-1, 0] })).toThrow(RangeError);
    expect(() => priceBasket(lines, { discountPerLine: [0.5, 0] })).toThrow(RangeError);
    expect(() => priceBasket(lines, { deliveryFeeKobo: -100 })).toThrow(RangeError);
    expect(priceBasket(lines, { discountPerLine: [2_000, 500], deliveryFeeKobo: 300 }).totalKobo).toBe(300);
  });
});

describe('store credit (the last step)', () => {
  it('takes the credit off after discount and delivery, up to the total and never more', () => {
    const foot = priceBasket([line(10_000, 2)], { discount: pct(10), deliveryFeeKobo: 1_500 });
    expect(foot.totalKobo).toBe(19_500);
    const part = withStoreCredit(foot, 5_000);
    expect(part).toMatchObject({ storeCreditKobo: 5_000, totalKobo: 14_500 });
    const whole = withStoreCredit(foot, 50_000);
    expect(whole).toMatchObject({ storeCreditKobo: 19_500, totalKobo: 0 });
    expect(withStoreCredit(foot, 0)).toMatchObject({ storeCreditKobo: 0, totalKobo: 19_500 });
    // Applied again (a new balance), it starts from the total before credit.
    expect(withStoreCredit(part, 1_000)).toMatchObject({ storeCreditKobo: 1_000, totalKobo: 18_500 });
    expect(() => withStoreCredit(foot, -1)).toThrow(RangeError);
  });

  it('keeps subtotal − discount + delivery − credit = total for any basket and balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (price, percent, fee, balance) => {
          const t = withStoreCredit(
            priceBasket([line(price)], { discount: pct(percent), deliveryFeeKobo: fee }),
            balance,
          );
          expect(t.totalKobo).toBe(t.subtotalKobo - t.discountKobo + t.deliveryFeeKobo - t.storeCreditKobo!);
          expect(t.totalKobo).toBeGreaterThanOrEqual(0);
          expect(t.storeCreditKobo).toBeLessThanOrEqual(balance);
        },
      ),
    );
  });
});
