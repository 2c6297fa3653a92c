// The cart as the cart page, the header badge and checkout see it, and the forms that change it.
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';
import { ImageRefSchema } from './catalog.ts';

const quantity = (min: number) =>
  z.coerce
    .number({ error: 'Please enter a quantity.' })
    .int('Please enter a whole number.')
    .min(min, min > 0 ? `Please choose at least ${min}.` : 'Please enter a quantity.')
    .max(999, 'That is more than we can sell at once.');

const variantId = z.coerce
  .number({ error: 'Please choose an option.' })
  .int()
  .positive('Please choose an option.')
  .max(MAX_ROW_ID, 'Please choose an option.');

/**
 * Add to Cart: the /cart form's "add", and the body of POST /api/v1/cart/lines (JSON) that the
 * product page sends when JavaScript runs. One schema for both, parsed once.
 */
export const AddToCartInput = z.object({
  variantId: variantId.describe('The variant to add (product_variants.id)'),
  quantity: quantity(1)
    .default(1)
    .describe('How many to add on top of what the cart already holds of it (default 1)'),
});
export type AddToCartInput = z.infer<typeof AddToCartInput>;

/** The answer to POST /api/v1/cart/lines: enough for the page to say so and update the header badge. */
export const AddedCartLineSchema = z.object({
  count: z.number().int().describe('Units in the cart now (the header badge)'),
  quantity: z.number().int().describe("The variant's line quantity now"),
  message: z.string().describe('What happened, in words for the shopper'),
});

/** Setting a quantity to 0 (or less) removes the line, as the spec says. */
export const SetCartQuantityInput = z.object({
  variantId,
  quantity: z.coerce
    .number({ error: 'Please enter a quantity.' })
    .int('Please enter a whole number.')
    .max(999),
});
export type SetCartQuantityInput = z.infer<typeof SetCartQuantityInput>;

export const RemoveCartLineInput = z.object({ variantId });

export const ApplyPromoInput = z.object({
  code: z
    .string({ error: 'Please enter a promo code.' })
    .trim()
    .min(1, 'Please enter a promo code.')
    .max(40, 'Invalid promo code'),
});

export const CartLineSchema = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productPath: z.string(),
  categorySlug: z.string(),
  variantLabel: z.string(),
  sku: z.string(),
  image: ImageRefSchema.nullable(),
  quantity: z.number().int(),
  /** Today's price, re-read from the database. */
  unitPriceKobo: z.number().int(),
  /** The price when it was added: the line says so when they differ. */
  seenPriceKobo: z.number().int(),
  stock: z.number().int(),
  subtotalKobo: z.number().int(),
  /** Why this line cannot be bought as it is (sold out, too few left, withdrawn), or null. */
  problem: z.string().nullable(),
  /** What changed since it was added (price up or down), or null. */
  notice: z.string().nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartViewSchema = z.object({
  lines: z.array(CartLineSchema),
  itemCount: z.number().int(),
  subtotalKobo: z.number().int(),
  discountKobo: z.number().int(),
  totalKobo: z.number().int(),
  promo: z
    .object({
      code: z.string(),
      /** False when the code no longer applies (the cart changed, it expired…); message says why. */
      applied: z.boolean(),
      message: z.string(),
    })
    .nullable(),
  canCheckout: z.boolean(),
});
export type CartView = z.infer<typeof CartViewSchema>;
