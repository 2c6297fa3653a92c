// The one function that moves a payment attempt's status (ADR 073): it checks the move against
// PAYMENT_MOVES (core/payment-status.ts; success is final) and writes the status with the fields
// that change with it, on the caller's transaction. Nothing else writes payments.status.
import { canMovePayment, type PaymentStatus, paymentStatusFrom } from '#core/payment-status.ts';
import type { Queryable } from '#server/db/client.ts';
import { ConflictError } from '#server/platform/errors.ts';
import { type PaymentPatch, type PaymentRow, writePaymentStatus } from './payments.repository.ts';

/** A payment move the table does not allow (a paid attempt reported again, say). */
export class PaymentMoveRefusedError extends ConflictError {
  constructor(
    readonly from: PaymentStatus,
    readonly to: PaymentStatus,
  ) {
    super(`A payment that is ${from} cannot become ${to}.`);
  }
}

/** Moves `payment` (as read under the caller's lock, or just written) to `to`. */
export async function movePayment(
  q: Queryable,
  payment: PaymentRow,
  to: PaymentStatus,
  patch: PaymentPatch = {},
): Promise<void> {
  const from = paymentStatusFrom(payment.status, `payment ${payment.reference}`);
  if (!canMovePayment(from, to)) throw new PaymentMoveRefusedError(from, to);
  if (!(await writePaymentStatus(q, payment.id, from, to, patch))) {
    throw new ConflictError(`Payment ${payment.reference} changed meanwhile (it was ${from}).`);
  }
}
