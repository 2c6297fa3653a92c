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
