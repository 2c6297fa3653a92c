// The receipt's PDF lists refunds (with their own receipt numbers) and what is left, once the
// refunds side fills them in (ADR 098); the file is a PDF with its text readable back.
import { describe, expect, it } from 'vitest';
import type { ReceiptView } from '#core/contract/receipts.ts';
import { pdfText } from '#tests/helpers/pdf-text.ts';
import { receiptFileName, receiptPdf } from './receipt-pdf.ts';

const receipt: ReceiptView = {
  number: 'CH-2026-000123',
  issuedAt: '2026-03-01T10:00:00.000Z',
  shop: {
    name: 'Crown Hair',
    address: '12 Admiralty Way, Lekki',
    email: 'hello@crownhair.ng',
    phone: '+234 803 123 4567',
    whatsapp: '',
  },
  order: {
    trackingNumber: 'CH123456789012',
    placedAt: '2026-03-01T09:58:00.000Z',
    paymentMethod: 'online',
    masked: false,
    customerName: 'Amaka Buyer',
    email: 'amaka@example.ng',
    phone: '08031234567',
    address: '14 Allen Avenue, Ikeja, Lagos',
  },
  lines: [
    {
      productName: 'Bone Straight Wig',
      variantLabel: '20"',
      sku: 'WIG-BS-20',
      quantity: 2,
      unitPriceKobo: 9_600_000,
      discountKobo: 0,
      totalKobo: 19_200_000,
    },
  ],
  subtotalKobo: 19_200_000,
  discountKobo: 0,
  promoCode: null,
  deliveryFeeKobo: 250_000,
  totalKobo: 19_450_000,
  payments: [
    {
      method: 'Card',
      reference: 'CH123456789012-AB12',
      at: '2026-03-01T10:00:00.000Z',
      amountKobo: 19_450_000,
    },
  ],
  refunds: [
    {
      receiptNumber: 'CH-2026-000140',
      method: 'Card',
      reference: 'RF-778899',
      at: '2026-03-05T12:00:00.000Z',
      amountKobo: 9_600_000,
    },
  ],
  paidKobo: 19_450_000,
  refundedKobo: 9_600_000,
  balanceKobo: 0,
};

describe('the receipt PDF', () => {
  it('holds the receipt, its payments, its refunds with their numbers, and the balance', async () => {
    const pdf = await receiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Crown Hair',
      'Receipt CH-2026-000123',
      'CH123456789012',
      'Amaka Buyer',
      '14 Allen Avenue, Ikeja, Lagos',
      'Bone Straight Wig (20")',
      'NGN 194,500',
      'RF-778899 (receipt CH-2026-000140)',
      '-NGN 96,000',
      'Balance due',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('No refunds.');
    expect(receiptFileName(receipt)).toBe('receipt-CH-2026-000123.pdf');
  });
});
