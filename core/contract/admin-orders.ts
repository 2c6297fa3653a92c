// The admin orders screens: the list's filters (all in the URL, so a view can be bookmarked or
// shared), its rows, an order's detail for staff, and the forms staff post.
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../order-status.ts';
import { OrderLineSchema } from './orders.ts';

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const ADMIN_ORDER_SORT_LABELS: Record<AdminOrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Total, highest first',
  total_asc: 'Total, lowest first',
};

export const REFUND_FILTERS = ['refunded', 'partly_refunded'] as const;
export const REFUND_FILTER_LABELS: Record<(typeof REFUND_FILTERS)[number], string> = {
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
};

/** Rows per page of the admin orders list. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

/**
 * The list's filters as the URL carries them: `q` (tracking number, name, email or phone),
 * `status` (repeatable), `method`, `from`/`to` (days in Lagos time, both included), `sort`,
 * `page`. A value that makes no sense is dropped (a hand-edited URL still shows a list).
 */
export const AdminOrderFilters = z.object({
  q: z.string().trim().max(100).catch('').default(''),
  status: z.array(z.enum(ORDER_STATUSES)).catch([]).default([]),
  method: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  sort: z.enum(ADMIN_ORDER_SORTS).catch('newest').default('newest'),
  /** Orders with processed refunds: all paid money back, or some (ADR 097). */
  refund: z.enum(REFUND_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminOrderFilters = z.infer<typeof AdminOrderFilters>;

/** Reads the filters from a URL's query (`status` may repeat; empty fields count as absent). */
export function adminOrderFiltersFrom(params: URLSearchParams): AdminOrderFilters {
  const one = (key: string) => {
    const value = params.get(key)?.trim();
    return value ? value : undefined;
  };
  return AdminOrderFilters.parse({
    q: one('q'),
    status: params.getAll('status').filter(Boolean),
    method: one('method'),
    from: one('from'),
    to: one('to'),
    sort: one('sort'),
    refund: one('refund'),
    page: one('page'),
  });
}

/** The filters back as a query string (without defaults), for links, pages and the CSV. */
export function adminOrderQuery(
  filters: Partial<AdminOrderFilters>,
  overrides: Partial<AdminOrderFilters> = {},
) {
  const f = { ...filters, ...overrides };
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  for (const s of f.status ?? []) params.append('status', s);
  if (f.method) params.set('method', f.method);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.sort && f.sort !== 'newest') params.set('sort', f.sort);
  if (f.refund) params.set('refund', f.refund);
  if (f.page && f.page > 1) params.set('page', String(f.page));
  return params.toString();
}

export const PAYMENT_STATES = ['paid', 'awaiting', 'on_delivery', 'failed', 'not_paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  paid: 'Paid',
  awaiting: 'Awaiting payment',
  on_delivery: 'Due on delivery',
  failed: 'Failed',
  not_paid: 'Not paid',
};

export const AdminOrderRowSchema = z.object({
  trackingNumber: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  itemCount: z.number().int(),
  totalKobo: z.number().int(),
  /** What processed refunds have given back (ADR 097). */
  refundedKobo: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentState: z.enum(PAYMENT_STATES),
  status: z.enum(ORDER_STATUSES),
  /** Where staff may move it (core/order-status.ts ORDER_TRANSITIONS). */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderPageSchema = z.object({
  items: z.array(AdminOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

export const AdminOrderDetailSchema = z.object({
  ...AdminOrderRowSchema.shape,
  id: z.number().int(),
  shipName: z.string(),
  shipPhone: z.string(),
  address: z.string(),
  shipState: z.string(),
  subtotalKobo: z.number().int(),
  discountKobo: z.number().int(),
  deliveryFeeKobo: z.number().int(),
  /** Store credit spent on it (ADR 100). */
  storeCreditKobo: z.number().int(),
  promoCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  stockReleased: z.boolean(),
  lines: z.array(OrderLineSchema),
  history: z.array(
    z.object({
      status: z.enum(ORDER_STATUSES),
      note: z.string(),
      at: z.string(),
      actorUserId: z.number().int().nullable(),
    }),
  ),
  notes: z.array(
    z.object({
      id: z.number().int(),
      body: z.string(),
      at: z.string(),
      authorUserId: z.number().int().nullable(),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

/** Staff add an internal note (never shown to the shopper). */
export const AddOrderNoteInput = z.object({
  body: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(2000, 'Please keep the note under 2,000 characters.'),
});
export type AddOrderNoteInput = z.infer<typeof AddOrderNoteInput>;

/** Several orders moved at once: each only where its transitions allow. */
export const BulkOrderStatusInput = z.object({
  trackingNumbers: z
    .array(z.string().trim().min(1))
    .min(1, 'Select at least one order.')
    .max(200, 'Select at most 200 orders at a time.'),
  status: z.enum(ORDER_STATUSES, { error: 'Choose the status to move them to.' }),
});
export type BulkOrderStatusInput = z.infer<typeof BulkOrderStatusInput>;

export interface BulkStatusResult {
  moved: string[];
  refused: { trackingNumber: string; reason: string }[];
}
