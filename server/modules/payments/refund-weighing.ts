// Weighing a refund against an order's ledger (ADR 097): which lines and units, what they are worth
// (core/refunds.ts), the delivery fee once, or a free amount — never more than is left.
import type { RefundInput, RefundTransferInput } from '#core/contract/refunds.ts';
import { formatPrice } from '#core/money.ts';
import { lineRefundAmount } from '#core/refunds.ts';
import { ConflictError, ValidationError } from '#server/platform/errors.ts';
import type { Ledger } from './refund-ledger.ts';

/** More than is left to refund: 409, with what is left. */
export class OverRefundError extends ConflictError {
  override readonly code = 'over_refund';
  constructor(
    readonly leftKobo: number,
    message?: string,
  ) {
    super(
      message ??
        (leftKobo > 0
          ? `That is more than is left to refund: at most ${formatPrice(leftKobo)} can still be refunded.`
          : 'Nothing is left to refund on this order.'),
    );
  }
}

/** The refund's lines and amount, checked against the order's ledger (as read under its lock). */
export function weigh(ledger: Ledger, input: RefundInput) {
  if (ledger.paidKobo === 0) throw new OverRefundError(0, 'Nothing has been paid for this order yet.');
  const fieldErrors: Record<string, string[]> = {};
  const lines: {
    orderLineId: number;
    quantity: number;
    restock: boolean;
    amountKobo: number;
    variantId: number | null;
  }[] = [];
  let amountKobo = 0;
  if (input.amountKobo !== undefined) {
    amountKobo = input.amountKobo;
  } else {
    const byId = new Map(ledger.lines.map((l) => [l.id, l]));
    const seen = new Set<number>();
    for (const [i, wanted] of input.lines.entries()) {
      if (wanted.quantity === 0) continue;
      const line = byId.get(wanted.lineId);
      if (!line || seen.has(wanted.lineId)) {
        fieldErrors[`lines.${i}.lineId`] = ['That line is not on this order.'];
        continue;
      }
      seen.add(wanted.lineId);
      const refunded = ledger.refundedUnits.get(line.id) ?? 0;
      if (refunded + wanted.quantity > line.quantity) {
        fieldErrors[`lines.${i}.quantity`] = [
          `At most ${line.quantity - refunded} of ${line.productName} can still be refunded.`,
        ];
        continue;
      }
      const amount = lineRefundAmount(line, refunded, wanted.quantity);
      lines.push({
        orderLineId: line.id,
        quantity: wanted.quantity,
        restock: wanted.restock,
        amountKobo: amount,
        variantId: line.variantId,
      });
      amountKobo += amount;
    }
    if (input.deliveryFee) {
      if (ledger.deliveryFeeRefunded)
        fieldErrors.deliveryFee = ['The delivery fee has already been refunded.'];
      else amountKobo += ledger.order.deliveryFeeKobo;
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError('Please check the refund.', fieldErrors);
  if (amountKobo <= 0) {
    throw new ValidationError('Choose what to refund: items, the delivery fee, or an amount.', {
      lines: ['Choose at least one item, the delivery fee, or an amount.'],
    });
  }
  if (amountKobo > ledger.leftKobo) throw new OverRefundError(ledger.leftKobo);
  return {
    lines,
    amountKobo,
    includesDeliveryFee: input.amountKobo === undefined && Boolean(input.deliveryFee),
  };
}

export function transferPatch(transfer: RefundTransferInput | undefined) {
  return transfer
    ? {
        bankName: transfer.bankName,
        accountNumber: transfer.accountNumber,
        accountName: transfer.accountName,
        transferReference: transfer.transferReference,
      }
    : {};
}
