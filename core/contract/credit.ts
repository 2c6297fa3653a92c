// Store credit as the pages show it (ADR 100): the balance and the ledger's entries, newest first,
// and the admin's adjustment form.
import { z } from 'zod';
import { parseNairaInput } from '../money-input.ts';

export const CREDIT_KIND_LABELS = {
  grant: 'Added to your credit',
  spend: 'Spent on an order',
  restore: 'Given back: the order ended',
  adjust: 'Adjusted by the shop',
} as const;

export const CreditEntrySchema = z.object({
  id: z.number().int(),
  /** Signed: > 0 added to the balance, < 0 taken from it. */
  amountKobo: z.number().int(),
  kind: z.enum(['grant', 'spend', 'restore', 'adjust']),
  reason: z.string(),
  trackingNumber: z.string().nullable(),
  /** Who granted or adjusted it: staff's view only (null for the shopper, and for the shop itself). */
  actorName: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditEntryView = z.infer<typeof CreditEntrySchema>;

export interface StoreCreditView {
  balanceKobo: number;
  entries: CreditEntryView[];
}

/**
 * An admin's adjustment: "grant" adds, "take" takes back (never below zero), an amount in naira
 * as typed ("5,000" or "2500.50"), and a reason (required; the customer sees it in their history).
 */
export const CreditAdjustInput = z.object({
  direction: z.enum(['grant', 'take'], { error: 'Choose whether to add credit or take it back.' }),
  amount: z.string({ error: 'Enter an amount in naira.' }).transform((v, ctx) => {
    const kobo = parseNairaInput(v);
    if (kobo === null || kobo === 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount in naira above ₦0, e.g. 5,000 or 2500.50.' });
      return z.NEVER;
    }
    return kobo;
  }),
  reason: z
    .string({ error: 'Please give a reason (the customer sees it).' })
    .trim()
    .min(3, 'Please give a reason (the customer sees it).')
    .max(300, 'Please keep the reason under 300 characters.'),
});
export type CreditAdjustInput = z.infer<typeof CreditAdjustInput>;
