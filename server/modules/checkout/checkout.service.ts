// Placing an order: one transaction that re-prices the cart from the database, takes the stock
// (rows locked in variant id order, conditional updates), takes the promo code's use, writes the
// order with its lines, totals, address and tracking number, its first status and its email.
// Anything refused rolls all of it back. The same checkout sent twice places one order.
// The steps are in place-order.ts; this module reaches the others only through their services
// and ports (cart, the catalogue's stock, promotions, orders' placement, payments).
import { CheckoutInput } from '#core/contract/orders.ts';
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  type CartContents,
  type CartOwner,
  type CartReadMemo,
  type CartService,
  DEFAULT_QUANTITY_CAPS,
} from '#server/modules/cart/cart.service.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import { CONTENT_CACHE_MS, type ContentService } from '#server/modules/content/content.service.ts';
import type { StoreCreditPort } from '#server/modules/credit/credit.service.ts';
import type { LayawayService } from '#server/modules/layaway/layaway.service.ts';
import type { Order, OrdersService } from '#server/modules/orders/orders.service.ts';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { TtlCache } from '#server/platform/cache.ts';
import { ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import { listDeliveryRates, saveDeliveryFees, setPayOnDeliveryStates } from './checkout.repository.ts';
import type { PlanDeps } from './order-start.ts';
import { deliveryRate, type HoldTimes, placeInTransaction, refuseEarly } from './place-order.ts';

/**
 * The delivery rates' key in the settings' cache: under `content:`, so every change on the
 * settings screen (the delivery fees and pay-on-delivery states among them) forgets it.
 */
export const DELIVERY_RATES_KEY = 'content:delivery-rates';

export interface CheckoutConfig extends HoldTimes {
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

/**
 * The delivery rates as the settings screen changes them (the table belongs to checkout): read
 * and written through the caller's transaction, so the change and its audit record commit together.
 */
export const deliveryRatesPort = {
  async list(q: Queryable) {
    return (await listDeliveryRates(q)).map((r) => ({
      state: r.state,
      feeKobo: r.feeKobo,
      payOnDelivery: r.payOnDelivery,
    }));
  },
  saveFees: saveDeliveryFees,
  setPayOnDelivery: (q: Queryable, states: readonly string[]) =>
    setPayOnDeliveryStates(q, NIGERIAN_STATES, states),
};
export type DeliveryRatesPort = typeof deliveryRatesPort;

/**
 * Each state's promised delivery, the most working days of its "usually 1–2 working days" (the
 * orders module's estimated delivery, ADR 065), from the same cached rates checkout shows.
 */
export function createDeliveryDays(deps: { cache: TtlCache }) {
  // `q`: the caller's transaction when there is one (the embedded database has one connection).
  return async (q: Queryable): Promise<ReadonlyMap<string, number>> => {
    const rates = await deps.cache.get(DELIVERY_RATES_KEY, CONTENT_CACHE_MS, () => listDeliveryRates(q));
    return new Map(rates.map((r) => [r.state, r.etaDaysMax]));
  };
}

/** What the owner sets on the settings screen that checkout obeys (read on every checkout). */
export interface CheckoutSettings {
  freeDeliveryFromKobo: number | null;
  bankTransferHours: number;
  podConfirmationHours: number;
}

export interface PlacedOrder {
  order: Order;
  /** Where the shopper goes next: the payment page, or the order's result page. */
  next: string;
  /** This checkout had already placed the order (a double click or a retry). */
  replayed: boolean;
}

export function createCheckoutService(deps: {
  db: Db;
  cart: CartService;
  content: Pick<ContentService, 'getStoreInfo'>;
  /** The owner's settings (absent: the configured hold times and no free delivery). */
  settings?: () => Promise<CheckoutSettings>;
  /** The catalogue's stock port (taking units inside the placing transaction). */
  stock: StockPort;
  promotions: PromotionsService;
  orders: OrdersService;
  payments: PaymentsService;
  /** Store credit, spent at checkout (ADR 100; absent: never offered). */
  credit?: StoreCreditPort;
  config?: CheckoutConfig;
  /** The settings' shared cache (the delivery rates are kept there); absent: this service's own. */
  cache?: TtlCache;
  /** Pay small-small (ADR 099); absent: not offered. */
  layaway?: Pick<LayawayService, 'settings' | 'check' | 'createPlan'>;
}) {
  const { db, payments } = deps;
  const config = deps.config ?? DEFAULT_CHECKOUT_CONFIG;
  const placing = {
    cart: deps.cart,
    stock: deps.stock,
    promotions: deps.promotions,
    orders: deps.orders,
    payments,
    ...(deps.credit ? { credit: deps.credit } : {}),
    config,
  };

  // The delivery rates change only on the settings screen, whose every change forgets the
  // `content:` keys in every process (ADR 033): kept with the settings (ADR 045).
  const cache = deps.cache ?? new TtlCache();
  const deliveryRates = () => cache.get(DELIVERY_RATES_KEY, CONTENT_CACHE_MS, () => listDeliveryRates(db));

  return {
    /** What the checkout page needs besides the cart: delivery fees and where pay on delivery works. */
    async deliveryOptions() {
      const rates = await deliveryRates();
      return rates.map((r) => ({
        state: r.state,
        feeKobo: r.feeKobo,
        payOnDelivery: r.payOnDelivery,
        etaDaysMin: r.etaDaysMin,
        etaDaysMax: r.etaDaysMax,
      }));
    },

    /** A signed-in shopper's store credit, offered at checkout (0: none, or no credit module). */
    async storeCredit(userId: number | null): Promise<number> {
      return userId === null || !deps.credit ? 0 : deps.credit.balance(userId);
    },

    /** From what amount (after discount) delivery is free, or null: shown at checkout. */
    async freeDeliveryFromKobo(): Promise<number | null> {
      return deps.settings ? (await deps.settings()).freeDeliveryFromKobo : null;
    },

    /**
     * Places the order from the shopper's cart. Returns where to send the shopper: the payment
     * page (online), or the order's page (pay on delivery, bank transfer).
     */
    async place(
      cartOwner: CartOwner | null,
      userId: number | null,
      input: unknown,
      /** This request's memo of the cart: a refused attempt leaves the cart it read there (ADR 045). */
      memo?: CartReadMemo,
    ): Promise<PlacedOrder> {
      // One statement: the cart with today's stock of each line (step 0's read) and a guest's
      // email kept on it, whatever becomes of this attempt (ADR 037).
      const seen = await deps.cart.contentsForCheckout(
        cartOwner,
        (input as { email?: unknown } | null)?.email,
      );
      let placed: { order: Order; replayed: boolean };
      try {
        placed = await placeFrom(cartOwner, userId, input, seen);
      } catch (error) {
        // Refused before or inside the transaction (rolled back): nothing in the cart changed
        // since the read, so the page that says why can show this cart without reading it again.
        if (memo) memo.contents = seen;
        throw error;
      }
      return { ...placed, next: await payments.nextStep(placed.order) };
    },
  };

  /** Pay small-small's settings, for a signed-in shopper of a shop that offers it (else 400). */
  async function planDeps(userId: number | null): Promise<PlanDeps> {
    const settings = deps.layaway ? await deps.layaway.settings() : null;
    if (!deps.layaway || !settings?.enabled) {
      const message = 'Pay small-small is not available in this shop at the moment.';
      throw new ValidationError(message, { paymentMethod: [message] });
    }
    // The cart decides eligibility inside the transaction; a guest is refused before it.
    deps.layaway.check(settings, { totalKobo: Number.MAX_SAFE_INTEGER, categorySlugs: [] }, userId);
    return { settings, service: deps.layaway };
  }

  /** Everything up to and including the placing transaction, on the cart as first read (`seen`). */
  async function placeFrom(
    cartOwner: CartOwner | null,
    userId: number | null,
    input: unknown,
    seen: CartContents,
  ): Promise<{ order: Order; replayed: boolean }> {
    const form = parseInput(CheckoutInput, input);
    const plan = form.paymentMethod === 'layaway' ? await planDeps(userId) : null;
    // Read before the transaction: inside it, every query must go through it (one connection).
    const store = await deps.content.getStoreInfo();
    const shop = deps.settings ? await deps.settings() : null;
    const bank = {
      bankName: store.bankName,
      accountName: store.bankAccountName,
      accountNumber: store.bankAccountNumber,
    };
    const request = {
      input: form,
      owner: cartOwner,
      cartId: seen.cartId,
      userId,
      bank,
      freeDeliveryFromKobo: shop?.freeDeliveryFromKobo ?? null,
      plan,
    };
    // Step 0 (ADR 041): a line the shelf cannot fill now is refused on that read, before the
    // transaction; so is pay on delivery where it does not run.
    const earlier = await refuseEarly(db, placing, request, seen);
    if (earlier) return { order: earlier, replayed: true };
    const rate = deliveryRate((await deliveryRates()).find((r) => r.state === form.shipState) ?? null, form);
    const { order, replayed } = await db.transaction((tx) =>
      placeInTransaction(
        tx,
        shop
          ? {
              ...placing,
              config: {
                ...config,
                bankTransferHours: shop.bankTransferHours,
                podConfirmationHours: shop.podConfirmationHours,
              },
            }
          : placing,
        request,
        rate,
      ),
    );
    return { order, replayed };
  }
}
