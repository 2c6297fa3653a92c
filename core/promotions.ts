// Promo code rules: whether a code can be used on this cart by this shopper, and if not, why.
import { formatPrice } from './money.ts';
import {
  type DiscountRule,
  discountApplies,
  discountPerLine,
  lineSubtotal,
  type PricingLine,
} from './pricing.ts';

export interface Discount extends DiscountRule {
  code: string;
  isActive: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  minSubtotalKobo: number;
  /** Only for a shopper's first order (NEWCUSTOMER). */
  firstOrderOnly: boolean;
}

export type PromoRefusal =
  | 'unknown'
  | 'inactive'
  | 'not_started'
  | 'expired'
  | 'used_up'
  /**
   * A per-customer rule refused it: the code's uses per customer are spent, or it is for a first
   * order and this customer has ordered. One reason and one message for both (issue 29, ADR 063):
   * checking a code must not tell whether an address has ordered before or has used the code.
   */
  | 'not_for_customer'
  | 'not_applicable'
  | 'below_minimum';

export interface PromoContext {
  now: Date;
  lines: readonly PricingLine[];
  /** How many orders this shopper (account or email) has already used the code on; null if unknown yet. */
  customerUses: number | null;
  /** Whether this shopper has ordered before; null if not known yet (a guest before checkout). */
  hasOrderedBefore: boolean | null;
}

export type PromoResult =
  | { ok: true; code: string; discountKobo: number; perLine: number[] }
  | { ok: false; reason: PromoRefusal; message: string };

/** Codes are compared without regard to case or surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The one answer for every per-customer refusal (see `not_for_customer`). */
export const NOT_FOR_CUSTOMER = 'This promo code is not available for this email address or account.';

export function refusalMessage(reason: PromoRefusal, discount?: Pick<Discount, 'minSubtotalKobo'>): string {
  switch (reason) {
    case 'unknown':
      return 'Invalid promo code';
    case 'inactive':
      return 'This promo code is not active.';
    case 'not_started':
      return 'This promo code cannot be used yet.';
    case 'expired':
      return 'This promo code has expired.';
    case 'used_up':
      return 'This promo code has been used up.';
    case 'not_for_customer':
      return NOT_FOR_CUSTOMER;
    case 'not_applicable':
      return 'This promo code does not apply to the items in your cart.';
    case 'below_minimum':
      return `This promo code needs a subtotal of at least ${formatPrice(discount?.minSubtotalKobo ?? 0)}.`;
  }
}

function refuse(reason: PromoRefusal, discount?: Discount): PromoResult {
  return { ok: false, reason, message: refusalMessage(reason, discount) };
}

/** Checks every rule of a code against a cart and a shopper; the first rule broken is the answer. */
export function evaluatePromo(discount: Discount | null, context: PromoContext): PromoResult {
  if (!discount) return refuse('unknown');
  if (!discount.isActive) return refuse('inactive', discount);
  if (discount.startsAt && discount.startsAt > context.now) return refuse('not_started', discount);
  if (discount.expiresAt && discount.expiresAt <= context.now) return refuse('expired', discount);
  if (discount.usageLimit !== null && discount.usedCount >= discount.usageLimit)
    return refuse('used_up', discount);
  if (
    discount.perCustomerLimit !== null &&
    context.customerUses !== null &&
    context.customerUses >= discount.perCustomerLimit
  ) {
    return refuse('not_for_customer', discount);
  }
  if (discount.firstOrderOnly && context.hasOrderedBefore) return refuse('not_for_customer', discount);
  const eligible = context.lines.filter((l) => discountApplies(discount, l));
  if (eligible.length === 0) return refuse('not_applicable', discount);
  const subtotal = context.lines.reduce((a, l) => a + lineSubtotal(l), 0);
  if (subtotal < discount.minSubtotalKobo) return refuse('below_minimum', discount);
  const perLine = discountPerLine(discount, context.lines);
  return { ok: true, code: discount.code, discountKobo: perLine.reduce((a, b) => a + b, 0), perLine };
}
