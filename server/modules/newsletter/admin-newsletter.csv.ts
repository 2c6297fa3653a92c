// The subscriber CSV export (ADR 036), built like the orders export (ADR 026): exactly what the
// list's filters show, every page, streamed batch by batch from the database; UTF-8 with a
// byte-order mark, dates in Lagos time, formula-like cells quoted so a spreadsheet never runs them.
import { stringify } from 'csv-stringify/sync';
import {
  SUBSCRIBER_SOURCE_LABELS,
  SUBSCRIBER_STATUS_LABELS,
  type SubscriberSource,
} from '#core/contract/admin-newsletter.ts';
import { lagosStamp } from '#server/modules/orders/admin-orders.csv.ts';
import type { StaffSubscriberRow } from './newsletter.repository.ts';

export const SUBSCRIBER_CSV_COLUMNS = [
  'Email',
  'Status',
  'Source',
  'Signed up (Lagos)',
  'Confirmed (Lagos)',
  'Unsubscribed (Lagos)',
] as const;

const options = { escape_formulas: true, record_delimiter: 'windows' } as const;

function record(r: StaffSubscriberRow): string[] {
  return [
    r.email,
    SUBSCRIBER_STATUS_LABELS[r.status],
    SUBSCRIBER_SOURCE_LABELS[r.source as SubscriberSource] ?? r.source,
    lagosStamp(r.createdAt),
    r.confirmedAt ? lagosStamp(r.confirmedAt) : '',
    r.unsubscribedAt ? lagosStamp(r.unsubscribedAt) : '',
  ];
}

/** The CSV as a web stream: BOM and header first, then one chunk per batch as the reader asks. */
export function subscribersCsvStream(
  batchesOf: (size: number) => AsyncGenerator<StaffSubscriberRow[]>,
  batchSize = 500,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = batchesOf(batchSize);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${stringify([[...SUBSCRIBER_CSV_COLUMNS]], options)}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(next.value.map(record), options)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

export function subscribersCsvFileName(now = new Date()): string {
  return `crown-hair-newsletter-${lagosStamp(now).slice(0, 10)}.csv`;
}
