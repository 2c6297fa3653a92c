import { z } from 'zod';

export const NewsletterSubscribeInput = z.object({
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'That email address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
});
export type NewsletterSubscribeInput = z.infer<typeof NewsletterSubscribeInput>;

const LINK_PROBLEM = 'This link is incomplete or no longer works.';

/** The token from a newsletter email's confirm or unsubscribe link. */
export const NewsletterTokenInput = z.object({
  token: z.string({ error: LINK_PROBLEM }).trim().min(1, LINK_PROBLEM).max(200, LINK_PROBLEM),
});
export type NewsletterTokenInput = z.infer<typeof NewsletterTokenInput>;

/** The answer to a sign-up: the same whether or not the address is already subscribed. */
export const NewsletterSignUpResult = z.object({ email: z.string(), message: z.string() });
export type NewsletterSignUpResult = z.infer<typeof NewsletterSignUpResult>;
