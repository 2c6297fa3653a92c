import { sql } from 'drizzle-orm';
import { NewsletterSubscribeInput } from '#core/contract/newsletter.ts';
import type { Queryable } from '#server/db/client.ts';
import { newsletterSubscribers } from '#server/db/schema/content.ts';
import { ValidationError } from '#server/platform/errors.ts';

export function createNewsletterService(deps: { db: Queryable }) {
  const { db } = deps;
  return {
    /** Subscribes an address; subscribing twice is not an error (and does not reveal anything). */
    async subscribe(input: unknown, source = 'footer'): Promise<{ email: string }> {
      const parsed = NewsletterSubscribeInput.safeParse(input);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Please enter a valid email address.';
        throw new ValidationError(message, { email: [message] });
      }
      const email = parsed.data.email.toLowerCase();
      await db
        .insert(newsletterSubscribers)
        .values({ email, source })
        .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { unsubscribedAt: sql`NULL` } });
      return { email };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
