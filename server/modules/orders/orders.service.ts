// The orders service: orders after checkout, put together from the files named for each seam.
// Reading orders lives in orders.tracking.ts; writing a new one in orders.placement.ts (the port
// checkout places orders through); every status change goes through the state machine
// (order-machine.ts, ADR 073), called by what the payment does (payment-moves.ts) and what staff
// do (staff-moves.ts); the admin screens' work in admin-orders.service.ts.
import type { SetOrderStatusInput, TrackedOrder } from '#core/contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import type { StoreCreditPort } from '#server/modules/credit/credit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { createAdminOrders } from './admin-orders.service.ts';
import type { RestockedUnits, StaffActor } from './order-machine.ts';
import { createOrderMachine } from './order-machine.ts';
import { createOrderPlacement } from './orders.placement.ts';
import { findOrderByTracking, type OrderRow } from './orders.repository.ts';
import { createOrderTracking, type DeliveryDaysPort } from './orders.tracking.ts';
import { createPaymentMoves } from './payment-moves.ts';
import { receiptFileName, receiptPdf } from './receipt-pdf.ts';
import {
  createReceipts,
  type ReceiptIssuer,
  type ReceiptMoneyPort,
  type ReceiptShop,
  receiptNumbering,
} from './receipts.service.ts';
import { createRefundOrderPort } from './refund-port.ts';
import { createStaffMoves, type OfflinePaymentPort } from './staff-moves.ts';

/** An order as the orders module hands it to other modules (its row; read-only to them). */
export type Order = OrderRow;

export { OrderMoveRefusedError, type StaffActor } from './order-machine.ts';
export type { BankAccount } from './orders.placement.ts';
export { cartLockKey, REPLACED_NOTE } from './payment-moves.ts';
export { type ReceiptMoneyPort, type RefundForReceipt, receiptNumbering } from './receipts.service.ts';
export type { RefundOrderPort } from './refund-port.ts';
export type { OfflinePaymentPort } from './staff-moves.ts';

export function createOrdersService(deps: {
  db: Db;
  mail: MailService;
  promotions: Pick<PromotionsService, 'release' | 'redeem'>;
  /** Whether an account wants order-update emails (guests always get them). */
  wantsOrderUpdates: (userId: number) => Promise<boolean>;
  /** Records who changed an order's status, from what to what and why. */
  audit: Pick<AuditService, 'record'>;
  /** Verifies an offline payment's record and tells staff (the payments module). */
  offlinePaymentReceived: OfflinePaymentPort;
  /** The catalogue's stock: units go back on sale (and are taken again) through it. */
  stock: StockPort;
  /** Store credit: given back when an order that spent it ends, spent again if it reopens (ADR 100). */
  credit?: Pick<StoreCreditPort, 'restore' | 'spend'>;
  publicUrl: string;
  /** Each state's promised delivery in working days, for the estimated delivery (ADR 065). */
  deliveryDays?: DeliveryDaysPort;
  /** The money a receipt lists: payments (the payments module) and refunds (ADR 098). */
  receiptMoney: ReceiptMoneyPort;
  /** The shop's name, address and contacts as a receipt prints them (the settings). */
  receiptShop: () => Promise<ReceiptShop>;
  /** Numbers a paid order's receipt (default: the one counter per year). */
  receiptIssuer?: ReceiptIssuer;
  /** Units approved refunds already put back on the shelf (payments' refunds; ADR 097). */
  restockedByRefunds?: RestockedUnits;
}) {
  const { db, mail, publicUrl, stock, deliveryDays, audit } = deps;
  const trackUrl = (order: OrderRow) => `${publicUrl}/track-order?id=${order.trackingNumber}`;
  const tracking = createOrderTracking({ db, deliveryDays });
  const placement = createOrderPlacement({ mail, trackUrl, deliveryDays });
  const { sendPlacedMail } = placement;
  const machine = createOrderMachine({
    mail,
    audit,
    stock,
    promotions: deps.promotions,
    ...(deps.credit ? { credit: deps.credit } : {}),
    receipts: deps.receiptIssuer ?? receiptNumbering,
    ...(deps.restockedByRefunds ? { restockedByRefunds: deps.restockedByRefunds } : {}),
    trackUrl,
    sendPlacedMail,
  });
  const paymentMoves = createPaymentMoves({ db, machine, stock });
  const staffMoves = createStaffMoves({
    db,
    machine,
    audit,
    offlinePaymentReceived: deps.offlinePaymentReceived,
    // Status updates: guests always hear of their order; an account when it wants order updates.
    // Receipts, payment confirmations and an unpaid order's end always go (ADR 037).
    wantsMail: async (order) => order.userId === null || (await deps.wantsOrderUpdates(order.userId)),
  });

  const receipts = createReceipts({ db, money: deps.receiptMoney, shop: deps.receiptShop });

  const service = {
    track: tracking.track,
    byId: tracking.byId,
    listForCustomer: tracking.listForCustomer,

    /** The port checkout writes a new order through (inside its transaction). */
    placement,
    sendPlacedMail,

    /** Receipts: the page and PDF (`forVisitor`, `forStaff`), and the numbering (ADR 098). */
    receipts: {
      ...receipts,
      issueRefundReceipt: receiptNumbering.issueRefundReceipt,
      /** An order paid the moment it is placed (store credit covering it all): numbered at once. */
      issueForOrder: (deps.receiptIssuer ?? receiptNumbering).issueForOrder,
      pdf: receiptPdf,
      fileName: receiptFileName,
    },
    /** The port refunds go through (payments' refunds.service.ts; ADR 097). */
    refunds: createRefundOrderPort(machine),

    ...paymentMoves,
    ...staffMoves,

    /** `moveStatusTo` (the move parsed once, by the route), answering with the order as it is now. */
    async setStatus(
      trackingNumber: string,
      move: SetOrderStatusInput,
      actor: StaffActor,
    ): Promise<TrackedOrder> {
      const moved = await staffMoves.moveStatusTo(trackingNumber, move, actor);
      const updated = await findOrderByTracking(db, moved.trackingNumber);
      return tracking.tracked(updated!, 'staff'); // only staff set a status
    },
  };

  /** The admin screens' work: list, detail, notes, bulk moves, offline payments, resends. */
  const admin = createAdminOrders({ db, audit, moveStatusTo: staffMoves.moveStatusTo, sendPlacedMail });
  return { ...service, admin };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
