// Step 0 of placing an order (ADR 041), before the transaction: a cart line the shelf cannot fill
// now is refused on the plain read, without taking the placing transaction's locks or rows.

import type { Queryable } from '#server/db/client.ts';
import type { CartContents } from '#server/modules/cart/cart.service.ts';
import type { Order } from '#server/modules/orders/orders.service.ts';
import { OutOfStockError } from '#server/platform/errors.ts';
import type { PlacingDeps, PlacingRequest } from './place-order.ts';

/** The refusal of a line the shelf cannot fill (`stock` as last read), or null when it can. */
export function shortfall(
  line: { productName: string; quantity: number },
  variant: { productName: string; isActive: boolean; stock: number },
): OutOfStockError | null {
  if (!variant.isActive) {
    return new OutOfStockError(
      `${line.productName} is no longer available. Please remove it from your cart.`,
    );
  }
  if (variant.stock >= line.quantity) return null;
  return new OutOfStockError(
    variant.stock <= 0
      ? `Sorry, ${variant.productName} has just sold out. Please remove it from your cart.`
      : `Sorry, only ${variant.stock} of ${variant.productName} ${variant.stock === 1 ? 'is' : 'are'} left. Please update your cart.`,
  );
}

/**
 * Step 0, before the transaction: the plain read of the cart the service made first (its lines
 * carry today's stock). When a line cannot be filled now, the checkout is refused here, without
 * taking the placing transaction, its locks or the variant rows: under a rush for the last units
 * the racers that lose are answered at once instead of queueing for the rows (ADR 041). Refusing
 * on a read is safe: the transaction (step 3) still decides for everyone who gets past it.
 *
 * A form whose order was already placed (a retry after the last unit went to it) is not refused:
 * the lookup comes after the stock read, so an order committed before that read is seen.
 * Returns that order, or null to go on to the transaction.
 */
export async function refuseEarly(
  q: Queryable,
  deps: Pick<PlacingDeps, 'orders'>,
  request: Pick<PlacingRequest, 'input'>,
  seen: Pick<CartContents, 'rows' | 'cartId'>,
): Promise<Order | null> {
  const refusal = [...seen.rows]
    .sort((a, b) => a.variantId - b.variantId)
    .map((line) => shortfall(line, line))
    .find((r) => r !== null);
  if (!refusal) return null;
  // The same one lookup also asks whether the cart's own unpaid order holds the units this
  // checkout would get back by replacing it (ADR 049): then the transaction decides, not this read.
  const { earlier, cartHold } = await deps.orders.placement.earlierOrHold(
    q,
    request.input.idempotencyKey,
    seen.cartId,
  );
  if (earlier) return earlier;
  if (cartHold) return null;
  throw refusal;
}
