// The steps of placing an order. Before the transaction (plain reads, nothing written, ADR 041):
//   0. refuse early: a cart line the shelf cannot fill now (the service's first read of the cart)
//      is refused without opening the transaction (unless this form already placed its order:
//      then that order is the answer); the delivery rate of the state (cached with the settings)
//      is looked up and pay on delivery refused where it does not run.
// Then, in the order they run inside the one placing transaction:
//   1. replay: the same checkout form sent again gets the order it placed (idempotency key);
//      the form's, the shopper's and the cart's locks are taken first, in one statement;
//   2. read the cart: today's lines and promo code, within the quantity caps; the cart's unpaid
//      card order, if it has one, is replaced: cancelled, its stock and promo use given back
//      (one conditional update when there is none: ADR 049);
//   3. take the stock: variant rows locked in id order, checked, then taken in one conditional update;
//   4. (the delivery rate read in step 0);
//   5. price the basket from the rows just locked and the promo's shares (core/pricing.ts);
//   6. write the order, then its lines and its first status (the orders module's placement port);
//   7. take the promo use (the promotions service, atomically), and spend the store credit the
//      price used (the credit module, under its balance row's lock; ADR 100);
//   8. an order the credit paid in full is paid at once; offline payments: record the payment, empty the cart, queue the order email.
// A Pay small-small order (ADR 099, order-start.ts) is checked after step 5 and its plan written
// after step 7; it starts as its deposit's method does (and records the deposit, not the total);
// it uses no store credit.
// Every step in the transaction runs on the one handle `tx`; anything refused rolls all of it back.
import type { CheckoutInput } from '#core/contract/orders.ts';
import { type PricingLine, priceBasket, type Totals, withStoreCredit } from '#core/pricing.ts';
import { variantLabel } from '#core/variants.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  type CartContents,
  type CartOwner,
  type CartService,
  type QuantityCaps,
  quantityCapProblem,
} from '#server/modules/cart/cart.service.ts';
import type { LockedVariant, StockPort } from '#server/modules/catalog/catalog.service.ts';
import type { StoreCreditPort } from '#server/modules/credit/credit.service.ts';
import {
  type BankAccount,
  cartLockKey,
  type Order,
  type OrdersService,
} from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { OutOfStockError, ValidationError } from '#server/platform/errors.ts';
import { type DeliveryRateRow, lockKeys } from './checkout.repository.ts';
import {
  checkPlan,
  firstNote,
  type HoldTimes,
  INITIAL_STATUS,
  type PlanDeps,
  payingBy,
  reservedUntil,
  writePlan,
} from './order-start.ts';
import {
  creditAvailable,
  finishPaidByCredit,
  PAID_BY_CREDIT_NOTE,
  paidByCredit,
  spendCredit,
} from './place-order-credit.ts';
import { shortfall } from './refuse-early.ts';

export { refuseEarly } from './refuse-early.ts';

export type { HoldTimes };

/** What placing an order works with: the other modules' services and ports, and the rules. */
export interface PlacingDeps {
  cart: Pick<CartService, 'contents' | 'emptyCart'>;
  stock: Pick<StockPort, 'lock' | 'takeAll'>;
  promotions: Pick<PromotionsService, 'evaluate' | 'redeem'>;
  orders: Pick<OrdersService, 'placement' | 'endCartHolds' | 'receipts'>;
  payments: Pick<PaymentsService, 'recordOffline' | 'recordStoreCredit'>;
  /** Store credit (ADR 100; absent: never offered). */
  credit?: Pick<StoreCreditPort, 'spend' | 'balance'>;
  config: QuantityCaps & HoldTimes;
}

export interface PlacingRequest {
  input: CheckoutInput;
  owner: CartOwner | null;
  /** The cart as step 0 read it (its lock is taken with the others in step 1). */
  cartId: number | null;
  userId: number | null;
  bank: BankAccount;
  /** Delivery is free from this amount after discount (the owner's setting), or null. */
  freeDeliveryFromKobo?: number | null;
  /** Pay small-small's settings and module, when the shopper chose it (ADR 099). */
  plan?: PlanDeps | null;
}

