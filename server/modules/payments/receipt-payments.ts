// The payments module's answer to "what money came in for this order?" — the port the receipt asks
// (ADR 098): each payment that succeeded, how it was paid, its reference, when and how much.
import type { ReceiptPayment } from '#core/contract/receipts.ts';
import { REFUND_METHOD_LABELS, type RefundMethod } from '#core/refunds.ts';
import type { Queryable } from '#server/db/client.ts';
import type { RefundForReceipt } from '#server/modules/orders/orders.service.ts';
import { listSucceededPayments } from './receipt-payments.repository.ts';
import { listRefundsOf, listRestockedUnits } from './refunds.repository.ts';

const CHANNELS: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account',
  ussd: 'USSD',
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
  qr: 'QR code',
};

/** How the shopper paid, in their words: the provider's channel, or the offline method. */
function methodName(provider: string, channel: string | null): string {
  if (provider === 'bank_transfer') return 'Bank transfer';
  if (provider === 'pay_on_delivery') return 'Pay on delivery';
  const how = channel ? (CHANNELS[channel] ?? channel) : 'Online payment';
  return provider === 'paystack' ? `${how} (Paystack)` : how;
}

export async function receiptPayments(q: Queryable, orderId: number): Promise<ReceiptPayment[]> {
  const rows = await listSucceededPayments(q, orderId);
  return rows.map((p) => ({
    method: methodName(p.provider, p.channel),
    reference: p.reference,
    at: (p.paidAt ?? p.updatedAt).toISOString(),
    amountKobo: p.amountKobo,
  }));
}

/** The order's processed refunds, the receipt's other list (ADR 097, ADR 098). */
export async function receiptRefunds(q: Queryable, orderId: number): Promise<RefundForReceipt[]> {
  const rows = await listRefundsOf(q, orderId);
  return rows
    .filter((r) => r.status === 'processed')
    .map((r) => {
      const to = REFUND_METHOD_LABELS[r.provider as RefundMethod] ?? r.provider;
      return {
        refundId: r.id,
        method: `Refund to ${to}`,
        reference: r.transferReference ?? r.providerRefundId ?? `refund-${r.id}`,
        at: (r.processedAt ?? r.updatedAt).toISOString(),
        amountKobo: r.amountKobo,
      };
    });
}

/**
 * The port the order machine asks before an ended order gives its stock back (ADR 097): the units
 * approved refunds have already put back, per order line, so no unit goes back twice.
 */
export const restockedByRefunds = listRestockedUnits;
