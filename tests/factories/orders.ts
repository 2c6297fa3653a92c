// Orders for tests, placed the way a shopper places them: the items go into a cart, the checkout
// service prices it, takes the stock (and the promo code's use) and writes the order; then staff
// move it along the allowed transitions with the orders service (a card payment is paid or
// abandoned on the sandbox first). Totals, stock, history and emails are therefore the real ones.
// Tests that are about checking out go through HTTP instead.
import { eq } from 'drizzle-orm';
import type { UserRole } from '#core/account.ts';
import type { CheckoutInput } from '#core/contract/orders.ts';
import { ORDER_TRANSITIONS, type OrderStatus, type PaymentMethod } from '#core/order-status.ts';
import { orders } from '#server/db/schema/orders.ts';
import type { CartOwner } from '#server/modules/cart/cart.service.ts';
import { SHOPPER_DETAILS } from '#tests/helpers/shopping.ts';
import type { TestShop } from '#tests/helpers/test-app.ts';
import { createUser } from './accounts.ts';
import { createProduct } from './catalog.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Who moves an order on: a staff member (or an admin) as the audit log records them. */
export interface OrderActor {
  id: number;
  role: UserRole;
}

/** One status change, with the note staff write beside it. */
export interface OrderStep {
  status: OrderStatus;
  note?: string;
}

export interface OrderOverrides {
  /** What is bought (default: one of a fresh product at ₦25,000, 10 in stock). */
  lines?: { variantId: number; quantity?: number }[];
  /** Default pay on delivery: placed at once, nothing to pay. */
  paymentMethod?: PaymentMethod;
  /** The signed-in shopper placing it (their cart, emptied first; their order); without one, a guest order. */
  account?: { id: number; email: string };
  /** The order's email (default the account's, else buyer@example.ng). */
  email?: string;
  /** Applied to the cart before checking out, as the shopper would. */
  promoCode?: string;
  /** The rest of the checkout form (name, phone, address). */
  form?: Partial<Omit<CheckoutInput, 'email' | 'paymentMethod'>>;
  /** Where the order ends up, by the shortest path of allowed steps. */
  status?: OrderStatus;
  /** Or the exact steps, with notes (applied after `status`, if both are given). */
  steps?: OrderStep[];
  /** Who moves it on (default: a staff member made for the shop). */
  actor?: OrderActor;
}

export interface CreatedOrder {
  /** The order as the database has it after the last step. */
  order: OrderRow;
  trackingNumber: string;
  /** The payment's reference (the card attempt's, or `<tracking>-POD` / `-BT`). */
  reference: string;
  /** What was bought. */
  lines: { variantId: number; quantity: number }[];
}

const DEFAULT_FORM = SHOPPER_DETAILS satisfies Partial<CheckoutInput>;

const staffOf = new WeakMap<TestShop, Promise<OrderActor>>();

/** The staff member who moves factory orders on, one per shop. */
function defaultActor(shop: TestShop): Promise<OrderActor> {
  const known = staffOf.get(shop);
  if (known) return known;
  const actor = createUser(shop.database.db, { role: 'staff', name: 'Factory Staff' });
  staffOf.set(shop, actor);
  return actor;
}

async function orderRow(shop: TestShop, orderId: number): Promise<OrderRow> {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/**
 * The shortest way from one status to another along ORDER_TRANSITIONS (staff's steps), or null.
 * A card order waiting for its money gets there by paying first (the provider's step).
 */
export function pathBetween(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  if (from === to) return [];
  if (from === 'pending_payment' && to !== 'cancelled') {
    if (to === 'payment_failed' || to === 'placed') return [to];
    const rest = pathBetween('placed', to);
    return rest && ['placed', ...rest];
  }
  const previous = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = [from];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const next of ORDER_TRANSITIONS[current]) {
      if (next === from || previous.has(next)) continue;
      previous.set(next, current);
      if (next === to) {
        const path: OrderStatus[] = [to];
        for (let s = current; s !== from; s = previous.get(s)!) path.unshift(s);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

/** Places a real order through the cart and checkout services, then moves it on as staff would. */
export async function createOrder(shop: TestShop, overrides: OrderOverrides = {}): Promise<CreatedOrder> {
  const { services } = shop;
  const lines = (
    overrides.lines ?? [{ variantId: (await createProduct(shop.database.db)).variants[0]!.id }]
  ).map((l) => ({ variantId: l.variantId, quantity: l.quantity ?? 1 }));
  const email = overrides.email ?? overrides.account?.email ?? 'buyer@example.ng';

  let owner: CartOwner | null = overrides.account
    ? { userId: overrides.account.id, email: overrides.account.email }
    : null;
  // Exactly these lines: whatever the account's cart held before goes.
  if (owner) await services.cart.clear(owner);
  for (const line of lines) {
    const { guestToken } = await services.cart.add(owner, line);
    if (guestToken) owner = { guestToken };
  }
  if (overrides.promoCode) await services.cart.applyPromo(owner, { code: overrides.promoCode });

  const placed = await services.checkout.place(owner, overrides.account?.id ?? null, {
    idempotencyKey: crypto.randomUUID(),
    ...DEFAULT_FORM,
    ...overrides.form,
    email,
    paymentMethod: overrides.paymentMethod ?? 'pay_on_delivery',
  });
  const { trackingNumber } = placed.order;
  const reference =
    placed.order.paymentMethod === 'online'
      ? decodeURIComponent(new URL(placed.next, 'http://shop.test').pathname.split('/').pop()!)
      : `${trackingNumber}-${placed.order.paymentMethod === 'bank_transfer' ? 'BT' : 'POD'}`;

  let status = placed.order.status as OrderStatus;
  const steps: OrderStep[] = [];
  if (overrides.status) {
    const path = pathBetween(status, overrides.status);
    if (!path) throw new Error(`createOrder: no allowed way from ${status} to ${overrides.status}`);
    steps.push(...path.map((s) => ({ status: s })));
  }
  steps.push(...(overrides.steps ?? []));

  for (const step of steps) {
    if (status === 'pending_payment' && (step.status === 'placed' || step.status === 'payment_failed')) {
      // The provider's step: the shopper pays on the sandbox's page, or the bank declines it.
      const sandbox = services.payments.sandbox;
      if (!sandbox) throw new Error('createOrder: paying a card order needs the sandbox provider');
      const settled = await sandbox.settle(reference, step.status === 'placed' ? 'success' : 'failed');
      if (settled?.webhook) {
        await services.payments.handleWebhook('sandbox', settled.webhook.body, settled.webhook.headers);
      }
      await services.payments.confirm(reference);
    } else {
      const actor = overrides.actor ?? (await defaultActor(shop));
      await services.orders.setStatus(
        trackingNumber,
        { status: step.status, note: step.note ?? '', correction: false },
        actor,
      );
    }
    status = (await orderRow(shop, placed.order.id)).status as OrderStatus;
    if (status !== step.status) {
      throw new Error(`createOrder: the order is ${status}, not ${step.status}, after that step`);
    }
  }

  return { order: await orderRow(shop, placed.order.id), trackingNumber, reference, lines };
}
