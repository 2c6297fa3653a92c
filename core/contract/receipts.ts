// A receipt as the pages and the PDF show it (ADR 098): the shop, the order, its lines and totals,
// the money that came in (payments) and went back (refunds), and what is left to pay. Built on the
// server only; the browser imports these types, never code.
import type { PaymentMethod } from '../order-status.ts';

/** "CH-2026-000123": the shop's prefix, the Lagos calendar year and the number within it. */
export function receiptNumber(year: number, number: number): string {
  return `CH-${year}-${String(number).padStart(6, '0')}`;
}

export interface ReceiptPayment {
  /** "Card", "Bank transfer", "Pay on delivery"… as the shopper knows it. */
  method: string;
  reference: string;
  /** ISO time the money arrived. */
  at: string;
  amountKobo: number;
}

export interface ReceiptRefund {
  /** The refund's own receipt number (CH-…), once it is processed. */
  receiptNumber: string | null;
  method: string;
  reference: string;
  at: string;
  amountKobo: number;
}

export interface ReceiptView {
  number: string;
  /** ISO time the receipt was issued (the moment the order was paid). */
  issuedAt: string;
  shop: { name: string; address: string; email: string; phone: string; whatsapp: string };
  order: {
    trackingNumber: string;
    placedAt: string;
    paymentMethod: PaymentMethod;
    /**
     * True for a visitor who is not the order's owner (the tracking page's public shape, ADR 080):
     * a first name, the masked email, the city and state only.
     */
    masked: boolean;
    customerName: string;
    email: string;
    phone: string | null;
    address: string;
  };
  lines: {
    productName: string;
    variantLabel: string;
    sku: string;
    quantity: number;
    unitPriceKobo: number;
    discountKobo: number;
    totalKobo: number;
  }[];
  subtotalKobo: number;
  discountKobo: number;
  promoCode: string | null;
  deliveryFeeKobo: number;
  totalKobo: number;
  payments: ReceiptPayment[];
  refunds: ReceiptRefund[];
  paidKobo: number;
  refundedKobo: number;
  /** What is still to pay: the total less what was paid (never below zero). */
  balanceKobo: number;
}
