// Cart and order arithmetic in integer kobo: line totals, a discount shared over the lines it
// applies to so the parts add up to the whole exactly, delivery and the total.

export interface PricingLine {
  productId: number;
  categorySlug: string;
  unitPriceKobo: number;
  quantity: number;
}

/**
 * Splits `total` over `weights` in proportion, in whole kobo, so the parts add up to `total`
 * exactly (largest remainder; ties go to the earlier line). No part exceeds its weight when
 * `total` does not exceed their sum.
 */
export function prorate(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Not a kobo amount: ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  // Exact integer arithmetic: total × weight can pass 2^53 for large orders.
  const t = BigInt(total);
  const s = BigInt(sum);
  const shares = weights.map((w, index) => {
    const product = t * BigInt(w);
    return { index, part: product / s, remainder: product % s };
  });
  let left = t - shares.reduce((a, x) => a + x.part, 0n);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.part += 1n;
    left -= 1n;
  }
  return shares.map((x) => Number(x.part));
}

export type DiscountType = 'percentage' | 'fixed';
export type DiscountScope = 'global' | 'category' | 'product';

export interface DiscountRule {
  type: DiscountType;
  /** Percent (1–100) for percentage; kobo for fixed. */
  value: number;
  scope: DiscountScope;
  categorySlugs: readonly string[];
  productIds: readonly number[];
}

export function lineSubtotal(line: PricingLine): number {
  return line.unitPriceKobo * line.quantity;
}

/** Whether a line is one the discount applies to. */
export function discountApplies(rule: DiscountRule, line: PricingLine): boolean {
  if (rule.scope === 'global') return true;
  if (rule.scope === 'category') return rule.categorySlugs.includes(line.categorySlug);
  return rule.productIds.includes(line.productId);
}

/**
 * The discount on each line (in kobo, in line order). Percentages are taken of the eligible
 * subtotal and rounded half up to the kobo once, then shared over the eligible lines; a fixed
 * amount never exceeds what it applies to.
 */
export function discountPerLine(rule: DiscountRule, lines: readonly PricingLine[]): number[] {
  const eligible = lines.map((l) => (discountApplies(rule, l) ? lineSubtotal(l) : 0));
  const base = eligible.reduce((a, b) => a + b, 0);
  const total =
    rule.type === 'percentage'
      ? Math.floor((base * Math.min(100, Math.max(0, rule.value)) + 50) / 100)
      : Math.min(base, Math.max(0, rule.value));
  return prorate(total, eligible);
}

export interface Totals {
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  totalKobo: number;
  /** Store credit taken off after discount and delivery (ADR 100; absent: none). */
  storeCreditKobo?: number;
  /** Per line, in order: subtotal, its share of the discount, and what is paid for it. */
  lines: { subtotalKobo: number; discountKobo: number; totalKobo: number }[];
}

/** The figures a shopper sees at the foot of a basket: subtotal − discount + delivery = total. */
export type BasketTotals = Pick<
  Totals,
  'subtotalKobo' | 'discountKobo' | 'deliveryFeeKobo' | 'totalKobo' | 'storeCreditKobo'
>;

export interface BasketOptions {
  /**
   * The promo's share of each line, in line order, as the promotions service worked it out
   * (`evaluatePromo(...).perLine`): the rule is applied there, once, never again here.
   */
  discountPerLine?: readonly number[] | null;
  /** Or the rule itself (for callers that hold a rule, not a promo result). */
  discount?: DiscountRule | null;
  deliveryFeeKobo?: number;
  /** Delivery is free when the basket after its discount reaches this (null or absent: never). */
  freeDeliveryFromKobo?: number | null;
}

function assertKobo(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what} is not a kobo amount: ${amount}`);
}

/**
 * Prices a basket: the one place money is added up. Every screen, email, API response, order
 * row and payment takes its figures from this result: each line's subtotal, its share of the
 * discount and what is paid for it, and the basket's subtotal, discount, delivery fee and total.
 * The parts add up to the totals exactly; no line is discounted below zero.
 */
export function priceBasket(lines: readonly PricingLine[], options: BasketOptions = {}): Totals {
  const discounts =
    options.discountPerLine ??
    (options.discount ? discountPerLine(options.discount, lines) : lines.map(() => 0));
  if (discounts.length !== lines.length) {
    throw new RangeError(
      `A discount share per line is needed: ${discounts.length} for ${lines.length} lines`,
    );
  }
  const perLine = lines.map((l, i) => {
    const subtotalKobo = lineSubtotal(l);
    const discountKobo = discounts[i]!;
    assertKobo(subtotalKobo, 'A line subtotal');
    assertKobo(discountKobo, 'A line discount');
    if (discountKobo > subtotalKobo) {
      throw new RangeError(`A line discount (${discountKobo}) exceeds its line (${subtotalKobo})`);
    }
    return { subtotalKobo, discountKobo, totalKobo: subtotalKobo - discountKobo };
  });
  const subtotalKobo = perLine.reduce((a, l) => a + l.subtotalKobo, 0);
  const discountKobo = perLine.reduce((a, l) => a + l.discountKobo, 0);
  return {
    ...withDeliveryFee(
      { subtotalKobo, discountKobo },
      options.deliveryFeeKobo ?? 0,
      options.freeDeliveryFromKobo,
    ),
    lines: perLine,
  };
}

/**
 * A priced basket's foot with this delivery fee (the checkout page adds the fee of the state the
 * shopper picks to the cart's figures, which carry no fee). When the shop offers free delivery
 * from some amount and the basket after its discount reaches it, the fee is 0: the one place
 * that rule lives, so the checkout page, the order and the payment always agree.
 */
export function withDeliveryFee(
  totals: Pick<Totals, 'subtotalKobo' | 'discountKobo'>,
  stateFeeKobo: number,
  freeDeliveryFromKobo?: number | null,
): BasketTotals {
  assertKobo(stateFeeKobo, 'A delivery fee');
  if (freeDeliveryFromKobo != null) assertKobo(freeDeliveryFromKobo, 'A free-delivery threshold');
  const free =
    freeDeliveryFromKobo != null && totals.subtotalKobo - totals.discountKobo >= freeDeliveryFromKobo;
  const deliveryFeeKobo = free ? 0 : stateFeeKobo;
  return {
    subtotalKobo: totals.subtotalKobo,
    discountKobo: totals.discountKobo,
    deliveryFeeKobo,
    totalKobo: totals.subtotalKobo - totals.discountKobo + deliveryFeeKobo,
  };
}

/**
 * The last step of a basket's price (ADR 100): store credit, taken off after the discount and
 * delivery. It uses `availableKobo` up to the total and never more: subtotal − discount +
 * delivery − store credit = total, and the total never goes below zero.
 */
export function withStoreCredit<T extends BasketTotals>(totals: T, availableKobo: number): T {
  assertKobo(availableKobo, 'A store credit balance');
  const before = totals.totalKobo + (totals.storeCreditKobo ?? 0);
  const storeCreditKobo = Math.min(availableKobo, before);
  return { ...totals, storeCreditKobo, totalKobo: before - storeCreditKobo };
}
