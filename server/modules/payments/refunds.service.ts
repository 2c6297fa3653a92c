// Refunds (ADR 097): money given back for an order, beside its status. An admin issues one (or
// approves a staff member's request); it is weighed against what is left under the order's row
// lock, its restocked units go back on the shelf once, at approval; a card refund goes to the
// provider that took the money and is done when its webhook (or a status check) says so; an offline
// order's refund is the transfer the shop made, recorded as done at once.
import type { SessionUser } from '#core/contract/account.ts';
import type { RefundInput, RefundSummary, RefundTransferInput } from '#core/contract/refunds.ts';
import { can } from '#core/permissions.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import type { Order } from '#server/modules/orders/orders.service.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { PaymentProviderError, type WebhookEvent } from './providers/provider.ts';
import type { SandboxProvider } from './providers/sandbox.ts';
import { type Ledger, readLedger, summaryOf } from './refund-ledger.ts';
import { createRefundOutcomes, type OutcomeDeps } from './refund-outcomes.ts';
import { createRefundWebhooks } from './refund-webhooks.ts';
import { OverRefundError, transferPatch, weigh } from './refund-weighing.ts';

export { OverRefundError } from './refund-weighing.ts';

import {
  findRefund,
  insertRefund,
  listWaitingRefunds,
  type RefundRow,
  setProviderRefundId,
  touchRefund,
  writeRefundStatus,
} from './refunds.repository.ts';

export type RefundActor = Pick<SessionUser, 'id' | 'role'> & { ip?: string | null };

