// What happens when a refund is done or fails (ADR 097), on the caller's transaction with the
// order's row locked: the refund's status, the order's history line through the state machine's
// `note`, the shopper's email through the outbox, the promo's use released when the whole order is
// refunded, and the audit entry.
import { formatPrice } from '#core/money.ts';
import { REFUND_METHOD_LABELS, type RefundMethod } from '#core/refunds.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { refundMail } from '#server/modules/mail/refund-templates.tsx';
import type { Order, RefundOrderPort } from '#server/modules/orders/orders.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { ConflictError } from '#server/platform/errors.ts';
import { readLedger } from './refund-ledger.ts';
import { listRefundLinesOf, type RefundRow, writeRefundStatus } from './refunds.repository.ts';

export interface OutcomeDeps {
  orders: RefundOrderPort;
  audit: Pick<AuditService, 'record'>;
  mail: Pick<MailService, 'enqueue'>;
  promotions: Pick<PromotionsService, 'release'>;
  trackUrl: (order: Order) => string;
}

/** Who acts: a staff member (with the address they act from), or the provider (null). */
export type RefundActorRef = { id: number; ip?: string | null } | null;

export function createRefundOutcomes(deps: OutcomeDeps) {
  const { orders, audit, mail } = deps;

  async function record(
    q: Queryable,
    order: Order,
    refund: RefundRow,
    action: string,
    actor: RefundActorRef,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await audit.record(q, {
      actorUserId: actor?.id ?? null,
      ip: actor?.ip ?? null,
      action,
      subjectType: 'order',
      subjectId: order.trackingNumber,
      details: { refundId: refund.id, amountKobo: refund.amountKobo, method: refund.provider, ...details },
    });
  }

  /**
   * The refund (pending, or just approved) is done: processed, one line in the order's history,
   * the shopper's email, and the promo's use given back when the whole order has been refunded.
   */
  async function processed(
    q: Queryable,
    order: Order,
    refund: RefundRow,
    from: 'pending' | 'requested' | 'failed',
    actor: RefundActorRef,
    patch: Parameters<typeof writeRefundStatus>[4] = {},
  ): Promise<RefundRow> {
    const done = await writeRefundStatus(q, refund.id, from, 'processed', {
      ...patch,
      processedAt: new Date(),
    });
    if (!done) throw new ConflictError('This refund changed meanwhile: reload the page.');
    const lines = await orders.lines(q, order.id);
    const ledger = await readLedger(q, order, lines);
    const full = ledger.processedKobo >= ledger.paidKobo;
    const method = done.provider as RefundMethod;
    await orders.note(
      q,
      order,
      `Refunded ${formatPrice(done.amountKobo)} (${full ? 'in full' : 'partly'}) to ${REFUND_METHOD_LABELS[method]}.`,
    );
    await orders.issueReceipt(q, { orderId: order.id, refundId: done.id });
    // Only when everything paid has come back, and only on the refund that made it whole (the
    // order's row is locked: one refund at a time crosses that line).
    if (full && ledger.processedKobo - done.amountKobo < ledger.paidKobo && order.discountId !== null) {
      await deps.promotions.release(q, order.discountId, order.id);
    }
    const refundLines = await listRefundLinesOf(q, [done.id]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const items = refundLines.map((l) => {
      const line = byId.get(l.orderLineId);
      const name = line
        ? `${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ''}`
        : 'An item';
      return `${l.quantity} × ${name}: ${formatPrice(l.amountKobo)}`;
    });
    if (done.includesDeliveryFee) items.push(`Delivery fee: ${formatPrice(order.deliveryFeeKobo)}`);
    await mail.enqueue(
      q,
      refundMail({
        to: order.email,
        name: order.shipName,
        trackingNumber: order.trackingNumber,
        amountKobo: done.amountKobo,
        full,
        items,
        method: method === 'bank_transfer' ? 'bank_transfer' : 'card',
        transfer:
          method === 'bank_transfer' && done.accountNumber && done.transferReference
            ? {
                bankName: done.bankName ?? 'bank',
                accountLast4: done.accountNumber.slice(-4),
                reference: done.transferReference,
              }
            : undefined,
        trackUrl: deps.trackUrl(order),
      }),
    );
    await record(q, order, done, 'refund.processed', actor, { full });
    return done;
  }

  /** The provider refused or failed the refund: it says why, holds no money, and can be tried again. */
  async function failed(
    q: Queryable,
    order: Order,
    refund: RefundRow,
    message: string,
    actor: RefundActorRef,
  ): Promise<RefundRow | null> {
    const done = await writeRefundStatus(q, refund.id, 'pending', 'failed', {
      failureMessage: message.slice(0, 500),
    });
    if (!done) return null;
    // Staff's business (the refund page and the audit log say why); the shopper's history only
    // hears of money that came back.
    await record(q, order, done, 'refund.failed', actor, { message: done.failureMessage });
    return done;
  }

  return { record, processed, failed };
}

export type RefundOutcomes = ReturnType<typeof createRefundOutcomes>;
