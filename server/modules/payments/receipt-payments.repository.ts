// SQL for the receipt's payments (receipt-payments.ts): an order's payments that succeeded.
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { payments } from '#server/db/schema/payments.ts';

export async function listSucceededPayments(q: Queryable, orderId: number) {
  return q
    .select({
      provider: payments.provider,
      channel: payments.channel,
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      paidAt: payments.paidAt,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'success')))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}
