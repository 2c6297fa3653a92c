// SQL for the launch checklist's question about webhooks (read-only): the newest applied event.
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { paymentEvents } from '#server/db/schema/payments.ts';

export async function newestPaymentEvent(
  q: Queryable,
  provider: string,
): Promise<{ event: string; receivedAt: Date } | null> {
  const [row] = await q
    .select({ event: paymentEvents.event, receivedAt: paymentEvents.receivedAt })
    .from(paymentEvents)
    .where(eq(paymentEvents.provider, provider))
    .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id))
    .limit(1);
  return row ?? null;
}
