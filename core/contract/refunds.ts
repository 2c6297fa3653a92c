// Refunds as the admin page, its form and the JSON API see them (ADR 097).
import { z } from 'zod';
import { NUBAN, REFUND_REASON_CODES, REFUND_STATUSES } from '../refunds.ts';

const RefundLineInput = z.object({
  lineId: z.number().int().positive(),
  quantity: z.number().int().min(0, 'A quantity cannot be negative.').max(10_000),
  restock: z.boolean().default(false),
});

/** The bank transfer the shop made to give an offline order's money back. */
export const RefundTransferInput = z.object({
  bankName: z.string().trim().min(2, 'Enter the bank’s name.').max(80),
  accountNumber: z.string().trim().regex(NUBAN, 'Enter the 10-digit account number (NUBAN).'),
  accountName: z.string().trim().min(2, 'Enter the account name.').max(120),
  transferReference: z.string().trim().min(3, 'Enter the transfer’s reference.').max(80),
});
export type RefundTransferInput = z.infer<typeof RefundTransferInput>;

export const RefundInput = z.object({
  lines: z.array(RefundLineInput).max(200).default([]),
  deliveryFee: z.boolean().optional(),
  /** A free amount instead of lines (kobo). */
  amountKobo: z.number().int().positive('Enter an amount above zero.').optional(),
  reason: z.enum(REFUND_REASON_CODES, { error: 'Choose a reason.' }),
  reasonText: z.string().trim().max(500, 'Please keep the reason under 500 characters.').optional(),
  note: z.string().trim().max(1000, 'Please keep the note under 1,000 characters.').optional(),
  /** Bank-transfer and pay-on-delivery orders: the transfer the shop made. */
  transfer: RefundTransferInput.optional(),
});
export type RefundInput = z.infer<typeof RefundInput>;

export const RefundLineSchema = z.object({
  lineId: z.number().int(),
  sku: z.string(),
  productName: z.string(),
  variantLabel: z.string(),
  quantityBought: z.number().int(),
  quantityRefunded: z
    .number()
    .int()
    .describe('Units given back by refunds that hold money (asked, on the way, done)'),
  unitPriceKobo: z.number().int(),
  totalKobo: z.number().int().describe("The line's total after its share of the discount"),
  refundableKobo: z.number().int().describe('What the units not yet refunded are worth'),
});

export const RefundSchema = z.object({
  id: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  method: z.string(),
  amountKobo: z.number().int(),
  includesDeliveryFee: z.boolean(),
  reason: z.string(),
  reasonText: z.string().nullable(),
  note: z.string().nullable(),
  failureMessage: z.string().nullable(),
  requestedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      quantity: z.number().int(),
      restock: z.boolean(),
      amountKobo: z.number().int(),
    }),
  ),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});

export const RefundSummarySchema = z.object({
  trackingNumber: z.string(),
  paymentMethod: z.string(),
  /** paystack | sandbox | bank_transfer: how the money would go back. */
  method: z.string().nullable(),
  paidKobo: z.number().int(),
  refundedKobo: z.number().int().describe('Processed refunds'),
  heldKobo: z.number().int().describe('Refunds asked for, on the way or done'),
  leftKobo: z.number().int().describe('The most that can still be refunded'),
  deliveryFeeKobo: z.number().int(),
  deliveryFeeRefunded: z.boolean(),
  state: z.enum(['none', 'partly_refunded', 'refunded']),
  lines: z.array(RefundLineSchema),
  refunds: z.array(RefundSchema),
});
export type RefundSummary = z.infer<typeof RefundSummarySchema>;
export type RefundView = z.infer<typeof RefundSchema>;
