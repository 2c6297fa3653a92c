// Payments towards a "Pay small-small" plan (ADR 099): each is its own payments row (a new
// reference), verified with the provider and applied once by `apply` like any other; this is the
// branch `apply` takes for an order with a plan. The plan counts the money, then the order moves
// (deposit → on layaway, the last payment → confirmed), both in a savepoint: an order that can
// no longer take it keeps nothing of the attempt and the history records the money for staff.

import { formatPrice } from '#core/money.ts';
import type { Queryable, Tx } from '#server/db/client.ts';
import type { Order as OrderRow, OrdersService } from '#server/modules/orders/orders.service.ts';
import { AppError, ConflictError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import { movePayment } from './payment-machine.ts';
import { insertPayment, latestPaymentOf, type PaymentRow } from './payments.repository.ts';

/** The layaway module's port, as payments asks it (filled in services.ts). */
export interface LayawayPort {
  /** The order's plan (null: bought otherwise). */
  planRow(q: Queryable, orderId: number): Promise<{ depositKobo: number; status: string } | null>;
  /** Counts a verified payment towards the plan (under its row lock); null when there is none. */
  recordPayment(
    q: Queryable,
    orderId: number,
    amountKobo: number,
    paidAt: Date,
  ): Promise<{ paidKobo: number; totalKobo: number; complete: boolean; first: boolean } | null>;
}

export function createLayawayPayments(deps: {
  layaway: LayawayPort | null;
  orders: Pick<OrdersService, 'layawayPaid' | 'noteLatePayment'>;
  log: Logger;
}) {
  const { layaway, orders, log } = deps;
  async function paid(q: Queryable, payment: PaymentRow, how: string): Promise<OrderRow | null | undefined> {
    if (!layaway || !(await layaway.planRow(q, payment.orderId))) return undefined;
    try {
      return await (q as Tx).transaction(async (savepoint) => {
        const plan = await layaway.recordPayment(savepoint, payment.orderId, payment.amountKobo, new Date());
        if (!plan) throw new Error('The plan vanished under its lock.');
        const what = plan.first ? 'Deposit' : 'Instalment';
        const note = `${what} of ${formatPrice(payment.amountKobo)} received (${how.toLowerCase()}); paid ${formatPrice(plan.paidKobo)} of ${formatPrice(plan.totalKobo)}.`;
        return orders.layawayPaid(savepoint, payment.orderId, {
          complete: plan.complete,
          note,
          paymentReference: payment.reference,
        });
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn(
        { reference: payment.reference, orderId: payment.orderId, err: error },
        'layaway payment not applied',
      );
      await orders.noteLatePayment(q, payment.orderId, payment.reference);
      return null;
    }
  }

  return {
    paid,

    /**
     * Staff record a bank transfer towards a plan (the deposit's, or an instalment's), on the
     * caller's transaction: the deposit's waiting transfer row when the amount is its own, else a
     * new row; verified by staff, then applied as any payment. Refused (409) when the order cannot
     * take it (the caller's transaction rolls back).
     */
    async recordTransfer(
      q: Queryable,
      order: { id: number; trackingNumber: string },
      amountKobo: number,
      staffId: number,
    ): Promise<OrderRow> {
      const waiting = await latestPaymentOf(q, order.id);
      const payment =
        waiting?.provider === 'bank_transfer' &&
        waiting.status === 'pending' &&
        waiting.amountKobo === amountKobo
          ? waiting
          : await insertPayment(q, {
              orderId: order.id,
              provider: 'bank_transfer',
              reference: `${order.trackingNumber}-BT${Date.now().toString(36).toUpperCase()}`,
              amountKobo,
              currency: 'NGN',
              status: 'pending',
            });
      await movePayment(q, payment, 'success', {
        paidAt: new Date(),
        message: `Transfer recorded by staff member ${staffId}`,
      });
      const moved = await paid(q, payment, 'Bank transfer recorded by staff');
      if (!moved) throw new ConflictError('This order cannot take a payment now: check its status.');
      return moved;
    },

    /** The deposit of a layaway order (what its first online payment asks), or null. */
    async depositOf(q: Queryable, order: OrderRow): Promise<number | null> {
      if (order.paymentMethod !== 'layaway' || !layaway) return null;
      return (await layaway.planRow(q, order.id))?.depositKobo ?? null;
    },
  };
}