export function createRefundsService(
  deps: OutcomeDeps & {
    db: Db;
    provider: PaymentProvider;
    sandbox: SandboxProvider | null;
    stock: Pick<StockPort, 'putBack'>;
    namesOf: (ids: readonly number[]) => Promise<Map<number, string>>;
    log: Logger;
  },
) {
  const { db, provider, orders, log } = deps;
  const outcomes = createRefundOutcomes(deps);
  const webhooks = createRefundWebhooks({ db, provider, orders, outcomes, log });

  async function names(ledger: Ledger): Promise<Map<number, string>> {
    const ids = ledger.refunds
      .flatMap((r) => [r.requestedBy, r.approvedBy])
      .filter((x): x is number => x !== null);
    return ids.length > 0 ? deps.namesOf([...new Set(ids)]) : new Map();
  }

  async function orderOf(q: Queryable, trackingNumber: string): Promise<Order> {
    const order = await orders.find(q, trackingNumber);
    if (!order) throw new NotFoundError('Order not found.');
    return order;
  }

  async function lockedLedger(q: Queryable, orderId: number): Promise<Ledger> {
    const order = await orders.lock(q, orderId);
    if (!order) throw new NotFoundError('Order not found.');
    return readLedger(q, order, await orders.lines(q, order.id));
  }

  /** Approval: the restocked units go back on the shelf (once: only here), then the money moves. */
  async function approve(
    q: Queryable,
    ledger: Ledger,
    refund: RefundRow,
    actor: RefundActor,
    transfer?: RefundTransferInput,
  ): Promise<RefundRow> {
    const restock = ledger.refundLines.length > 0 ? ledger.refundLines : [];
    const mine = restock.filter((l) => l.refundId === refund.id && l.restock);
    const variants = new Map(ledger.lines.map((l) => [l.id, l.variantId]));
    await deps.stock.putBack(
      q,
      mine
        .map((l) => ({ variantId: variants.get(l.orderLineId) ?? null, quantity: l.quantity }))
        .filter((u): u is { variantId: number; quantity: number } => u.variantId !== null),
    );
    if (refund.provider === 'bank_transfer') {
      if (!transfer) {
        throw new ValidationError('Record the transfer you made to the customer.', {
          transfer: [
            'Enter the bank, the 10-digit account number, the account name and the transfer’s reference.',
          ],
        });
      }
      return outcomes.processed(q, ledger.order, refund, refund.status as 'requested', actor, {
        approvedBy: actor.id,
        ...transferPatch(transfer),
      });
    }
    const moved = await writeRefundStatus(q, refund.id, refund.status as 'requested', 'pending', {
      approvedBy: actor.id,
    });
    if (!moved) throw new ConflictError('This refund changed meanwhile: reload the page.');
    return moved;
  }

  /** Hands a pending card refund to the provider (outside any transaction: no lock held while it answers). */
  async function send(refundId: number): Promise<RefundRow> {
    const refund = await findRefund(db, refundId);
    if (refund?.status !== 'pending' || refund.providerRefundId) return refund!;
    const ledger = await readLedger(db, (await orders.byId(db, refund.orderId))!, []);
    const reference = ledger.payment?.reference;
    try {
      if (!reference)
        throw new PaymentProviderError('The paid transaction of this order was not found.', false);
      const started = await provider.refund({
        transactionReference: reference,
        amountKobo: refund.amountKobo,
      });
      await setProviderRefundId(db, refund.id, started.providerRefundId);
      if (started.status !== 'pending') {
        await webhooks.settle(refund.id, started.status, started.message ?? 'Refused by the provider.', null);
      } else if (deps.sandbox && deps.sandbox.refundSettling === 'at-once') {
        // The sandbox says at once what Paystack says later: through the same signed webhook.
        const hook = await deps.sandbox.settleRefund(started.providerRefundId, 'processed');
        if (hook) await webhooks.handle(provider.parseWebhook(hook.body, hook.headers) as WebhookEvent);
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.warn({ refundId, err: error }, 'refund refused or not reached');
      await webhooks.settle(refund.id, 'failed', error.message, null);
    }
    return (await findRefund(db, refund.id))!;
  }

  async function lockedRefund(q: Queryable, trackingNumber: string, refundId: number) {
    const order = await orderOf(q, trackingNumber);
    const ledger = await lockedLedger(q, order.id);
    const refund = ledger.refunds.find((r) => r.id === refundId);
    if (!refund) throw new NotFoundError('Refund not found.');
    return { ledger, refund };
  }

  function mustApprove(actor: RefundActor) {
    if (!can(actor.role, 'orders.refund')) throw new ForbiddenError('Only an admin can refund money.');
  }

  return {
    /** What the refund page and GET …/refunds show. */
    async summary(trackingNumber: string, actor: RefundActor): Promise<RefundSummary> {
      if (!can(actor.role, 'orders.refund') && !can(actor.role, 'orders.refund-request')) {
        throw new ForbiddenError('You cannot see refunds.');
      }
      const order = await orderOf(db, trackingNumber);
      const ledger = await readLedger(db, order, await orders.lines(db, order.id));
      return summaryOf(ledger, await names(ledger));
    },

    /**
     * What the shopper sees of an order's refunds on the tracking page (and so from their
     * dashboard): money on its way or back, when, and where to (ADR 097). Nothing staff-only.
     */
    async forCustomer(trackingNumber: string) {
      const order = await orders.find(db, trackingNumber);
      if (!order) return [];
      const ledger = await readLedger(db, order, []);
      return ledger.refunds
        .filter((r) => r.status === 'pending' || r.status === 'processed')
        .map((r) => ({
          amountKobo: r.amountKobo,
          status: r.status as 'pending' | 'processed',
          toCard: r.provider !== 'bank_transfer',
          at: (r.processedAt ?? r.createdAt).toISOString(),
        }));
    },

    /**
     * What a refund would be, weighed as `create` weighs it but written nowhere: the refund
     * page's confirm step (the server computes it, so the page works without JavaScript).
     */
    async preview(trackingNumber: string, input: RefundInput, actor: RefundActor) {
      const issuing = can(actor.role, 'orders.refund');
      if (!issuing && !can(actor.role, 'orders.refund-request')) {
        throw new ForbiddenError('You cannot refund orders.');
      }
      const order = await orderOf(db, trackingNumber);
      const ledger = await readLedger(db, order, await orders.lines(db, order.id));
      const weighed = weigh(ledger, input);
      if (issuing && ledger.method === 'bank_transfer' && !input.transfer) {
        throw new ValidationError('Record the transfer you made to the customer.', {
          transfer: [
            'Enter the bank, the 10-digit account number, the account name and the transfer’s reference.',
          ],
        });
      }
      return { amountKobo: weighed.amountKobo, leftKobo: ledger.leftKobo, method: ledger.method };
    },

    /**
     * An admin's refund (done at once for a transfer, sent to the provider for a card) or a staff
     * member's request for one. Throws OverRefundError (409) when it is more than is left.
     */
    async create(trackingNumber: string, input: RefundInput, actor: RefundActor): Promise<RefundRow> {
      const issuing = can(actor.role, 'orders.refund');
      if (!issuing && !can(actor.role, 'orders.refund-request'))
        throw new ForbiddenError('You cannot refund orders.');
      const created = await db.transaction(async (tx) => {
        const order = await orderOf(tx, trackingNumber);
        const ledger = await lockedLedger(tx, order.id);
        const weighed = weigh(ledger, input);
        if (!ledger.method) throw new ConflictError('This order’s payment cannot be refunded here.');
        if (ledger.method !== 'bank_transfer' && ledger.method !== provider.name) {
          throw new ConflictError(
            `This order was paid through ${ledger.method}, which this shop no longer uses: refund it there.`,
          );
        }
        const refund = await insertRefund(
          tx,
          {
            orderId: order.id,
            paymentId: ledger.payment?.id ?? null,
            provider: ledger.method,
            status: 'requested',
            amountKobo: weighed.amountKobo,
            includesDeliveryFee: weighed.includesDeliveryFee,
            reasonCode: input.reason,
            reasonText: input.reasonText || null,
            note: input.note || null,
            requestedBy: actor.id,
            ...(issuing ? {} : transferPatch(input.transfer)),
          },
          weighed.lines.map(({ variantId: _, ...l }) => l),
        );
        await outcomes.record(tx, order, refund, issuing ? 'refund.issued' : 'refund.requested', actor, {
          reason: input.reason,
          lines: weighed.lines.length,
        });
        if (!issuing) return refund;
        const fresh = await readLedger(tx, ledger.order, ledger.lines);
        return approve(tx, fresh, refund, actor, input.transfer);
      });
      return created.status === 'pending' ? send(created.id) : created;
    },

    /** An admin approves a staff member's request. */
    async approveRequest(
      trackingNumber: string,
      refundId: number,
      actor: RefundActor,
      transfer?: RefundTransferInput,
    ): Promise<RefundRow> {
      mustApprove(actor);
      const approved = await db.transaction(async (tx) => {
        const { ledger, refund } = await lockedRefund(tx, trackingNumber, refundId);
        if (refund.status !== 'requested')
          throw new ConflictError('This refund is no longer waiting for approval.');
        const stored =
          refund.bankName && refund.accountNumber && refund.accountName && refund.transferReference
            ? {
                bankName: refund.bankName,
                accountNumber: refund.accountNumber,
                accountName: refund.accountName,
                transferReference: refund.transferReference,
              }
            : undefined;
        const done = await approve(tx, ledger, refund, actor, transfer ?? stored);
        await outcomes.record(tx, ledger.order, done, 'refund.approved', actor);
        return done;
      });
      return approved.status === 'pending' ? send(approved.id) : approved;
    },

    async reject(
      trackingNumber: string,
      refundId: number,
      actor: RefundActor,
      why: string,
    ): Promise<RefundRow> {
      mustApprove(actor);
      return db.transaction(async (tx) => {
        const { ledger, refund } = await lockedRefund(tx, trackingNumber, refundId);
        const done = await writeRefundStatus(tx, refund.id, 'requested', 'rejected', {
          failureMessage: why || null,
        });
        if (!done) throw new ConflictError('This refund is no longer waiting for approval.');
        await outcomes.record(tx, ledger.order, done, 'refund.rejected', actor, { why });
        return done;
      });
    },

    /** A failed card refund, tried again (weighed again: while failed it held no money). */
    async retry(trackingNumber: string, refundId: number, actor: RefundActor): Promise<RefundRow> {
      mustApprove(actor);
      const again = await db.transaction(async (tx) => {
        const { ledger, refund } = await lockedRefund(tx, trackingNumber, refundId);
        if (refund.status !== 'failed') throw new ConflictError('Only a failed refund can be tried again.');
        if (refund.amountKobo > ledger.leftKobo) throw new OverRefundError(ledger.leftKobo);
        const moved = await writeRefundStatus(tx, refund.id, 'failed', 'pending', {
          failureMessage: null,
          providerRefundId: null,
        });
        if (!moved) throw new ConflictError('This refund changed meanwhile: reload the page.');
        await outcomes.record(tx, ledger.order, moved, 'refund.retried', actor);
        return moved;
      });
      return send(again.id);
    },

    /** Asks the provider where a card refund on its way stands (when its webhook never came). */
    async checkStatus(
      trackingNumber: string,
      refundId: number,
      actor: RefundActor,
    ): Promise<RefundRow | null> {
      mustApprove(actor);
      const order = await orderOf(db, trackingNumber);
      const refund = await findRefund(db, refundId);
      if (!refund || refund.orderId !== order.id) throw new NotFoundError('Refund not found.');
      try {
        return await webhooks.check(refundId);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        throw new ConflictError(`The provider could not be asked: ${error.message}`);
      }
    },
    /**
     * The background check (ADR 097): card refunds on their way for a quarter of an hour without
     * news are asked about; each outcome is applied once (under the order's lock, from pending
     * only), so every process may run it. Returns how many were settled.
     */
    async checkWaiting(now = new Date()): Promise<number> {
      let settled = 0;
      for (const refund of await listWaitingRefunds(db, new Date(now.getTime() - 15 * 60_000), 20)) {
        try {
          const after = await webhooks.check(refund.id);
          if (after && after.status !== 'pending') settled += 1;
          else await touchRefund(db, refund.id);
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          log.warn({ refundId: refund.id, err: error }, 'could not check a refund; trying later');
        }
      }
      return settled;
    },

    /** A refund.* webhook whose signature checked out (payments.handleWebhook hands it over). */
    handleEvent: webhooks.handle,
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