type CartLineRow = CartContents['rows'][number];

/**
 * Step 1. One order per checkout form, however often it arrives (double click, retry, two tabs):
 * the order an earlier copy placed, or null. And one order at a time per shopper, so
 * per-customer promo limits hold under racing tabs, and one at a time per cart (ADR 049). The
 * three locks are taken in one round trip, always in this order: the form's, the shopper's, the
 * cart's.
 */
async function replayEarlier(
  tx: Queryable,
  deps: PlacingDeps,
  { input, cartId }: PlacingRequest,
): Promise<Order | null> {
  await lockKeys(tx, [
    `checkout:${input.idempotencyKey}`,
    `customer:${input.email}`,
    // One checkout at a time per cart, so two of them cannot both leave an unpaid order (ADR 049).
    ...(cartId === null ? [] : [cartLockKey(cartId)]),
  ]);
  return deps.orders.placement.findByIdempotencyKey(tx, input.idempotencyKey);
}

/**
 * Step 2. The cart's lines and promo code. The caps again (the cart enforces them too): a cart
 * filled before a cap was lowered, or merged from a guest cart, must not get a bigger order through.
 */
async function readCart(tx: Queryable, deps: PlacingDeps, owner: CartOwner | null): Promise<CartContents> {
  const contents = await deps.cart.contents(owner, tx);
  if (contents.rows.length === 0) {
    throw new ValidationError('Your cart is empty.', { cart: ['Your cart is empty.'] });
  }
  const capProblem = quantityCapProblem(contents.rows, deps.config);
  if (capProblem) throw new ValidationError(capProblem, { cart: [capProblem] });
  return contents;
}

/**
 * Step 2, continued: one cart holds at most one unpaid order (ADR 049). A shopper who left the
 * payment page and checks out again from the same cart replaces the order they left: it is
 * cancelled with its history row and email, and its units and promo use go back before this
 * checkout takes them. The cart's lock (step 1) keeps two checkouts of one cart from racing past
 * each other. (A cart read under a lock other than step 0's — it never happens in practice — is
 * locked here first.)
 */
async function replaceCartHold(
  tx: Queryable,
  deps: PlacingDeps,
  request: PlacingRequest,
  contents: CartContents,
): Promise<void> {
  if (contents.cartId === null) return;
  if (contents.cartId !== request.cartId) await lockKeys(tx, [cartLockKey(contents.cartId)]);
  await deps.orders.endCartHolds(tx, contents.cartId, { alsoLock: contents.rows.map((r) => r.variantId) });
}

/**
 * Step 3. Locks the variants (id order, the same order every transaction locks them in), checks
 * each line against the locked stock (refused before anything is written), then takes every
 * line's units in one conditional update. Returns the locked rows (today's prices).
 */
async function takeStock(
  tx: Queryable,
  deps: PlacingDeps,
  wanted: readonly CartLineRow[],
): Promise<Map<number, LockedVariant>> {
  const variants = new Map(
    (
      await deps.stock.lock(
        tx,
        wanted.map((l) => l.variantId),
      )
    ).map((v) => [v.id, v]),
  );
  for (const line of [...wanted].sort((a, b) => a.variantId - b.variantId)) {
    const variant = variants.get(line.variantId);
    const refusal = shortfall(line, variant ?? { productName: line.productName, isActive: false, stock: 0 });
    if (refusal) throw refusal;
  }
  const units = wanted.map((l) => ({ variantId: l.variantId, quantity: l.quantity }));
  if (!(await deps.stock.takeAll(tx, units))) {
    // The rows are locked and were checked just above: only a bug gets here. Roll back.
    throw new OutOfStockError('Sorry, an item in your cart has just sold out. Please review your cart.');
  }
  return variants;
}

