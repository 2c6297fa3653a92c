// SQL for payment attempts, applied webhook events and the sandbox provider's ledger.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentStatus } from '#core/payment-status.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { paymentEvents, payments, sandboxTransactions } from '#server/db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(q: Queryable, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await q.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(q: Queryable, reference: string): Promise<PaymentRow | null> {
  const [row] = await q.select().from(payments).where(eq(payments.reference, reference));
  return row ?? null;
}

/** The payment row, locked until the transaction ends (one applier at a time). */
export async function lockPayment(q: Queryable, reference: string): Promise<PaymentRow | null> {
  const [row] = await queryRows<{ id: number }>(
    q,
    sql`SELECT id FROM payments WHERE reference = ${reference} FOR UPDATE`,
  );
  return row ? findPayment(q, reference) : null;
}

/** What changes with a payment's status (or, `authorizationUrl`, without it). */
export type PaymentPatch = Partial<
  Pick<
    typeof payments.$inferInsert,
    'authorizationUrl' | 'providerTransactionId' | 'channel' | 'message' | 'paidAt'
  >
>;

/** Fields of a payment that are not its status (the provider's page for it). */
export async function updatePayment(q: Queryable, id: number, patch: PaymentPatch): Promise<void> {
  await q
    .update(payments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * Moves the payment from `from` to `to` with the fields that change with it (only from `from`: a
 * guard for the caller's lock). Only payment-machine.ts calls it. False when it was not in `from`.
 */
export async function writePaymentStatus(
  q: Queryable,
  id: number,
  from: PaymentStatus,
  to: PaymentStatus,
  patch: PaymentPatch,
): Promise<boolean> {
  const [row] = await q
    .update(payments)
    .set({ status: to, ...patch, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning({ id: payments.id });
  return Boolean(row);
}

/** Every attempt to pay an order, newest first. */
export async function listPaymentsOf(q: Queryable, orderId: number): Promise<PaymentRow[]> {
  return q
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

export async function latestPaymentOf(q: Queryable, orderId: number): Promise<PaymentRow | null> {
  const [row] = await q
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * Records a webhook event; false when the same event for the same reference was recorded before
 * (a replay). Concurrent copies wait for each other on the unique index.
 */
export async function recordPaymentEvent(
  q: Queryable,
  values: { provider: string; event: string; reference: string; payload: unknown },
): Promise<boolean> {
  const rows = await q
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.event, paymentEvents.reference] })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

// ── The sandbox provider's side ─────────────────────────────────────────────────────────────────

export type SandboxTransaction = typeof sandboxTransactions.$inferSelect;

export async function insertSandboxTransaction(
  q: Queryable,
  values: typeof sandboxTransactions.$inferInsert,
): Promise<boolean> {
  const rows = await q
    .insert(sandboxTransactions)
    .values(values)
    .onConflictDoNothing()
    .returning({ reference: sandboxTransactions.reference });
  return rows.length === 1;
}

export async function findSandboxTransaction(
  q: Queryable,
  reference: string,
): Promise<SandboxTransaction | null> {
  const [row] = await q
    .select()
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.reference, reference));
  return row ?? null;
}

/** Settles a pending sandbox transaction (success or abandoned); null when it was not pending. */
export async function settleSandboxTransaction(
  q: Queryable,
  reference: string,
  status: 'success' | 'abandoned' | 'failed',
): Promise<SandboxTransaction | null> {
  const [row] = await q
    .update(sandboxTransactions)
    .set({ status, paidAt: status === 'success' ? sql`now()` : null })
    .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'pending')))
    .returning();
  return row ?? null;
}
