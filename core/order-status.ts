// Order statuses: one table of who may move an order from which status to which (the order state
// machine's; every status write goes through server/modules/orders/order-machine.ts), the list of
// statuses taken from it, and the five steps of the tracking timeline they drive.

/**
 * Who moves an order: `staff` (the admin screens and API, "confirm payment"), `payment` (the
 * payment's own result: the provider says paid or declined, the shopper cancels on its page or
 * pays again, money arrives after the order ended) and `shop` (the shop itself: a hold runs out,
 * a newer checkout from the same cart replaces an unpaid order).
 */
export type OrderMover = 'staff' | 'payment' | 'shop';

/**
 * THE table (ADR 073, after ADR 020): for each status, where an order may go from it and who may
 * move it there. Its keys are the list of statuses (ORDER_STATUSES, the column's type and its
 * CHECK constraint); adding a status is a row here, its label below, and a migration for the CHECK.
 * An admin may correct a mistake outside it by giving a reason (staff moves, `correction`).
 */
export const ORDER_MOVES = {
  /** Card/bank/USSD payment started; stock is reserved until it arrives or the time runs out. */
  pending_payment: {
    placed: ['payment'],
    payment_failed: ['payment', 'shop'],
    cancelled: ['staff', 'payment', 'shop'],
    /** A layaway order's deposit was paid online (ADR 099). */
    on_layaway: ['payment'],
  },
  /** Bank transfer chosen: stock is reserved; staff mark it paid when the money arrives. */
  awaiting_transfer: {
    placed: ['staff'],
    confirmed: ['staff'],
    cancelled: ['staff', 'shop'],
    /** A layaway order's deposit transfer arrived (staff saw it). */
    on_layaway: ['staff'],
  },
  /** Paid (or pay on delivery): the order is in. An unconfirmed pay-on-delivery hold may run out. */
  placed: { confirmed: ['staff'], cancelled: ['staff', 'shop'] },
  confirmed: { packaged: ['staff'], cancelled: ['staff'] },
  packaged: { shipped: ['staff'], cancelled: ['staff'] },
  /** Cancellation until delivery: a parcel refused at the door comes back, and its stock with it. */
  shipped: { delivered: ['staff'], cancelled: ['staff'] },
  delivered: {},
  /** Ended; the payment may reopen it (taking its items again): a retry, or money arriving late. */
  cancelled: { pending_payment: ['payment'], placed: ['payment'] },
  /** The payment was declined or abandoned; the reserved stock went back on sale. */
  payment_failed: { pending_payment: ['payment'], placed: ['payment'] },
  /**
   * "Pay small-small" (ADR 099): the deposit is paid, the stock is held while the instalments
   * come in (no hold clock: the plan's dates rule); not packed until the last one is paid.
   * Cancelled by the shop's default job or by staff, by the plan's default rule.
   */
  on_layaway: { confirmed: ['payment', 'staff'], cancelled: ['shop', 'staff'] },
} as const satisfies Record<string, Partial<Record<string, readonly OrderMover[]>>>;

export type OrderStatus = keyof typeof ORDER_MOVES;

// Every status named as a destination is a row of the table (checked when the types are).
type Destinations = { [F in OrderStatus]: keyof (typeof ORDER_MOVES)[F] }[OrderStatus];
const destinationsAreStatuses: [Destinations] extends [OrderStatus] ? true : never = true;
void destinationsAreStatuses;

/** The statuses, in the table's order: the one list (the column's type and CHECK come from it). */
export const ORDER_STATUSES = Object.keys(ORDER_MOVES) as [OrderStatus, ...OrderStatus[]];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && Object.hasOwn(ORDER_MOVES, value);
}

/**
 * The status a stored value names; a value outside the table is an error (never read as another
 * status): the database's CHECK keeps them out, so one here means the code and the data disagree.
 */
export function orderStatusFrom(value: string, where = 'an order'): OrderStatus {
  if (isOrderStatus(value)) return value;
  throw new Error(`Unknown order status "${value}" on ${where}: not a status of ORDER_MOVES.`);
}

/** Whether `mover` may move an order from `from` to `to` (ORDER_MOVES). */
export function canMove(from: OrderStatus, to: OrderStatus, mover: OrderMover): boolean {
  const movers = (ORDER_MOVES[from] as Partial<Record<OrderStatus, readonly OrderMover[]>>)[to];
  return movers?.includes(mover) ?? false;
}

/**
 * A move into or out of "On layaway" (ADR 099): staff make these through the plan's own actions
 * (record a transfer instalment, cancel the plan by its rule), never the plain status buttons.
 */
export function isPlanMove(from: OrderStatus, to: OrderStatus): boolean {
  return from === 'on_layaway' || to === 'on_layaway';
}

/**
 * Staff's part of the table: where staff may move an order from each status (the admin screens'
 * buttons, the API's refusals). The payment states (pending_payment → placed or payment_failed)
 * are the payment provider's to move, so staff may only cancel an unpaid order.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.fromEntries(
  ORDER_STATUSES.map((from) => [
    from,
    ORDER_STATUSES.filter((to) => canMove(from, to, 'staff') && !isPlanMove(from, to)),
  ]),
) as unknown as Record<OrderStatus, readonly OrderStatus[]>;

/** Whether staff may move an order from `from` to `to` without a correction. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return canMove(from, to, 'staff');
}

/** Statuses in which an order has ended: its stock and promo use have gone back (once). */
export const ENDED: readonly OrderStatus[] = ['cancelled', 'payment_failed'];

