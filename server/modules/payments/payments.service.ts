// Payments: one attempt per reference, started with the provider (Paystack, or the sandbox), and
// applied once however it arrives: the shopper's return (verified with the provider), a signed
// webhook, or the expiry sweep asking the provider one last time. The payment row is locked
// while a result is applied, and webhook deliveries are recorded, so nothing is applied twice.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable, Tx } from '#server/db/client.ts';
import type { CartService } from '#server/modules/cart/cart.service.ts';
import type { Order as OrderRow, OrdersService } from '#server/modules/orders/orders.service.ts';
import { AppError, ConflictError, NotFoundError, UnauthorizedError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import { createLayawayPayments, type LayawayPort } from './layaway-payments.ts';
import type { OfflinePayments } from './offline-payments.ts';
import { movePayment } from './payment-machine.ts';
import {
  findPayment,
  insertPayment,
  latestPaymentOf,
  listPaymentsOf,
  lockPayment,
  type PaymentRow,
  recordPaymentEvent,
  updatePayment,
} from './payments.repository.ts';
import { type PaymentProvider, PaymentProviderError, type VerifiedPayment } from './providers/provider.ts';
import type { SandboxProvider } from './providers/sandbox.ts';
import type { RefundsService } from './refunds.service.ts';

/** The provider could not be reached: the order is kept and the shopper can try again. */
export class PaymentUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'payment_unavailable';
}

export type PaymentOutcome =
  /** Paid and applied. */
  | 'paid'
  /** Not settled yet (the provider is still processing it, or could not be asked). */
  | 'pending'
  /** The shopper left the payment page without paying (the order waits for a retry). */
  | 'not_paid'
  /** Declined, or the amount did not match: nothing was applied. */
  | 'failed'
  /** Pay on delivery or bank transfer: nothing to verify online. */
  | 'offline'
  | 'unknown';

export const PAYMENT_CHANNELS = ['card', 'bank', 'ussd', 'bank_transfer'];

