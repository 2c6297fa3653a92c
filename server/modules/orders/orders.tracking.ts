// Reading orders: tracking (masked for strangers), the shopper's order history, and the small
// views of an order the emails and pages share (estimated delivery, address, summary).
import type { SessionUser } from '#core/contract/account.ts';
import type { PaymentState } from '#core/contract/admin-orders.ts';
import {
  normalizeTrackingNumber,
  type OrderSummary,
  type PublicTrackedOrder,
  type TrackedOrder,
} from '#core/contract/orders.ts';
import {
  estimatedDeliveryDate,
  type OrderStatus,
  orderStatusFrom,
  type PaymentMethod,
  trackingTimeline,
} from '#core/order-status.ts';
import type { Queryable } from '#server/db/client.ts';
import {
  findOrderById,
  findOrderByTracking,
  listHistory,
  listOrderLines,
  listOrdersOfCustomer,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository.ts';

export const deliveryDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'full', timeZone: 'Africa/Lagos' });

/**
 * Each state's promised delivery in working days (the most of its "usually 1–2 working days"):
 * the checkout module's delivery rates, as checkout shows them (ADR 065).
 */
export type DeliveryDaysPort = (q: Queryable) => Promise<ReadonlyMap<string, number>>;

/**
 * The order's estimated delivery: its state's promised working days after it was placed. `q` is
 * the caller's transaction when there is one (the embedded database has a single connection).
 */
export async function estimatedDelivery(
  q: Queryable,
  order: Pick<OrderRow, 'createdAt' | 'shipState'>,
  deliveryDays?: DeliveryDaysPort,
): Promise<string> {
  const days = deliveryDays ? ((await deliveryDays(q)).get(order.shipState) ?? null) : null;
  return deliveryDate.format(estimatedDeliveryDate(order.createdAt, days));
}

/** "ad•••@gmail.com": enough for the owner to recognise, not enough for a stranger to use. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

/** "Chiamaka" from "Chiamaka Okafor": what a stranger with the tracking number may see. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** The order's status; an unknown one is an error (orderStatusFrom), never read as another. */
export function statusOf(order: Pick<OrderRow, 'status' | 'trackingNumber'>): OrderStatus {
  return orderStatusFrom(order.status, `order ${order.trackingNumber}`);
}

/** Where the money stands: paid, waiting for it, due at the door, failed, or never coming. */
export function paymentStateOf(order: {
  paidAt: Date | null;
  status: string;
  paymentMethod: string;
}): PaymentState {
  if (order.paidAt) return 'paid';
  const status = orderStatusFrom(order.status);
  if (status === 'payment_failed') return 'failed';
  if (status === 'cancelled') return 'not_paid';
  if (order.paymentMethod === 'pay_on_delivery') return 'on_delivery';
  return 'awaiting';
}

export function methodOf(order: OrderRow): PaymentMethod {
  return order.paymentMethod === 'bank_transfer' ||
    order.paymentMethod === 'pay_on_delivery' ||
    order.paymentMethod === 'layaway'
    ? order.paymentMethod
    : 'online';
}

export function fullAddress(order: OrderRow): string {
  return [
    order.shipStreet,
    order.shipLandmark ? `(${order.shipLandmark})` : null,
    order.shipCity,
    order.shipState,
  ]
    .filter(Boolean)
    .join(', ');
}

/** An order line as the tracking page and the admin order page show it. */
export function orderLineView(l: OrderLineRow): TrackedOrder['lines'][number] {
  return {
    productId: l.productId,
    productName: l.productName,
    variantLabel: l.variantLabel,
    sku: l.sku,
    image: l.imageId ? { id: l.imageId, alt: l.productName, width: 1200, height: 1500 } : null,
    unitPriceKobo: l.unitPriceKobo,
    quantity: l.quantity,
    discountKobo: l.discountKobo,
    totalKobo: l.totalKobo,
  };
}

function summary(order: OrderRow, lines: OrderLineRow[], estimate: string): OrderSummary {
  return {
    trackingNumber: order.trackingNumber,
    status: statusOf(order),
    paymentMethod: methodOf(order),
    createdAt: order.createdAt.toISOString(),
    estimatedDelivery: estimate,
    totalKobo: order.totalKobo,
    itemNames: lines.map((l) => l.productName),
    itemCount: lines.reduce((a, l) => a + l.quantity, 0),
    paid: order.paidAt !== null,
  };
}

