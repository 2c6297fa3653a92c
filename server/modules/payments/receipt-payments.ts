// The payments module's answer to "what money came in for this order?" — the port the receipt asks
// (ADR 098): each payment that succeeded, how it was paid, its reference, when and how much.
import type { ReceiptPayment } from '#core/contract/receipts.ts';
import type { Queryable } from '#server/db/client.ts';
import { listSucceededPayments } from './receipt-payments.repository.ts';

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
