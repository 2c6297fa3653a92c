// Writing a new order: the port checkout places orders through (inside its one transaction), and
// the order-placed email (sent when an order is placed unpaid, and again when it is paid).
import { randomInt } from 'node:crypto';
import type { OrderStatus } from '#core/order-status.ts';
import type { Queryable } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { orderPlacedMail } from '#server/modules/mail/order-templates.tsx';
import {
  findByKeyOrCartHold,
  findOrderByIdempotencyKey,
  insertLinesAndFirstStatus,
  insertOrder,
  listOrderLines,
  type NewOrder,
  type NewOrderLine,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository.ts';
import {
  type DeliveryDaysPort,
  deliveryDate,
  estimatedDelivery,
  fullAddress,
  methodOf,
} from './orders.tracking.ts';

export interface BankAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
}

/** A new order as checkout priced it; the tracking number is drawn here. */
export type NewPlacedOrder = Omit<NewOrder, 'id' | 'trackingNumber' | 'createdAt' | 'updatedAt'> & {
  status: OrderStatus;
};
/** One priced line of a new order (the order's id is filled in here). */
export type NewPlacedLine = Omit<NewOrderLine, 'id' | 'orderId'>;

/** "CH" and 12 random digits (a trillion numbers: not guessable by counting). */
export function newTrackingNumber(): string {
  return `CH${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function createOrderPlacement(deps: {
  mail: MailService;
  trackUrl: (order: OrderRow) => string;
  deliveryDays?: DeliveryDaysPort;
}) {
  const { mail, trackUrl } = deps;

  /**
   * Writes the order-placed email with `q` (inside the transaction that placed or paid the
   * order; it reads nothing outside it, so it never waits for a second connection).
   */
  async function sendPlacedMail(
    q: Queryable,
    order: OrderRow,
    options: {
      paid: boolean;
      paymentReference: string;
      bank?: BankAccount;
      /** The order's lines when the caller has them (just written): not read again. */
      lines?: readonly OrderLineRow[];
    },
  ) {
    const lines = options.lines ?? (await listOrderLines(q, [order.id]));
    const method = methodOf(order);
    await mail.enqueue(
      q,
      orderPlacedMail({
        to: order.email,
        name: order.shipName,
        trackingNumber: order.trackingNumber,
        paymentMethod: method,
        paid: options.paid,
        lines: lines.map((l) => ({
          productName: l.productName,
          variantLabel: l.variantLabel,
          quantity: l.quantity,
          totalKobo: l.totalKobo,
        })),
        // The order row's figures, as priceBasket (core/pricing.ts) worked them out at checkout.
        subtotalKobo: order.subtotalKobo,
        discountKobo: order.discountKobo,
        deliveryFeeKobo: order.deliveryFeeKobo,
        storeCreditKobo: order.storeCreditKobo,
        totalKobo: order.totalKobo,
        estimatedDelivery: await estimatedDelivery(q, order, deps.deliveryDays),
        address: fullAddress(order),
        trackUrl: trackUrl(order),
        confirmBy:
          method === 'pay_on_delivery' && !options.paid && order.reservedUntil
            ? deliveryDate.format(order.reservedUntil)
            : undefined,
        bank:
          method === 'bank_transfer' && order.reservedUntil && options.bank
            ? {
                ...options.bank,
                reference: options.paymentReference,
                deadline: deliveryDate.format(order.reservedUntil),
              }
            : undefined,
      }),
    );
  }

  return {
    sendPlacedMail,

    /** The order an earlier copy of this checkout form placed, if any. */
    findByIdempotencyKey(q: Queryable, key: string): Promise<OrderRow | null> {
      return findOrderByIdempotencyKey(q, key);
    },

    /**
     * In one statement: the order an earlier copy of this form placed, and whether the cart has an
     * unpaid card order holding stock that this checkout would replace (ADR 049).
     */
    async earlierOrHold(
      q: Queryable,
      key: string,
      cartId: number | null,
    ): Promise<{ earlier: OrderRow | null; cartHold: boolean }> {
      const rows = await findByKeyOrCartHold(q, key, cartId);
      const earlier = rows.find((o) => o.idempotencyKey === key) ?? null;
      return { earlier, cartHold: rows.some((o) => o.idempotencyKey !== key) };
    },

    /**
     * Writes a new order with `q` (the placing transaction): the order row under a free tracking
     * number, then its lines and its first status with `note` in one statement. Returns the order
     * and its lines as stored (the order-placed email takes them without reading them again).
     */
    async write(
      q: Queryable,
      values: NewPlacedOrder,
      lines: readonly NewPlacedLine[],
      note: string,
    ): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
      let order: OrderRow | null = null;
      for (let attempt = 0; attempt < 5 && !order; attempt++) {
        order = await insertOrder(q, { ...values, trackingNumber: newTrackingNumber() });
      }
      if (!order) throw new Error('Could not draw a free tracking number');
      const orderId = order.id;
      const written = await insertLinesAndFirstStatus(
        q,
        lines.map((l) => ({ ...l, orderId })),
        { orderId, status: values.status, note },
      );
      return { order, lines: written };
    },
  };
}
