// Offline payments (bank transfer, pay on delivery) and the staff's new-paid-order email: the
// payment row written when such an order is placed, the port orders calls when staff see the money
// arrive (the row verified through the payment machine, staff told; ADR 029), and the email staff
// get for every newly paid order, card payments included.
import type { SessionUser } from '#core/contract/account.ts';
import type { Queryable } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { staffNewPaidOrderMail } from '#server/modules/mail/staff-order-templates.tsx';
import type { Order as OrderRow } from '#server/modules/orders/orders.service.ts';
import { movePayment } from './payment-machine.ts';
import { insertPayment, latestPaymentOf } from './payments.repository.ts';

export function createOfflinePayments(deps: {
  publicUrl: string;
  /** Queues the staff's new-paid-order email (absent: none is sent). */
  mail?: Pick<MailService, 'enqueue'>;
  /**
   * Who hears of every new paid order: the owner's setting, read through the transaction that
   * marks the order paid (STAFF_ORDER_EMAILS when never set), or a fixed list.
   */
  staffOrderEmails?: readonly string[] | ((q: Queryable) => Promise<readonly string[]>);
}) {
  /** Tells staff of a newly paid order, in the transaction that marked it paid. */
  async function tellStaff(q: Queryable, order: OrderRow): Promise<void> {
    if (!deps.mail) return;
    const staff = deps.staffOrderEmails ?? [];
    for (const to of typeof staff === 'function' ? await staff(q) : staff) {
      await deps.mail.enqueue(
        q,
        staffNewPaidOrderMail({
          to,
          trackingNumber: order.trackingNumber,
          customerName: order.shipName,
          totalKobo: order.totalKobo,
          paymentMethod:
            order.paymentMethod === 'bank_transfer' || order.paymentMethod === 'pay_on_delivery'
              ? order.paymentMethod
              : 'online',
          state: order.shipState,
          adminUrl: `${deps.publicUrl}/admin/orders/${order.trackingNumber}`,
        }),
      );
    }
  }

  return {
    tellStaff,

    /**
     * The payment of an order paid offline (bank transfer, pay on delivery), written with `q`
     * inside the transaction that places the order. Returns its reference.
     */
    async recordOffline(
      q: Queryable,
      order: OrderRow,
      /** A layaway plan's deposit paid by bank transfer (ADR 099): that method and amount. */
      deposit?: { method: 'bank_transfer'; amountKobo: number },
    ): Promise<string> {
      const method = deposit?.method ?? order.paymentMethod;
      const reference = `${order.trackingNumber}-${method === 'bank_transfer' ? 'BT' : 'POD'}`;
      await insertPayment(q, {
        orderId: order.id,
        provider: method,
        reference,
        amountKobo: deposit?.amountKobo ?? order.totalKobo,
        currency: 'NGN',
        status: 'pending',
      });
      return reference;
    },

    /**
     * The payment of an order store credit paid in full (ADR 100), written with `q` in the
     * transaction that places it: provider `store_credit`, already a success (the credit was
     * spent in that same transaction), so the payment-success page, receipts and the admin's
     * payment record read it like any other; staff hear of a new paid order. Returns its reference.
     */
    async recordStoreCredit(q: Queryable, order: OrderRow): Promise<string> {
      const reference = `${order.trackingNumber}-SC`;
      await insertPayment(q, {
        orderId: order.id,
        provider: 'store_credit',
        reference,
        amountKobo: order.storeCreditKobo,
        currency: 'NGN',
        status: 'success',
        paidAt: order.paidAt ?? new Date(),
      });
      await tellStaff(q, order);
      return reference;
    },

    /**
     * The orders module's port (OfflinePaymentPort) for money staff saw arrive for a bank transfer
     * or pay-on-delivery order, on the transaction that marks the order paid ("confirm payment",
     * or a status move that says so): the payment record verified — when, and by whom — and
     * staff told of a new paid order.
     */
    async offlinePaymentReceived(
      q: Queryable,
      order: OrderRow,
      actor: Pick<SessionUser, 'id'>,
    ): Promise<void> {
      const payment = await latestPaymentOf(q, order.id);
      if (payment && payment.status !== 'success') {
        await movePayment(q, payment, 'success', {
          paidAt: order.paidAt ?? new Date(),
          message: `Confirmed by staff member ${actor.id}`,
        });
      }
      await tellStaff(q, order);
    },
  };
}

export type OfflinePayments = ReturnType<typeof createOfflinePayments>;
