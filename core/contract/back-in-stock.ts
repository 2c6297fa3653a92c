// "Email me when it's back" on a sold-out product or variant (issue 14, ADR 037).
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';
import { EmailField } from './account.ts';

/** A guest gives an email; a signed-in shopper's account email is used (the field is ignored). */
export const BackInStockInput = z.object({
  variantId: z.coerce
    .number({ error: 'Please choose an option.' })
    .int('Please choose an option.')
    .positive('Please choose an option.')
    .max(MAX_ROW_ID, 'Please choose an option.'),
  email: EmailField.optional(),
});
export type BackInStockInput = z.infer<typeof BackInStockInput>;

export const BackInStockResult = z.object({
  /** The address the email will go to. */
  email: z.string(),
  /** False when this address was already waiting for this variant (nothing new stored). */
  created: z.boolean(),
});
export type BackInStockResult = z.infer<typeof BackInStockResult>;
