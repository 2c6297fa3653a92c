// The refund page's form, read into the one refund contract (core/contract/refunds.ts): a quantity
// and a "Put back on the shelf" box per line, the delivery fee, or a free amount in naira; a reason;
// and, for an offline order, the transfer the shop made. The service weighs it (ADR 097).
import { type RefundInput, RefundInput as RefundInputSchema } from '#core/contract/refunds.ts';
import { parseNairaInput } from '#core/money-input.ts';
import { ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';

export function readRefundForm(form: FormData, lineIds: readonly number[]): RefundInput {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const byAmount = text('mode') === 'amount';
  let amountKobo: number | undefined;
  if (byAmount) {
    const parsed = parseNairaInput(text('amount'));
    if (parsed === null || parsed <= 0) {
      throw new ValidationError('Please check the refund.', {
        amount: ['Enter an amount in naira, e.g. 25,000.'],
      });
    }
    amountKobo = parsed;
  }
  const lines = byAmount
    ? []
    : lineIds.map((lineId) => {
        const raw = text(`qty.${lineId}`) || '0';
        if (!/^\d{1,4}$/.test(raw)) {
          throw new ValidationError('Please check the refund.', {
            [`qty.${lineId}`]: ['Enter a whole number.'],
          });
        }
        return { lineId, quantity: Number(raw), restock: form.get(`restock.${lineId}`) === 'on' };
      });
  const transferFields = ['bankName', 'accountNumber', 'accountName', 'transferReference'] as const;
  const anyTransfer = transferFields.some((k) => text(k) !== '');
  return parseInput(RefundInputSchema, {
    lines,
    deliveryFee: !byAmount && form.get('deliveryFee') === 'on',
    amountKobo,
    reason: text('reason') || undefined,
    reasonText: text('reasonText') || undefined,
    note: text('note') || undefined,
    transfer: anyTransfer ? Object.fromEntries(transferFields.map((k) => [k, text(k)])) : undefined,
  });
}
