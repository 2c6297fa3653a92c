// Placing an order with store credit (ADR 100), steps of place-order.ts: the credit this checkout
// may use (the price's last step, core/pricing.ts withStoreCredit), spending it in the placing
// transaction (refused, 409, when the balance is short by then), and an order the credit paid in
// full: placed and paid at once, its payment recorded as made by store credit.
import type { Totals } from '#core/pricing.ts';
import type { Queryable } from '#server/db/client.ts';
import type { Order, OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PlacingDeps, PlacingRequest } from './place-order.ts';

/** The first status row's note of an order the store credit paid in full. */
export const PAID_BY_CREDIT_NOTE = 'Paid in full with store credit.';

/** The store credit this checkout may use: the balance, when a signed-in shopper ticked the box. */
export async function creditAvailable(
  tx: Queryable,
  deps: PlacingDeps,
  request: PlacingRequest,
): Promise<number> {
  // A Pay small-small order pays its plan in money: store credit is not mixed into one (ADR 099).
  if (request.input.paymentMethod === 'layaway') return 0;
  if (!request.input.useStoreCredit || request.userId === null || !deps.credit) return 0;
  return deps.credit.balance(request.userId, tx);
}

/** Whether the store credit pays the whole order: nothing left to pay, paid at once. */
export function paidByCredit(totals: Totals): boolean {
  return (totals.storeCreditKobo ?? 0) > 0 && totals.totalKobo === 0;
}

/** Step 7, continued: spends the store credit the price used (refused, 409, when it is short now). */
export async function spendCredit(
  tx: Queryable,
  deps: PlacingDeps,
  { userId }: PlacingRequest,
  order: Order,
): Promise<void> {
  if (order.storeCreditKobo === 0 || userId === null || !deps.credit) return;
  await deps.credit.spend(tx, { userId, amountKobo: order.storeCreditKobo, orderId: order.id });
}

/**
 * Step 8, for an order the store credit paid in full: its payment recorded as made by store credit
 * (the payment-success page and receipts read it), its receipt numbered, the cart emptied, the paid order's email sent.
 */
export async function finishPaidByCredit(
  tx: Queryable,
  deps: PlacingDeps,
  cartId: number | null,
  { order, lines }: Awaited<ReturnType<OrdersService['placement']['write']>>,
): Promise<void> {
  const reference = await deps.payments.recordStoreCredit(tx, order);
  // Paid as it is written, not moved to paid by the order machine: its receipt is numbered here,
  // on the same transaction (ADR 098).
  await deps.orders.receipts.issueForOrder(tx, { orderId: order.id, at: order.paidAt ?? new Date() });
  if (cartId !== null) await deps.cart.emptyCart(tx, cartId);
  await deps.orders.placement.sendPlacedMail(tx, order, { paid: true, paymentReference: reference, lines });
}