/**
 * Step 4 (read before the transaction, like the store's settings): the delivery rate of the
 * shopper's state as read (or null); refuses pay on delivery where it does not run.
 */
export function deliveryRate(rate: DeliveryRateRow | null, input: CheckoutInput): DeliveryRateRow | null {
  if (input.paymentMethod === 'pay_on_delivery' && !rate?.payOnDelivery) {
    const message = `Pay on delivery is not available in ${input.shipState}. Please choose another way to pay.`;
    throw new ValidationError(message, { paymentMethod: [message] });
  }
  return rate;
}

interface PricedOrder {
  totals: Totals;
  /** The promo code that applies (its use is taken in step 7), or null. */
  discount: { id: number; code: string } | null;
}

/**
 * Step 5. Today's prices, from the rows just locked: nothing the browser sent about money counts.
 * The promotions service applies the code's rule; priceBasket adds everything up.
 */
async function priceOrder(
  tx: Queryable,
  deps: PlacingDeps,
  request: PlacingRequest,
  lines: readonly { line: CartLineRow; variant: LockedVariant }[],
  promoCode: string | null,
  deliveryFeeKobo: number,
): Promise<PricedOrder> {
  const pricing: PricingLine[] = lines.map(({ line, variant }) => ({
    productId: variant.productId,
    categorySlug: variant.categorySlug,
    unitPriceKobo: variant.priceKobo,
    quantity: line.quantity,
  }));
  const freeDeliveryFromKobo = request.freeDeliveryFromKobo ?? null;
  // The last step: the store credit the shopper ticked, up to the total (ADR 100).
  const credit = await creditAvailable(tx, deps, request);
  if (!promoCode) {
    return {
      totals: withStoreCredit(priceBasket(pricing, { deliveryFeeKobo, freeDeliveryFromKobo }), credit),
      discount: null,
    };
  }
  const result = await deps.promotions.evaluate(
    promoCode,
    pricing,
    { userId: request.userId, email: request.input.email },
    tx,
  );
  if (!result.ok || result.discountId === null) {
    const message = `Your promo code ${promoCode} cannot be used: ${result.ok ? '' : result.message} Remove it in your cart to continue.`;
    throw new ValidationError(message, { promo: [message] });
  }
  return {
    totals: withStoreCredit(
      priceBasket(pricing, { discountPerLine: result.perLine, deliveryFeeKobo, freeDeliveryFromKobo }),
      credit,
    ),
    discount: { id: result.discountId, code: result.code },
  };
}

/** Step 6. The order row, its lines and its first status, every figure from the priced basket. */
function writeOrder(
  tx: Queryable,
  deps: PlacingDeps,
  { input, userId }: PlacingRequest,
  cartId: number | null,
  lines: readonly { line: CartLineRow; variant: LockedVariant }[],
  { totals, discount }: PricedOrder,
): ReturnType<OrdersService['placement']['write']> {
  return deps.orders.placement.write(
    tx,
    {
      idempotencyKey: input.idempotencyKey,
      userId,
      cartId,
      email: input.email,
      phone: input.phone,
      // Paid in full by store credit: placed and paid now, nothing held for a payment (ADR 100).
      status: paidByCredit(totals) ? 'placed' : INITIAL_STATUS[payingBy(input)],
      paymentMethod: input.paymentMethod,
      subtotalKobo: totals.subtotalKobo,
      discountKobo: totals.discountKobo,
      deliveryFeeKobo: totals.deliveryFeeKobo,
      storeCreditKobo: totals.storeCreditKobo ?? 0,
      totalKobo: totals.totalKobo,
      ...(paidByCredit(totals) ? { paidAt: new Date() } : {}),
      promoCode: discount?.code ?? null,
      discountId: discount?.id ?? null,
      shipName: input.shipName,
      shipPhone: input.shipPhone,
      shipState: input.shipState,
      shipCity: input.shipCity,
      shipStreet: input.shipStreet,
      shipLandmark: input.shipLandmark,
      reservedUntil: paidByCredit(totals) ? null : reservedUntil(payingBy(input), deps.config),
    },
    lines.map(({ line, variant }, i) => ({
      productId: variant.productId,
      variantId: variant.id,
      productName: variant.productName,
      variantLabel: variantLabel(variant.options),
      sku: variant.sku,
      imageId: variant.imageId,
      unitPriceKobo: variant.priceKobo,
      quantity: line.quantity,
      discountKobo: totals.lines[i]!.discountKobo,
      totalKobo: totals.lines[i]!.totalKobo,
    })),
    paidByCredit(totals) ? PAID_BY_CREDIT_NOTE : firstNote(input),
  );
}

