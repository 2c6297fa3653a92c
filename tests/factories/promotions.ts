// Promo codes for tests: a unique code by default (10% off everything), override what the test is about.
import { randomBytes } from 'node:crypto';
import type { CategorySlug } from '#core/catalog.ts';
import type { Queryable } from '#server/db/client.ts';
import { discounts } from '#server/db/schema/promotions.ts';

export interface PromoCodeOverrides {
  /** Stored upper-case, as the shop stores codes. */
  code?: string;
  type?: 'percentage' | 'fixed';
  /** Percent for percentage codes, kobo for fixed ones. */
  value?: number;
  /** Defaults from what is given: products, else categories, else the whole shop. */
  scope?: 'global' | 'category' | 'product';
  categories?: CategorySlug[];
  productIds?: number[];
  usageLimit?: number | null;
  usedCount?: number;
  perCustomerLimit?: number | null;
  minSubtotalKobo?: number;
  firstOrderOnly?: boolean;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  isActive?: boolean;
}

let sequence = 0;

export async function createPromoCode(db: Queryable, overrides: PromoCodeOverrides = {}) {
  sequence += 1;
  const scope =
    overrides.scope ??
    (overrides.productIds ? 'product' : overrides.categories ? 'category' : ('global' as const));
  const [row] = await db
    .insert(discounts)
    .values({
      code: (overrides.code ?? `TEST${sequence}${randomBytes(3).toString('hex')}`).toUpperCase(),
      type: overrides.type ?? 'percentage',
      value: overrides.value ?? 10,
      scope,
      categorySlugs: overrides.categories ?? [],
      productIds: overrides.productIds ?? [],
      usageLimit: overrides.usageLimit ?? null,
      usedCount: overrides.usedCount ?? 0,
      perCustomerLimit: overrides.perCustomerLimit ?? null,
      minSubtotalKobo: overrides.minSubtotalKobo ?? 0,
      firstOrderOnly: overrides.firstOrderOnly ?? false,
      startsAt: overrides.startsAt ?? null,
      expiresAt: overrides.expiresAt ?? null,
      isActive: overrides.isActive ?? true,
    })
    .returning();
  return row!;
}