/**
 * Whether `viewer` owns the order: it was placed from their account, or as a guest with their
 * (confirmed: ADR 011) address. Roles give nothing here (ADR 049).
 */
export function ownedBy(
  order: Pick<OrderRow, 'userId' | 'email'>,
  viewer: Pick<SessionUser, 'id' | 'email'>,
) {
  return order.userId === viewer.id || (order.userId === null && order.email.toLowerCase() === viewer.email);
}

export function createOrderTracking(deps: { db: Queryable; deliveryDays?: DeliveryDaysPort }) {
  const { db, deliveryDays } = deps;

  /**
   * The order as `viewer` may see it. The signed-in owner sees everything, and so does the admin
   * API (`'staff'`, behind its permission guard); anyone else with the tracking number — another
   * customer, a guest, and a staff member on the storefront, where a staff account is just another
   * account (ADR 049) — sees a first name, a masked email, the city and the public timeline (never
   * the full name, the street or the notes staff wrote in the status history).
   */
  async function tracked(order: OrderRow, viewer: SessionUser | null | 'staff'): Promise<TrackedOrder> {
    const [lines, history] = await Promise.all([listOrderLines(db, [order.id]), listHistory(db, order.id)]);
    const full = viewer === 'staff' || (viewer !== null && ownedBy(order, viewer));
    const status = statusOf(order);
    const steps = history.map((h) => ({
      status: orderStatusFrom(h.status, `order ${order.trackingNumber}'s history`),
      note: h.note,
      at: h.createdAt.toISOString(),
    }));
    const shared = {
      ...summary(order, lines, await estimatedDelivery(db, order, deliveryDays)),
      subtotalKobo: order.subtotalKobo,
      discountKobo: order.discountKobo,
      deliveryFeeKobo: order.deliveryFeeKobo,
      storeCreditKobo: order.storeCreditKobo,
      promoCode: order.promoCode,
      paidAt: order.paidAt?.toISOString() ?? null,
      lines: lines.map(orderLineView),
      // Built from the statuses and times only: the public step descriptions, never a note.
      timeline: trackingTimeline(
        status,
        steps.map(({ status, at }) => ({ status, at })),
      ),
      customerFirstName: firstName(order.shipName),
    };
    if (!full) {
      const stranger: PublicTrackedOrder = {
        ...shared,
        masked: true,
        email: maskEmail(order.email),
        address: `${order.shipCity}, ${order.shipState}`,
      };
      return stranger;
    }
    return {
      ...shared,
      masked: false,
      customerName: order.shipName,
      email: order.email,
      address: fullAddress(order),
      history: steps,
    };
  }

  return {
    tracked,

    /** Looks an order up by its tracking number, ignoring case and spaces. */
    async track(trackingNumber: string, viewer: SessionUser | null): Promise<TrackedOrder | null> {
      const number = normalizeTrackingNumber(trackingNumber);
      if (!/^CH\d{6,20}$/.test(number)) return null;
      const order = await findOrderByTracking(db, number);
      return order ? tracked(order, viewer) : null;
    },

    async byId(orderId: number, viewer: SessionUser | null): Promise<TrackedOrder | null> {
      const order = await findOrderById(db, orderId);
      return order ? tracked(order, viewer) : null;
    },

    /**
     * The shopper's orders, newest first: the account's own (guest orders join it when it confirms
     * its address, ADR 065) and, once the address is confirmed, guest orders placed with it since.
     */
    async listForCustomer(user: SessionUser): Promise<OrderSummary[]> {
      const orders = await listOrdersOfCustomer(db, user.id, user.emailVerified ? user.email : null);
      const lines = await listOrderLines(
        db,
        orders.map((o) => o.id),
      );
      return Promise.all(
        orders.map(async (o) =>
          summary(
            o,
            lines.filter((l) => l.orderId === o.id),
            await estimatedDelivery(db, o, deliveryDays),
          ),
        ),
      );
    },
  };
}
