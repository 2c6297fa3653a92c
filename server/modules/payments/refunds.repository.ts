// SQL for refunds, their lines, and the sandbox provider's ledger of refunds (ADR 097).
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { RefundStatus } from '#core/refunds.ts';
import type { Queryable } from '#server/db/client.ts';
import { payments } from '#server/db/schema/payments.ts';
import { refundLines, refunds, sandboxRefunds } from '#server/db/schema/refunds.ts';
import type { PaymentRow } from './payments.repository.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundLineRow = typeof refundLines.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

export async function listRefundsOf(q: Queryable, orderId: number): Promise<RefundRow[]> {
  return q
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

export async function listRefundLinesOf(q: Queryable, refundIds: number[]): Promise<RefundLineRow[]> {
  if (refundIds.length === 0) return [];
  return q
    .select()
    .from(refundLines)
    .where(inArray(refundLines.refundId, refundIds))
    .orderBy(asc(refundLines.id));
}

export async function insertRefund(
  q: Queryable,
  values: NewRefund,
  lines: Omit<typeof refundLines.$inferInsert, 'refundId'>[],
): Promise<RefundRow> {
  const [row] = await q.insert(refunds).values(values).returning();
  if (lines.length > 0) await q.insert(refundLines).values(lines.map((l) => ({ ...l, refundId: row!.id })));
  return row!;
}

export async function findRefund(q: Queryable, id: number): Promise<RefundRow | null> {
  const [row] = await q.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

export async function findRefundByProviderId(
  q: Queryable,
  provider: string,
  providerRefundId: string,
): Promise<RefundRow | null> {
  const [row] = await q
    .select()
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  return row ?? null;
}

/** Refunds of an order's payment still on their way without a provider id (matched by reference). */
export async function findPendingRefundsOfPayment(
  q: Queryable,
  paymentReference: string,
): Promise<RefundRow[]> {
  return q
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.reference, paymentReference), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id))
    .then((rows) => rows.map((r) => r.refund));
}

export type RefundPatch = Partial<
  Pick<
    NewRefund,
    | 'approvedBy'
    | 'providerRefundId'
    | 'failureMessage'
    | 'processedAt'
    | 'bankName'
    | 'accountNumber'
    | 'accountName'
    | 'transferReference'
  >
>;

/** Moves a refund from `from` to `to` (only from `from`: the caller holds the order's lock). */
export async function writeRefundStatus(
  q: Queryable,
  id: number,
  from: RefundStatus,
  to: RefundStatus,
  patch: RefundPatch = {},
): Promise<RefundRow | null> {
  const [row] = await q
    .update(refunds)
    .set({ status: to, ...patch, updatedAt: new Date() })
    .where(and(eq(refunds.id, id), eq(refunds.status, from)))
    .returning();
  return row ?? null;
}

export async function setProviderRefundId(q: Queryable, id: number, providerRefundId: string): Promise<void> {
  await q.update(refunds).set({ providerRefundId, updatedAt: new Date() }).where(eq(refunds.id, id));
}

/** The order's paid attempt (the one a card refund gives back), if any. */
export async function paidPaymentOf(q: Queryable, orderId: number): Promise<PaymentRow | null> {
  const [row] = await q
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'success')))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** What the order's succeeded payments came to (a Pay small-small order pays in several). */
export async function sumSucceededPayments(q: Queryable, orderId: number): Promise<number> {
  const [row] = await q
    .select({ total: sql<number>`coalesce(sum(${payments.amountKobo}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'success')));
  return Number(row?.total ?? 0);
}

/** Card refunds on their way, unchanged since `before` (their webhook may have been lost). */
export async function listWaitingRefunds(q: Queryable, before: Date, limit: number): Promise<RefundRow[]> {
  return q
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.status, 'pending'), isNotNull(refunds.providerRefundId), lt(refunds.updatedAt, before)),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
}

/** Marks a refund as looked at now (the background check asks again a quarter of an hour later). */
export async function touchRefund(q: Queryable, id: number): Promise<void> {
  await q
    .update(refunds)
    .set({ updatedAt: new Date() })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')));
}

// ── The sandbox provider's side ─────────────────────────────────────────────────────────────────

export type SandboxRefund = typeof sandboxRefunds.$inferSelect;

export async function insertSandboxRefund(
  q: Queryable,
  values: typeof sandboxRefunds.$inferInsert,
): Promise<SandboxRefund> {
  const [row] = await q.insert(sandboxRefunds).values(values).returning();
  return row!;
}

export async function findSandboxRefund(q: Queryable, id: number): Promise<SandboxRefund | null> {
  const [row] = await q.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
  return row ?? null;
}

/** What the sandbox has refunded of a transaction so far (processed or on its way). */
export async function listSandboxRefundsOf(q: Queryable, reference: string): Promise<SandboxRefund[]> {
  return q.select().from(sandboxRefunds).where(eq(sandboxRefunds.transactionReference, reference));
}

export async function settleSandboxRefund(
  q: Queryable,
  id: number,
  status: 'processed' | 'failed',
): Promise<SandboxRefund | null> {
  const [row] = await q
    .update(sandboxRefunds)
    .set({ status })
    .where(and(eq(sandboxRefunds.id, id), eq(sandboxRefunds.status, 'pending')))
    .returning();
  return row ?? null;
}

/**
 * The units of an order that approved refunds have already put back on the shelf, per order line
 * (approved: pending, processed or failed — a refund's stock goes back at approval, ADR 097).
 */
export async function listRestockedUnits(
  q: Queryable,
  orderId: number,
): Promise<{ orderLineId: number; quantity: number }[]> {
  const rows = await q
    .select({
      orderLineId: refundLines.orderLineId,
      quantity: sql<number>`sum(${refundLines.quantity})::int`,
    })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refundLines.restock, true),
        inArray(refunds.status, ['pending', 'processed', 'failed']),
      ),
    )
    .groupBy(refundLines.orderLineId);
  return rows.map((r) => ({ orderLineId: r.orderLineId, quantity: Number(r.quantity) }));
}