export function createPaymentsService(deps: {
  db: Db;
  /** The online provider: Paystack when configured, else the sandbox. */
  provider: PaymentProvider;
  /** Present when the sandbox is the provider (its hosted page needs it). */
  sandbox: SandboxProvider | null;
  orders: OrdersService;
  cart: Pick<CartService, 'emptyCart'>;
  publicUrl: string;
  /** How long a retried payment holds the order's items again. */
  reservationMinutes: number;
  log: Logger;
  /**
   * The offline payments and the staff's new-paid-order email (`createOfflinePayments`), made
   * before the orders service: orders calls its `offlinePaymentReceived` port (ADR 094).
   */
  offline: OfflinePayments;
  /** Refunds (ADR 097): refund.* webhooks are theirs to apply. */
  refunds?: Pick<RefundsService, 'handleEvent'>;
  /** Pay small-small's plans (ADR 099; absent: no order has one). */
  layaway?: LayawayPort;
}) {
  const { db, provider, orders, publicUrl, log, offline } = deps;
  const layaway = createLayawayPayments({ layaway: deps.layaway ?? null, orders, log });

  /**
   * The money arrived: the order is placed, or reopened if it had ended and its items are still
   * there (orders.markPaid, through the state machine). When it cannot take it (refused, sold out,
   * the code used up) nothing of that attempt stays (a savepoint) and the history records the
   * money for staff to refund or re-confirm by hand.
   */
  async function orderPaid(q: Queryable, payment: PaymentRow, how: string): Promise<OrderRow | null> {
    try {
      return await (q as Tx).transaction((savepoint) =>
        orders.markPaid(savepoint, payment.orderId, how, payment.reference),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.warn(
        { reference: payment.reference, orderId: payment.orderId, err: error },
        'late payment: order not reopened',
      );
      await orders.noteLatePayment(q, payment.orderId, payment.reference);
      return null;
    }
  }

  async function apply(q: Queryable, verified: VerifiedPayment, source: string): Promise<PaymentOutcome> {
    const payment = await lockPayment(q, verified.reference);
    if (!payment) return 'unknown';
    if (payment.status === 'success') return 'paid';
    if (verified.status === 'success') {
      if (verified.amountKobo !== payment.amountKobo || verified.currency !== payment.currency) {
        // Never give value for a payment that does not match the order.
        const message = `Paid ${verified.amountKobo} ${verified.currency}, expected ${payment.amountKobo} ${payment.currency}`;
        log.error({ reference: payment.reference, source }, `payment amount mismatch: ${message}`);
        await movePayment(q, payment, 'failed', { message });
        return 'failed';
      }
      await movePayment(q, payment, 'success', {
        paidAt: verified.paidAt ?? new Date(),
        channel: verified.channel,
        providerTransactionId: verified.providerTransactionId,
        message: verified.message,
      });
      const how =
        provider.name === 'sandbox'
          ? 'Paid in the sandbox'
          : `Paid with Paystack (${verified.channel ?? 'card'})`;
      const onPlan = await layaway.paid(q, payment, how);
      const order = onPlan === undefined ? await orderPaid(q, payment, how) : onPlan;
      if (order?.cartId != null) await deps.cart.emptyCart(q, order.cartId);
      if (order) await offline.tellStaff(q, order);
      log.info({ reference: payment.reference, orderId: payment.orderId, source }, 'payment applied');
      return 'paid';
    }
    if (verified.status === 'failed' || verified.status === 'reversed') {
      await movePayment(q, payment, 'failed', { message: verified.message });
      const latest = await latestPaymentOf(q, payment.orderId);
      if (latest?.id === payment.id) {
        await orders.endUnpaid(
          q,
          payment.orderId,
          'payment_failed',
          'The payment was declined. Nothing was charged.',
          { mover: 'payment' },
        );
      }
      return 'failed';
    }
    if (verified.status === 'abandoned') {
      await movePayment(q, payment, 'abandoned', { message: verified.message });
      // The shopper came back without paying: the order is cancelled, as they chose (ADR 065), and
      // its items go back on sale (a retry of this payment takes them again).
      const latest = await latestPaymentOf(q, payment.orderId);
      if (source === 'callback' && latest?.id === payment.id) {
        await orders.endUnpaid(
          q,
          payment.orderId,
          'cancelled',
          'You cancelled the payment. Nothing was charged.',
          { mover: 'payment' },
        );
      }
      return 'not_paid';
    }
    return 'pending';
  }

  /**
   * Starts a new attempt to pay an order online (`amountKobo`: a layaway plan's deposit or
   * instalment; else the order's total); returns the provider's page to send the shopper to.
   */
  async function startOnline(order: OrderRow, amountKobo = order.totalKobo): Promise<string> {
    const reference = `${order.trackingNumber}-${randomBytes(4).toString('hex').toUpperCase()}`;
    const payment = await insertPayment(db, {
      orderId: order.id,
      provider: provider.name,
      reference,
      amountKobo,
      currency: 'NGN',
      status: 'initialized',
    });
    try {
      const started = await provider.initialize({
        reference,
        amountKobo,
        currency: 'NGN',
        email: order.email,
        callbackUrl: `${publicUrl}/payment-success`,
        channels: PAYMENT_CHANNELS,
        metadata: { order: order.trackingNumber },
      });
      await updatePayment(db, payment.id, { authorizationUrl: started.authorizationUrl });
      return started.authorizationUrl;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await movePayment(db, payment, 'failed', { message });
      log.warn({ reference, err: error }, 'could not start a payment');
      throw new PaymentUnavailableError(
        error instanceof PaymentProviderError && !error.retryable
          ? 'The payment could not be started. Please try again, or choose another way to pay.'
          : 'We could not reach our payment provider. Your order is saved: please try again in a moment.',
      );
    }
  }

  /** The payment behind a reference (for the result pages). */
  /**
   * Whether the shopper cancelled this payment on the provider's page (it is the order's latest
   * and was abandoned): such an order, cancelled with nothing paid, may still be paid (ADR 065).
   */
  async function cancelledByShopper(payment: PaymentRow): Promise<boolean> {
    if (payment.status !== 'abandoned') return false;
    return (await latestPaymentOf(db, payment.orderId))?.id === payment.id;
  }

  function find(reference: string): Promise<PaymentRow | null> {
    if (!reference || reference.length > 100) return Promise.resolve(null);
    return findPayment(db, reference);
  }

  return {
    providerName: provider.name,
    sandbox: deps.sandbox,
    startOnline,
    find,
    recordOffline: offline.recordOffline,
    recordStoreCredit: offline.recordStoreCredit,
    /** Staff record a transfer towards a Pay small-small plan, on their transaction (ADR 099). */
    recordLayawayTransfer: layaway.recordTransfer,
    offlinePaymentReceived: offline.offlinePaymentReceived,

    /** An order's payment attempts, newest first (the admin order page's payment record). */
    async forOrder(orderId: number): Promise<PaymentRow[]> {
      return listPaymentsOf(db, orderId);
    },

    /**
     * Pay now on a layaway plan (ADR 099): a new online payment of `amountKobo` (the layaway
     * module checked it against the plan) towards an order on its plan; the provider's page.
     */
    async payInstalment(orderId: number, amountKobo: number): Promise<string> {
      const order = await orders.layawayOrder(orderId);
      if (!order) throw new ConflictError('This order is not on a plan you can pay towards.');
      return startOnline(order, amountKobo);
    },

    /** Where the shopper goes after placing an order: online and unpaid, the provider's page; else its result page. */
    async nextStep(order: OrderRow): Promise<string> {
      if (order.paymentMethod === 'online' && order.status === 'pending_payment') return startOnline(order);
      const deposit = order.status === 'pending_payment' ? await layaway.depositOf(db, order) : null;
      if (deposit !== null) return startOnline(order, deposit);
      const payment = await latestPaymentOf(db, order.id);
      return `/payment-success?reference=${encodeURIComponent(payment?.reference ?? '')}`;
    },

    /**
     * The shopper came back from the provider: ask the provider (never the browser) what
     * happened, and apply it. Safe to call any number of times.
     */
    async confirm(reference: string): Promise<{ outcome: PaymentOutcome; payment: PaymentRow | null }> {
      const payment = await find(reference);
      if (!payment) return { outcome: 'unknown', payment: null };
      if (payment.provider === 'store_credit') return { outcome: 'paid', payment };
      if (payment.provider === 'bank_transfer' || payment.provider === 'pay_on_delivery') {
        return { outcome: 'offline', payment };
      }
      if (payment.status === 'success') return { outcome: 'paid', payment };
      if (payment.provider !== provider.name) return { outcome: 'pending', payment };
      let verified: VerifiedPayment;
      try {
        verified = await provider.verify(reference);
      } catch (error) {
        log.warn({ reference, err: error }, 'could not verify a payment');
        return { outcome: 'pending', payment };
      }
      const outcome = await db.transaction((tx) => apply(tx, verified, 'callback'));
      return { outcome, payment: await findPayment(db, reference) };
    },

    /**
     * Another try at paying an order whose payment did not go through, while its stock is still
     * held. Returns the provider's page, or null when the order can no longer be paid online
     * (paid already, or its items went back on sale: the shopper checks out again).
     */
    /** Whether this payment's order can still be paid online (the cancel page offers "Try Payment Again"). */
    async retryable(reference: string): Promise<boolean> {
      const payment = await find(reference);
      if (!payment) return false;
      return (await orders.retryableOrder(payment.orderId, await cancelledByShopper(payment))) !== null;
    },

    async retry(reference: string): Promise<string | null> {
      const payment = await find(reference);
      if (!payment) return null;
      const order = await orders.retryableOrder(payment.orderId, await cancelledByShopper(payment));
      if (!order) return null;
      if (order.status === 'pending_payment') return startOnline(order);
      // Its items went back on sale when the payment was cancelled: take them again first.
      const reopened = await db.transaction((tx) =>
        orders.reopen(
          tx,
          order.id,
          'Payment tried again.',
          new Date(Date.now() + deps.reservationMinutes * 60_000),
        ),
      );
      return startOnline(reopened);
    },

    /**
     * A webhook: the signature is checked over the raw body before anything else (401 when it
     * fails); a delivery already applied changes nothing.
     */
    async handleWebhook(
      providerName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<'applied' | 'duplicate' | 'ignored'> {
      if (providerName !== provider.name) throw new UnauthorizedError('Unknown payment provider.');
      const event = provider.parseWebhook(rawBody, headers);
      if (!event) throw new UnauthorizedError('The webhook signature is not valid.');
      if (event.event.startsWith('refund.') && deps.refunds) return deps.refunds.handleEvent(event);
      if (event.event !== 'charge.success' || !event.reference) return 'ignored';
      const data = event.data;
      const verified: VerifiedPayment = {
        reference: event.reference,
        status: data.status === 'success' ? 'success' : 'pending',
        amountKobo: Number(data.amount),
        currency: typeof data.currency === 'string' ? data.currency : '',
        paidAt: typeof data.paid_at === 'string' ? new Date(data.paid_at) : null,
        channel: typeof data.channel === 'string' ? data.channel : null,
        providerTransactionId: data.id === undefined || data.id === null ? null : String(data.id),
        message: typeof data.gateway_response === 'string' ? data.gateway_response : null,
      };
      return db.transaction(async (tx) => {
        const fresh = await recordPaymentEvent(tx, {
          provider: provider.name,
          event: event.event,
          reference: event.reference!,
          payload: data,
        });
        if (!fresh) return 'duplicate';
        // A reference this shop does not know (yet): not recorded, and answered 404 so Paystack
        // delivers it again later, when the payment may exist (ADR 050). Recording it would make
        // that later delivery a "duplicate" that is never applied.
        if ((await apply(tx, verified, 'webhook')) === 'unknown') {
          throw new NotFoundError('No payment has that reference (yet): send it again later.');
        }
        return 'applied';
      });
    },

    /**
     * Orders whose hold ran out (unpaid, or pay on delivery never confirmed by staff): asks the
     * provider one last time about a card payment (a webhook may have been lost), then puts the
     * stock back on sale and tells the shopper why.
     */
    async expireReservations(): Promise<number> {
      let ended = 0;
      for (const order of await orders.listExpiredReservations()) {
        const payment = await latestPaymentOf(db, order.id);
        if (order.status === 'pending_payment' && payment && payment.provider === provider.name) {
          try {
            const verified = await provider.verify(payment.reference);
            if ((await db.transaction((tx) => apply(tx, verified, 'expiry'))) === 'paid') continue;
          } catch (error) {
            if (!(error instanceof PaymentProviderError) || error.retryable) {
              log.warn(
                { orderId: order.id, err: error },
                'could not check an expiring payment; trying later',
              );
              continue;
            }
          }
        }
        const ended1 = await db.transaction(async (tx) => {
          const unconfirmed = order.status === 'placed' && order.paymentMethod === 'pay_on_delivery';
          const note = unconfirmed
            ? 'We could not confirm this pay-on-delivery order in time, so the items went back on sale. Please order again if you still want them.'
            : order.status === 'awaiting_transfer'
              ? 'The bank transfer did not arrive in time, so the items went back on sale.'
              : 'The payment did not arrive within the time allowed, so the items went back on sale.';
          const done = await orders.endUnpaid(
            tx,
            order.id,
            order.status === 'pending_payment' ? 'payment_failed' : 'cancelled',
            note,
            { mover: 'shop', from: unconfirmed ? ['placed'] : undefined },
          );
          // The attempt as it is now (read again under its lock), abandoned unless it was paid.
          const attempt = done && payment ? await lockPayment(tx, payment.reference) : null;
          if (attempt && attempt.status !== 'success') await movePayment(tx, attempt, 'abandoned');
          return done;
        });
        if (ended1) ended += 1;
      }
      return ended;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
