// A card refund's outcome, however it arrives (ADR 097): the provider's refund.processed /
// refund.failed webhook (signature checked by the payments service; each delivery recorded in
// payment_events, so a replay changes nothing), the provider's answer when the refund is made, or
// a status check when no webhook came. Each is applied once, under the order's row lock.
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import type { RefundOrderPort } from '#server/modules/orders/orders.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import { recordPaymentEvent } from './payments.repository.ts';
import type { PaymentProvider, WebhookEvent } from './providers/provider.ts';
import type { RefundActorRef, RefundOutcomes } from './refund-outcomes.ts';
import {
  findPendingRefundsOfPayment,
  findRefund,
  findRefundByProviderId,
  type RefundRow,
} from './refunds.repository.ts';

export const REFUND_EVENTS = ['refund.processed', 'refund.failed', 'refund.pending', 'refund.processing'];

export function createRefundWebhooks(deps: {
  db: Db;
  provider: PaymentProvider;
  orders: RefundOrderPort;
  outcomes: RefundOutcomes;
  log: Logger;
}) {
  const { db, provider, orders, outcomes, log } = deps;

  /** Applies a final outcome to a pending refund, once (false when it was no longer pending). */
  async function settle(
    refundId: number,
    status: 'processed' | 'failed',
    message: string,
    actor: RefundActorRef,
    q: Queryable = db,
  ): Promise<boolean> {
    return (q as Tx).transaction(async (tx) => {
      const seen = await findRefund(tx, refundId);
      if (!seen) return false;
      const order = await orders.lock(tx, seen.orderId);
      const refund = await findRefund(tx, refundId);
      if (!order || !refund || refund.status !== 'pending') return false;
      if (status === 'processed') await outcomes.processed(tx, order, refund, 'pending', actor);
      else await outcomes.failed(tx, order, refund, message, actor);
      return true;
    });
  }

  /** Which refund an event is about: by the provider's refund id, else the transaction's one pending refund. */
  async function refundOf(q: Queryable, data: Record<string, unknown>): Promise<RefundRow | null> {
    const id = data.id === undefined || data.id === null ? null : String(data.id);
    if (id) {
      const byId = await findRefundByProviderId(q, provider.name, id);
      if (byId) return byId;
    }
    const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : null;
    if (!reference) return null;
    // The webhook came before the provider's answer was stored: the one refund of that amount on its way.
    const waiting = (await findPendingRefundsOfPayment(q, reference)).filter(
      (r) => r.providerRefundId === null || r.providerRefundId === id,
    );
    return waiting.find((r) => r.amountKobo === Number(data.amount)) ?? null;
  }

  return {
    settle,

    async handle(event: WebhookEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
      if (!REFUND_EVENTS.includes(event.event)) return 'ignored';
      const final =
        event.event === 'refund.processed' ? 'processed' : event.event === 'refund.failed' ? 'failed' : null;
      if (!final) return 'ignored';
      const data = event.data;
      const key = `refund:${data.id ?? `${String(data.transaction_reference)}:${String(data.amount)}`}`;
      return db.transaction(async (tx) => {
        const fresh = await recordPaymentEvent(tx, {
          provider: provider.name,
          event: event.event,
          reference: key,
          payload: data,
        });
        if (!fresh) return 'duplicate';
        // Unknown (yet): not recorded (the throw undoes it), answered 404 so the provider sends it
        // again later (ADR 087).
        const refund = await refundOf(tx, data);
        if (!refund) throw new NotFoundError('No refund matches this event (yet): send it again later.');
        const message =
          (typeof data.merchant_note === 'string' && data.merchant_note) ||
          (typeof data.message === 'string' && data.message) ||
          'The provider could not complete the refund.';
        const applied = await settle(refund.id, final, message, null, tx);
        log.info({ refundId: refund.id, event: event.event, applied }, 'refund webhook');
        return 'applied';
      });
    },

    /** The status check: asks the provider about a refund still on its way. */
    async check(refundId: number): Promise<RefundRow | null> {
      const refund = await findRefund(db, refundId);
      if (refund?.status !== 'pending' || !refund.providerRefundId) return refund;
      const answer = await provider.fetchRefund(refund.providerRefundId);
      if (answer.status !== 'pending') {
        await settle(
          refund.id,
          answer.status,
          answer.message ?? 'The provider could not complete the refund.',
          null,
        );
      }
      return findRefund(db, refundId);
    },
  };
}
