// Refunds: money given back beside an order's status (ADR 097). The rules both sides share: the
// statuses, the reasons an owner picks from, what each unit of a line is worth when it is given
// back (its total after its share of the discount, split exactly per unit through `prorate`, the
// last units taking the remainder), and what is left to refund.
import { prorate } from './pricing.ts';

export const REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refunds that hold money: asked for, on their way, or done. Failed and rejected ones hold none. */
export const REFUNDS_HOLDING_MONEY: readonly RefundStatus[] = ['requested', 'pending', 'processed'];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Awaiting approval',
  pending: 'On its way',
  processed: 'Refunded',
  failed: 'Failed',
  rejected: 'Rejected',
};

export const REFUND_REASONS = {
  damaged: 'Damaged or faulty',
  wrong_item: 'Wrong item sent',
  not_delivered: 'Not delivered',
  out_of_stock: 'Out of stock after payment',
  changed_mind: 'Customer changed their mind',
  duplicate_charge: 'Charged twice',
  other: 'Other',
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
export const REFUND_REASON_CODES = Object.keys(REFUND_REASONS) as RefundReason[];

/** How the money goes back: through the provider that took it, or a transfer the shop made. */
export type RefundMethod = 'paystack' | 'sandbox' | 'bank_transfer';

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  paystack: 'the card or account paid with (Paystack)',
  sandbox: 'the card paid with (sandbox)',
  bank_transfer: 'a bank transfer',
};

/** SQL IN-list of the statuses, for the CHECK constraint. */
export function sqlRefundStatusList(): string {
  return REFUND_STATUSES.map((s) => `'${s}'`).join(', ');
}

/** What each unit of a line is worth when given back: sums to the line's total exactly. */
export function unitAmounts(lineTotalKobo: number, quantity: number): number[] {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) return [];
  // `prorate` gives the spare kobo to the earlier parts; reversed, the last units take them.
  return prorate(
    lineTotalKobo,
    Array.from({ length: quantity }, () => 1),
  ).reverse();
}

/**
 * What giving back `quantity` more units of a line is worth when `alreadyRefunded` units of it
 * have been: units are given back in order, so all of them together make the line's total.
 */
export function lineRefundAmount(
  line: { totalKobo: number; quantity: number },
  alreadyRefunded: number,
  quantity: number,
): number {
  return unitAmounts(line.totalKobo, line.quantity)
    .slice(alreadyRefunded, alreadyRefunded + quantity)
    .reduce((a, b) => a + b, 0);
}

/** What is left to refund: what was paid less every refund that holds money. Never below zero. */
export function refundableLeft(paidKobo: number, holding: readonly { amountKobo: number }[]): number {
  return Math.max(0, paidKobo - holding.reduce((a, r) => a + r.amountKobo, 0));
}

/** The order's money state beside its status, from its processed refunds (as Shopify's financial status). */
export type RefundState = 'none' | 'partly_refunded' | 'refunded';

export function refundStateOf(paidKobo: number, processedKobo: number): RefundState {
  if (processedKobo <= 0) return 'none';
  return processedKobo >= paidKobo ? 'refunded' : 'partly_refunded';
}

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  none: '',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** A Nigerian bank account number (NUBAN): ten digits. */
export const NUBAN = /^\d{10}$/;
