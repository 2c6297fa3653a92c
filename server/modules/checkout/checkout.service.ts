// Placing an order: one transaction that re-prices the cart from the database, takes the stock
// (rows locked in variant id order, conditional updates), takes the promo code's use, writes the
// order with its lines, totals, address and tracking number, its first status and its email.
// Anything refused rolls all of it back. The same checkout sent twice places one order.
import { randomInt } from 'node:crypto';
import { CheckoutInput } from '#core/contract/orders.ts';
import type { OrderStatus, PaymentMethod } from '#core/order-status.ts';
import { computeTotals, type PricingLine } from '#core/pricing.ts';
import { variantLabel } from '#core/variants.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  type CartOwner,
  type CartService,
  DEFAULT_QUANTITY_CAPS,
  quantityCapProblem,
} from '#server/modules/cart/cart.service.ts';
import type { ContentService } from '#server/modules/content/content.service.ts';
import {
  findDeliveryRate,
  findOrderByIdempotencyKey,
  insertOrder,
  insertOrderLines,
  insertStatus,
  listDeliveryRates,
  lockKey,
  lockVariants,
  type OrderRow,
  takeStock,
} from '#server/modules/orders/orders.repository.ts';
import type { BankAccount, OrdersService } from '#server/modules/orders/orders.service.ts';
import { insertPayment, latestPaymentOf } from '#server/modules/payments/payments.repository.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { OutOfStockError, ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';

const MINUTE = 60_000;

export interface CheckoutConfig {
  /** How long an unpaid online order holds its stock (PAYMENT_RESERVATION_MINUTES). */
  reservationMinutes: number;
  /** How long a bank-transfer order holds its stock before staff see the money. */
  bankTransferHours: number;
  /** How long a pay-on-delivery order holds its stock before staff confirm it (POD_CONFIRMATION_HOURS). */
  podConfirmationHours: number;
  /** The most units of one item per cart line and order line (MAX_QUANTITY_PER_LINE). */
  maxQuantityPerLine: number;
  /** The most units in one cart and one order (MAX_ITEMS_PER_ORDER). */
  maxItemsPerOrder: number;
}

export const DEFAULT_CHECKOUT_CONFIG: CheckoutConfig = {
  reservationMinutes: 30,
  bankTransferHours: 48,
  podConfirmationHours: 48,
  ...DEFAULT_QUANTITY_CAPS,
};