/** The SQL list of statuses (`'a', 'b', …`) the CHECK constraint on orders.status is built from. */
export function sqlStatusList(): string {
  return ORDER_STATUSES.map((s) => `'${s}'`).join(', ');
}

export const PAYMENT_METHODS = ['online', 'bank_transfer', 'pay_on_delivery', 'layaway'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: 'Card, bank or USSD (Paystack)',
  bank_transfer: 'Bank transfer',
  pay_on_delivery: 'Pay on delivery',
  layaway: 'Pay small-small',
};

/** Statuses an order going ahead passes through (not waiting for money, not ended). */
const GOING_AHEAD: readonly OrderStatus[] = ['placed', 'confirmed', 'packaged', 'shipped', 'delivered'];

/**
 * Whether staff moving an unpaid offline order to `to` says its money arrived: a bank transfer
 * going ahead (the shop moves it on only once the transfer is in), a pay-on-delivery order
 * delivered (the courier collects at the door; a refused parcel is cancelled instead). Such a
 * move takes the same path as "confirm payment" (orders.service setStatus).
 */
export function moveMeansPaid(method: PaymentMethod, to: OrderStatus): boolean {
  if (method === 'bank_transfer') return GOING_AHEAD.includes(to);
  if (method === 'pay_on_delivery') return to === 'delivered';
  return false;
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  awaiting_transfer: 'Awaiting bank transfer',
  placed: 'Placed',
  confirmed: 'Confirmed',
  packaged: 'Packaged',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
  on_layaway: 'On layaway',
};

/** The spec's five tracking steps, in order, and the status that completes each. */
export const TRACKING_STEPS = [
  { step: 'placed', status: 'placed', title: 'Order placed', description: 'We have received your order.' },
  {
    step: 'confirmed',
    status: 'confirmed',
    title: 'Confirmed',
    description: 'Our team has checked your order and payment.',
  },
  {
    step: 'packaged',
    status: 'packaged',
    title: 'Packaged',
    description: 'Your hair is packed and ready to leave our Lagos store.',
  },
  {
    step: 'shipping',
    status: 'shipped',
    title: 'Shipping',
    description: 'On its way to you with our courier.',
  },
  { step: 'delivered', status: 'delivered', title: 'Delivered', description: 'Delivered. Enjoy your hair!' },
] as const satisfies readonly { step: string; status: OrderStatus; title: string; description: string }[];

const PROGRESS: Partial<Record<OrderStatus, number>> = {
  placed: 0,
  /** A layaway order is in once its deposit is paid; it is confirmed when the last instalment is. */
  on_layaway: 0,
  confirmed: 1,
  packaged: 2,
  shipped: 3,
  delivered: 4,
};

export interface TimelineStep {
  step: (typeof TRACKING_STEPS)[number]['step'];
  title: string;
  description: string;
  completed: boolean;
  /** When the step was reached (ISO), from the order's history. */
  at: string | null;
}

/**
 * The timeline: steps up to the current status are complete (staff may skip one, or set an
 * earlier status to correct a mistake). A cancelled order keeps the steps it had reached. Each
 * step is stamped with the first time the history reached it.
 */
export function trackingTimeline(
  current: OrderStatus,
  history: readonly { status: OrderStatus; at: string }[],
): TimelineStep[] {
  const reached = PROGRESS[current] ?? Math.max(-1, ...history.map((h) => PROGRESS[h.status] ?? -1));
  return TRACKING_STEPS.map((s, i) => ({
    step: s.step,
    title: s.title,
    description: s.description,
    completed: i <= reached,
    at:
      history.find((h) => h.status === s.status || (s.status === 'placed' && h.status === 'on_layaway'))
        ?.at ?? null,
  }));
}

/** Statuses in which the reserved stock is held for an unpaid order. */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending_payment', 'awaiting_transfer'];

/**
 * Days from the order to the spec's estimated delivery, used only where the state's own promise
 * is not known (ADR 065: the estimate is the state's delivery rate, in working days).
 */
export const ESTIMATED_DELIVERY_DAYS = 5;

const DAY_MS = 86_400_000;
/** Lagos keeps West Africa Time (UTC+1) all year. */
const LAGOS_OFFSET_MS = 3_600_000;

/**
 * The estimated delivery of an order placed at `placedAt`: `workingDays` working days later
 * (Monday to Friday, Lagos time), as checkout promises ("Lagos: usually 1–2 working days");
 * without a promise, the spec's five days.
 */
export function estimatedDeliveryDate(placedAt: Date, workingDays: number | null): Date {
  if (workingDays === null) return new Date(placedAt.getTime() + ESTIMATED_DELIVERY_DAYS * DAY_MS);
  let at = placedAt.getTime();
  for (let left = Math.max(0, Math.floor(workingDays)); left > 0; ) {
    at += DAY_MS;
    const weekday = new Date(at + LAGOS_OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}
