// The orders CSV export (ADR 026): exactly what the list's filters show, every page of it, as a
// stream pulled batch by batch from the database (keyset batches of 500: memory holds one batch,
// however many orders match). UTF-8 with a byte-order mark so Excel reads ₦ and names right,
// amounts in naira ("12500.00"), dates in Lagos time, phones as Nigerians write them, and cells that begin with = + - @ (or a
// tab or carriage return) quoted with a leading apostrophe so a spreadsheet never runs them.
import { stringify } from 'csv-stringify/sync';
import { type AdminOrderFilters, PAYMENT_STATE_LABELS } from '#core/contract/admin-orders.ts';
import { koboToDecimalString } from '#core/money-format.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { orderStatusFrom, PAYMENT_METHOD_LABELS, STATUS_LABELS } from '#core/order-status.ts';
import type { OrderListRow as OrderExportRow } from './admin-orders.repository.ts';
import { paymentStateOf } from './orders.tracking.ts';

/** Where the rows come from: the admin orders' keyset batches (`orders.admin.exportBatches`). */
export interface ExportBatches {
  exportBatches(filters: AdminOrderFilters, batchSize: number): AsyncGenerator<OrderExportRow[]>;
}

export const CSV_COLUMNS = [
  'Tracking number',
  'Date (Lagos)',
  'Customer',
  'Email',
  'Phone',
  'City',
  'State',
  'Items',
  'Subtotal (NGN)',
  'Discount (NGN)',
  'Delivery (NGN)',
  'Store credit (NGN)',
  'Total (NGN)',
  'Promo code',
  'Payment method',
  'Payment',
  'Paid at (Lagos)',
  'Status',
  'Refunded (NGN)',
] as const;

const HOUR = 3_600_000;

/** "2026-11-23 17:05" in Lagos time (UTC+1 all year). */
export function lagosStamp(when: Date): string {
  return new Date(when.getTime() + HOUR).toISOString().slice(0, 16).replace('T', ' ');
}

function record(o: OrderExportRow): string[] {
  const method = o.paymentMethod as keyof typeof PAYMENT_METHOD_LABELS;
  return [
    o.trackingNumber,
    lagosStamp(o.createdAt),
    o.shipName,
    o.email,
    formatNigerianPhone(o.phone),
    o.shipCity,
    o.shipState,
    String(o.itemCount),
    koboToDecimalString(o.subtotalKobo),
    koboToDecimalString(o.discountKobo),
    koboToDecimalString(o.deliveryFeeKobo),
    koboToDecimalString(o.storeCreditKobo),
    koboToDecimalString(o.totalKobo),
    o.promoCode ?? '',
    PAYMENT_METHOD_LABELS[method] ?? o.paymentMethod,
    PAYMENT_STATE_LABELS[paymentStateOf(o)],
    o.paidAt ? lagosStamp(o.paidAt) : '',
    STATUS_LABELS[orderStatusFrom(o.status, `order ${o.trackingNumber}`)],
    koboToDecimalString(Number(o.refundedKobo)),
  ];
}

const options = { escape_formulas: true, record_delimiter: 'windows' } as const;

/** One batch of orders as CSV text (no header). */
export function csvRows(rows: readonly OrderExportRow[]): string {
  return stringify(rows.map(record), options);
}

/**
 * The CSV as a web stream: the BOM and header first, then one chunk per batch, each read from
 * the database only when the reader asks for more (a slow download never piles rows up).
 */
export function ordersCsvStream(
  admin: ExportBatches,
  filters: AdminOrderFilters,
  batchSize = 500,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = admin.exportBatches(filters, batchSize);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${stringify([[...CSV_COLUMNS]], options)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRows(next.value)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** The file's name: orders-<Lagos date>.csv. */
export function csvFileName(now = new Date()): string {
  return `crown-hair-orders-${lagosStamp(now).slice(0, 10)}.csv`;
}