/** "CH" and 12 random digits (a trillion numbers: not guessable by counting). */
export function newTrackingNumber(): string {
  return `CH${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface PlacedOrder {
  order: OrderRow;
  /** Where the shopper goes next: the payment page, or the order's result page. */
  next: string;
  /** This checkout had already placed the order (a double click or a retry). */
  replayed: boolean;
}

export function createCheckoutService(deps: {
  db: Db;
  cart: CartService;
  content: Pick<ContentService, 'getStoreInfo'>;
  promotions: PromotionsService;
  orders: OrdersService;
  payments: PaymentsService;
  config?: CheckoutConfig;
}) {
  const { db, cart, promotions, orders, payments } = deps;
  const config = deps.config ?? DEFAULT_CHECKOUT_CONFIG;

  const initialStatus: Record<PaymentMethod, OrderStatus> = {
    online: 'pending_payment',
    bank_transfer: 'awaiting_transfer',
    pay_on_delivery: 'placed',
  };

  /** Online and still unpaid: the provider's page. Otherwise the order's result page. */
  async function nextStep(order: OrderRow): Promise<string> {
    if (order.paymentMethod === 'online' && order.status === 'pending_payment')
      return payments.startOnline(order);
    const payment = await latestPaymentOf(db, order.id);
    return `/payment-success?reference=${encodeURIComponent(payment?.reference ?? '')}`;
  }

  async function placeInTransaction(
    tx: Queryable,
    input: CheckoutInput,
    owner: CartOwner | null,
    userId: number | null,
    bank: BankAccount,
  ): Promise<{ order: OrderRow; replayed: boolean }> {
    // One order per checkout form, however often it arrives (double click, retry, two tabs).
    await lockKey(tx, `checkout:${input.idempotencyKey}`);
    const earlier = await findOrderByIdempotencyKey(tx, input.idempotencyKey);
    if (earlier) return { order: earlier, replayed: true };
    // One order at a time per shopper: per-customer promo limits hold under racing tabs.
    await lockKey(tx, `customer:${input.email}`);

    const contents = await cart.contents(owner, tx);
    if (contents.rows.length === 0) {
      throw new ValidationError('Your cart is empty.', { cart: ['Your cart is empty.'] });
    }
    const wanted = contents.rows;
    // The caps again (the cart enforces them too): a cart filled before a cap was lowered, or
    // merged from a guest cart, must not get a bigger order through.
    const capProblem = quantityCapProblem(wanted, config);
    if (capProblem) throw new ValidationError(capProblem, { cart: [capProblem] });
    const variants = new Map(
      (
        await lockVariants(
          tx,
          wanted.map((l) => l.variantId),
        )
      ).map((v) => [v.id, v]),
    );
    // Stock is taken in variant id order, the same order every transaction locks them in.
    for (const line of [...wanted].sort((a, b) => a.variantId - b.variantId)) {
      const variant = variants.get(line.variantId);
      if (!variant?.isActive) {
        throw new OutOfStockError(
          `${line.productName} is no longer available. Please remove it from your cart.`,
        );
      }
      if (!(await takeStock(tx, variant.id, line.quantity))) {
        throw new OutOfStockError(
          variant.stock <= 0
            ? `Sorry, ${variant.productName} has just sold out. Please remove it from your cart.`
            : `Sorry, only ${variant.stock} of ${variant.productName} ${variant.stock === 1 ? 'is' : 'are'} left. Please update your cart.`,
        );
      }
    }

    const rate = await findDeliveryRate(tx, input.shipState);
    if (input.paymentMethod === 'pay_on_delivery' && !rate?.payOnDelivery) {
      const message = `Pay on delivery is not available in ${input.shipState}. Please choose another way to pay.`;
      throw new ValidationError(message, { paymentMethod: [message] });
    }

    // Today's prices, from the rows just locked: nothing the browser sent about money counts.
    const pricing: PricingLine[] = wanted.map((l) => {
      const v = variants.get(l.variantId)!;
      return {
        productId: v.productId,
        categorySlug: v.categorySlug,
        unitPriceKobo: v.priceKobo,
        quantity: l.quantity,
      };
    });
    let discount: { id: number; code: string; perLine: number[] } | null = null;
    if (contents.promoCode) {
      const result = await promotions.evaluate(
        contents.promoCode,
        pricing,
        { userId, email: input.email },
        tx,
      );
      if (!result.ok || result.discountId === null) {
        const message = `Your promo code ${contents.promoCode} cannot be used: ${result.ok ? '' : result.message} Remove it in your cart to continue.`;
        throw new ValidationError(message, { promo: [message] });
      }
      discount = { id: result.discountId, code: result.code, perLine: result.perLine };
    }
    const totals = computeTotals(pricing, { deliveryFeeKobo: rate?.feeKobo ?? 0 });
    const discountKobo = discount ? discount.perLine.reduce((a, b) => a + b, 0) : 0;
    const now = Date.now();
    const reservedUntil =
      input.paymentMethod === 'online'
        ? new Date(now + config.reservationMinutes * MINUTE)
        : input.paymentMethod === 'bank_transfer'
          ? new Date(now + config.bankTransferHours * 60 * MINUTE)
          : // Pay on delivery: held until staff confirm it (moving it on stops the clock).
            new Date(now + config.podConfirmationHours * 60 * MINUTE);

    let order: OrderRow | null = null;
    for (let attempt = 0; attempt < 5 && !order; attempt++) {
      order = await insertOrder(tx, {
        trackingNumber: newTrackingNumber(),
        idempotencyKey: input.idempotencyKey,
        userId,
        cartId: contents.cartId,
        email: input.email,
        phone: input.phone,
        status: initialStatus[input.paymentMethod],
        paymentMethod: input.paymentMethod,
        subtotalKobo: totals.subtotalKobo,
        discountKobo,
        deliveryFeeKobo: totals.deliveryFeeKobo,
        totalKobo: totals.subtotalKobo - discountKobo + totals.deliveryFeeKobo,
        promoCode: discount?.code ?? null,
        discountId: discount?.id ?? null,
        shipName: input.shipName,
        shipPhone: input.shipPhone,
        shipState: input.shipState,
        shipCity: input.shipCity,
        shipStreet: input.shipStreet,
        shipLandmark: input.shipLandmark,
        reservedUntil,
      });
    }
    if (!order) throw new Error('Could not draw a free tracking number');

    await insertOrderLines(
      tx,
      wanted.map((l, i) => {
        const v = variants.get(l.variantId)!;
        const lineDiscount = discount?.perLine[i] ?? 0;
        return {
          orderId: order.id,
          productId: v.productId,
          variantId: v.id,
          productName: v.productName,
          variantLabel: variantLabel(v.options),
          sku: v.sku,
          imageId: v.imageId,
          unitPriceKobo: v.priceKobo,
          quantity: l.quantity,
          discountKobo: lineDiscount,
          totalKobo: v.priceKobo * l.quantity - lineDiscount,
        };
      }),
    );
    if (
      discount &&
      !(await promotions.redeem(tx, discount.id, { id: order.id, userId, email: input.email }))
    ) {
      const message = `Your promo code ${discount.code} has just been used up. Remove it in your cart to continue.`;
      throw new ValidationError(message, { promo: [message] });
    }
    const firstNote = {
      online: 'Waiting for payment.',
      bank_transfer: 'Waiting for the bank transfer.',
      pay_on_delivery: 'Pay on delivery.',
    }[input.paymentMethod];
    await insertStatus(tx, order.id, order.status as OrderStatus, firstNote);

    if (input.paymentMethod !== 'online') {
      // Nothing to wait for online: the order is in, the cart is done, the email goes out.
      const reference = `${order.trackingNumber}-${input.paymentMethod === 'bank_transfer' ? 'BT' : 'POD'}`;
      await insertPayment(tx, {
        orderId: order.id,
        provider: input.paymentMethod,
        reference,
        amountKobo: order.totalKobo,
        currency: 'NGN',
        status: 'pending',
      });
      if (contents.cartId !== null) await cart.emptyCart(tx, contents.cartId);
      await orders.sendPlacedMail(tx, order, { paid: false, paymentReference: reference, bank });
    }
    return { order, replayed: false };
  }

  return {
    /** What the checkout page needs besides the cart: delivery fees and where pay on delivery works. */
    async deliveryOptions() {
      const rates = await listDeliveryRates(db);
      return rates.map((r) => ({
        state: r.state,
        feeKobo: r.feeKobo,
        payOnDelivery: r.payOnDelivery,
        etaDaysMin: r.etaDaysMin,
        etaDaysMax: r.etaDaysMax,
      }));
    },

    /**
     * Places the order from the shopper's cart. Returns where to send the shopper: the payment
     * page (online), or the order's page (pay on delivery, bank transfer).
     */
    async place(owner: CartOwner | null, userId: number | null, input: unknown): Promise<PlacedOrder> {
      const form = parseInput(CheckoutInput, input);
      // Read before the transaction: inside it, every query must go through it (one connection).
      const store = await deps.content.getStoreInfo();
      const bank = {
        bankName: store.bankName,
        accountName: store.bankAccountName,
        accountNumber: store.bankAccountNumber,
      };
      const { order, replayed } = await db.transaction((tx) =>
        placeInTransaction(tx, form, owner, userId, bank),
      );
      return { order, replayed, next: await nextStep(order) };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
