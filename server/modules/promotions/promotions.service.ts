// Promo codes: checked against a cart and a shopper with the rules in core/promotions.ts; uses
// are taken atomically when an order is placed (see checkout).
import { SAMPLE_PROMO_CODES } from '#core/demo.ts';
import type { PricingLine } from '#core/pricing.ts';
import { evaluatePromo, normalizeCode, type PromoResult } from '#core/promotions.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  type Customer,
  countCustomerUses,
  deleteCodes,
  deleteRedemption,
  existingCodes,
  findDiscountByCode,
  hasOrdered,
  recordRedemption,
  returnDiscountUse,
  takeDiscountUse,
  toDiscount,
} from './promotions.repository.ts';

export type { Customer };

export function createPromotionsService(deps: { db: Queryable }) {
  const { db } = deps;
  return {
    /** The sample data's published promo codes (ADR 016) still in the database. */
    sampleCodesPresent(): Promise<string[]> {
      return existingCodes(db, SAMPLE_PROMO_CODES);
    },

    /** Removes the sample promo codes (the owner took the shop over). Returns those removed. */
    removeSampleCodes(): Promise<string[]> {
      return deleteCodes(db, SAMPLE_PROMO_CODES);
    },

    /**
     * Whether `code` applies to these lines for this customer, and how much it takes off each.
     * A customer with no account or email yet (a guest before checkout) passes the per-customer
     * rules until checkout knows who they are.
     */
    async evaluate(
      code: string,
      lines: readonly PricingLine[],
      customer: Customer,
      q: Queryable = db,
    ): Promise<PromoResult & { discountId: number | null }> {
      const row = await findDiscountByCode(q, normalizeCode(code));
      const discount = row ? toDiscount(row) : null;
      const known = customer.userId !== null || Boolean(customer.email);
      const [customerUses, ordered] =
        discount && known
          ? await Promise.all([countCustomerUses(q, discount.id, customer), hasOrdered(q, customer)])
          : [null, null];
      const result = evaluatePromo(discount, {
        now: new Date(),
        lines,
        customerUses,
        hasOrderedBefore: ordered,
      });
      return { ...result, discountId: discount?.id ?? null };
    },

    /**
     * Takes one use of the code for an order, atomically (inside the order's transaction): false
     * when the code went inactive, expired or ran out meanwhile, however many shoppers race.
     */
    async redeem(
      q: Queryable,
      discountId: number,
      order: { id: number; userId: number | null; email: string },
    ): Promise<boolean> {
      if (!(await takeDiscountUse(q, discountId))) return false;
      await recordRedemption(q, { discountId, orderId: order.id, userId: order.userId, email: order.email });
      return true;
    },

    /**
     * Gives the use back when the order it was taken for did not go through, or was refunded in
     * full: once per order, however many of those happen to it (a whole refund, then a cancel).
     */
    async release(q: Queryable, discountId: number, orderId: number): Promise<void> {
      if (await deleteRedemption(q, orderId)) await returnDiscountUse(q, discountId);
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