/** Step 7. Takes one use of the promo code, atomically: refused when it ran out meanwhile. */
async function takePromoUse(
  tx: Queryable,
  deps: PlacingDeps,
  { input, userId }: PlacingRequest,
  order: Order,
  discount: PricedOrder['discount'],
): Promise<void> {
  if (!discount) return;
  if (!(await deps.promotions.redeem(tx, discount.id, { id: order.id, userId, email: input.email }))) {
    const message = `Your promo code ${discount.code} has just been used up. Remove it in your cart to continue.`;
    throw new ValidationError(message, { promo: [message] });
  }
}

/**
 * Step 8. Paid offline (bank transfer, pay on delivery): nothing to wait for online, so the
 * payment is recorded, the cart is done and the email goes out now. An online order does this
 * when its payment arrives (payments service).
 */
async function finishOffline(
  tx: Queryable,
  deps: PlacingDeps,
  request: PlacingRequest,
  cartId: number | null,
  { order, lines }: Awaited<ReturnType<OrdersService['placement']['write']>>,
  depositKobo: number | null,
): Promise<void> {
  if (payingBy(request.input) === 'online') return;
  const deposit =
    depositKobo === null ? undefined : { method: 'bank_transfer' as const, amountKobo: depositKobo };
  const reference = await deps.payments.recordOffline(tx, order, deposit);
  if (cartId !== null) await deps.cart.emptyCart(tx, cartId);
  await deps.orders.placement.sendPlacedMail(tx, order, {
    paid: false,
    paymentReference: reference,
    bank: request.bank,
    lines,
  });
}

/**
 * Places the order from the shopper's cart, every step on `tx` (see the steps above); `rate` is
 * the delivery rate `deliveryRate` read before the transaction.
 */
export async function placeInTransaction(
  tx: Queryable,
  deps: PlacingDeps,
  request: PlacingRequest,
  rate: DeliveryRateRow | null,
): Promise<{ order: Order; replayed: boolean }> {
  const earlier = await replayEarlier(tx, deps, request);
  if (earlier) return { order: earlier, replayed: true };
  const contents = await readCart(tx, deps, request.owner);
  await replaceCartHold(tx, deps, request, contents);
  const variants = await takeStock(tx, deps, contents.rows);
  const lines = contents.rows.map((line) => ({ line, variant: variants.get(line.variantId)! }));
  const priced = await priceOrder(tx, deps, request, lines, contents.promoCode, rate?.feeKobo ?? 0);
  const categories = lines.map((l) => l.variant.categorySlug);
  checkPlan(request.plan, request.input, request.userId, priced.totals, categories);
  const written = await writeOrder(tx, deps, request, contents.cartId, lines, priced);
  await takePromoUse(tx, deps, request, written.order, priced.discount);
  await spendCredit(tx, deps, request, written.order);
  const depositKobo = await writePlan(tx, request.plan, request.input, written.order);
  if (paidByCredit(priced.totals)) await finishPaidByCredit(tx, deps, contents.cartId, written);
  else await finishOffline(tx, deps, request, contents.cartId, written, depositKobo);
  return { order: written.order, replayed: false };
}
