// /admin/orders/:trackingNumber: everything staff need about one order — its lines, totals as the
// shopper saw them, contact and address, payment record, status history with who and when,
// internal notes (never shown to the shopper), the actions, and the order's own audit trail. A
// refused action shows its message by the form that sent it, with what was typed still there.
import { Printer } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import type { AuditPage } from '#core/contract/admin-audit.ts';
import { type AdminOrderDetail, PAYMENT_STATE_LABELS } from '#core/contract/admin-orders.ts';
import { formatDeliveryFee, formatDiscount, formatPrice } from '#core/money.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { moveMeansPaid, ORDER_STATUSES, PAYMENT_METHOD_LABELS, STATUS_LABELS } from '#core/order-status.ts';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { type RefundGlance, RefundLink } from '../refunds/refund-link.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { inputClass } from '../ui/filter-bar.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { lagosTime, PAYMENT_STATE_TONES, STATUS_TONES } from './format.ts';

export interface PaymentRecord {
  provider: string;
  reference: string;
  status: string;
  amountKobo: number;
  channel: string | null;
  /** What the provider or staff said (e.g. who confirmed an offline payment). */
  message: string | null;
  paidAt: string | null;
  createdAt: string;
}

/** A refused action: which form sent it, why, and what was typed. */
export interface OrderActionFailure {
  intent: string;
  message: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

/** A region named by its heading's words ("Items", "Status history"…). */
function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <h2 className="font-display text-lg font-semibold">{title}</h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

// The forms are keyed by what a success changes (the notes, the status), so with JavaScript on a
// done action clears what was typed, while a refused one keeps it.
export function OrderDetail({
  order,
  payments,
  auditTrail,
  names,
  can,
  failure,
  refunds,
}: {
  order: AdminOrderDetail;
  payments: PaymentRecord[];
  auditTrail: Pick<AuditPage, 'items' | 'hasNext'>;
  /** Staff names by user id (for the history and the notes). */
  names: Record<string, string>;
  can: { update: boolean; correct: boolean; refund?: boolean; requestRefund?: boolean };
  failure: OrderActionFailure | null;
  refunds?: RefundGlance | null;
}) {
  const correcting = failure?.intent === 'status' && failure.values.correction === 'true';
  /** The failure of one form (the correction is a status form of its own). */
  const failed = (form: 'note' | 'status' | 'correct' | 'cancel' | 'other') => {
    if (!failure) return null;
    const of =
      failure.intent === 'status'
        ? correcting
          ? 'correct'
          : 'status'
        : failure.intent === 'note' || failure.intent === 'cancel'
          ? failure.intent
          : 'other';
    return of === form ? failure : null;
  };

  const who = (id: number | null) => (id === null ? 'The shop' : (names[String(id)] ?? `User ${id}`));
  const offlineUnpaid =
    order.paymentMethod !== 'online' &&
    order.paidAt === null &&
    order.status !== 'cancelled' &&
    order.status !== 'payment_failed';
  const cancellable = order.nextStatuses.includes('cancelled');
  // A move that says the money arrived confirms the payment too (ADR 029): say so before it happens.
  const paysOnMove =
    offlineUnpaid && order.nextStatuses.some((s) => moveMeansPaid(order.paymentMethod, s))
      ? order.paymentMethod === 'bank_transfer'
        ? 'Moving it on records the bank transfer as received and tells the team.'
        : 'Marking it delivered records the payment as collected and tells the team.'
      : null;
  return (
    <article className="min-w-0 space-y-4">
      <p className="text-sm">
        <Link to="/admin/orders" className="underline">
          ← All orders
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">Order {order.trackingNumber}</h1>
        <StatusBadge tone={STATUS_TONES[order.status]}>Order: {STATUS_LABELS[order.status]}</StatusBadge>
        <StatusBadge tone={PAYMENT_STATE_TONES[order.paymentState]}>
          Payment: {PAYMENT_STATE_LABELS[order.paymentState]}
        </StatusBadge>
        <a
          href={`/admin/orders/${order.trackingNumber}/packing-slip`}
          target="_blank"
          rel="noopener"
          className="btn-outline ml-auto inline-flex items-center gap-2"
        >
          <Printer className="h-4 w-4" aria-hidden="true" /> Packing slip
        </a>
        {order.paymentState === 'paid' ? (
          <a href={`/admin/orders/${order.trackingNumber}/receipt`} className="btn-outline">
            Receipt
          </a>
        ) : null}
      </header>
      <p className="text-sm text-muted">Placed {lagosTime(order.createdAt)} (Lagos time)</p>
      {(order.paidAt !== null || order.paymentMethod === 'layaway') && (can.refund || can.requestRefund) ? (
        <RefundLink trackingNumber={order.trackingNumber} issue={can.refund === true} glance={refunds} />
      ) : null}
      {failure ? <FormMessage tone="error">{failure.message}</FormMessage> : null}

      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          <Card title="Items">
            <ul className="divide-y divide-ink/10">
              {order.lines.map((l) => (
                <li key={`${l.sku}-${l.variantLabel}`} className="flex gap-3 py-3">
                  <div className="h-20 w-16 shrink-0 overflow-hidden rounded bg-sand">
                    {l.image ? (
                      <ResponsiveImage
                        image={l.image}
                        sizes="64px"
                        maxWidth={128}
                        className="h-full w-full object-cover"
                      />
                    ) : null}
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold">{l.productName}</p>
                    <p className="text-xs text-muted">
                      {l.variantLabel ? `${l.variantLabel} · ` : ''}SKU {l.sku}
                    </p>
                    <p className="text-xs">
                      {l.quantity} × {formatPrice(l.unitPriceKobo)}
                      {l.discountKobo > 0 ? ` (${formatDiscount(l.discountKobo)})` : ''}
                    </p>
                  </div>
                  <p className="whitespace-nowrap font-semibold">{formatPrice(l.totalKobo)}</p>
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-ink/10 pt-3">
              <dt>Subtotal</dt>
              <dd className="text-right">{formatPrice(order.subtotalKobo)}</dd>
              {order.discountKobo > 0 ? (
                <>
                  <dt>Discount{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
                  <dd className="text-right">{formatDiscount(order.discountKobo)}</dd>
                </>
              ) : null}
              <dt>Delivery</dt>
              <dd className="text-right">{formatDeliveryFee(order.deliveryFeeKobo)}</dd>
              {order.storeCreditKobo > 0 ? (
                <>
                  <dt>Store credit</dt>
                  <dd className="text-right">{formatDiscount(order.storeCreditKobo)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatPrice(order.totalKobo)}</dd>
            </dl>
          </Card>

          <Card title="Status history">
            <ol className="space-y-2">
              {order.history.map((h) => (
                <li key={`${h.at}-${h.status}-${h.note}`} className="border-l-2 border-plum-700/30 pl-3">
                  <p>
                    <strong>{STATUS_LABELS[h.status]}</strong> · {lagosTime(h.at)} · {who(h.actorUserId)}
                  </p>
                  {h.note ? <p className="text-muted">{h.note}</p> : null}
                </li>
              ))}
            </ol>
          </Card>

          <Card title="Internal notes">
            <p className="text-xs text-muted">Only staff see these; the shopper never does.</p>
            {order.notes.length === 0 ? <p className="mt-2 text-muted">No notes yet.</p> : null}
            <ul className="mt-2 space-y-2">
              {order.notes.map((n) => (
                <li key={n.id} className="rounded-lg bg-sand/60 p-3">
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="mt-1 text-xs text-muted">
                    {who(n.authorUserId)} · {lagosTime(n.at)}
                  </p>
                </li>
              ))}
            </ul>
            {can.update ? (
              <Form method="post" className="mt-3 space-y-2" key={`note-${order.notes.length}`}>
                <label htmlFor="note-body" className="block font-semibold">
                  Add a note
                </label>
                <textarea
                  id="note-body"
                  name="body"
                  rows={3}
                  maxLength={2000}
                  required
                  className={inputClass}
                  defaultValue={failed('note')?.values.body ?? ''}
                  aria-invalid={failed('note') ? true : undefined}
                />
                <button type="submit" name="intent" value="note" className="btn-outline">
                  Add note
                </button>
              </Form>
            ) : null}
          </Card>
        </div>

        <div className="space-y-4">
          {can.update ? (
            <Card title="Actions">
              <div className="space-y-4">
                {order.nextStatuses.filter((s) => s !== 'cancelled').length > 0 ? (
                  <Form method="post" className="space-y-2" key={`status-${order.status}`}>
                    <label htmlFor="next-status" className="block font-semibold">
                      Move to
                    </label>
                    <select
                      id="next-status"
                      name="status"
                      className={inputClass}
                      defaultValue={failed('status')?.values.status}
                      aria-describedby={paysOnMove ? 'pays-on-move' : undefined}
                    >
                      {order.nextStatuses
                        .filter((s) => s !== 'cancelled')
                        .map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABELS[s]}
                          </option>
                        ))}
                    </select>
                    {paysOnMove ? (
                      <p id="pays-on-move" className="text-xs text-muted">
                        {paysOnMove}
                      </p>
                    ) : null}
                    <label htmlFor="status-note" className="block">
                      Note to the shopper (optional)
                    </label>
                    <input
                      id="status-note"
                      name="note"
                      maxLength={500}
                      className={inputClass}
                      defaultValue={failed('status')?.values.note ?? ''}
                    />
                    <button type="submit" name="intent" value="status" className="btn-primary">
                      Update status
                    </button>
                  </Form>
                ) : null}
                {offlineUnpaid ? (
                  <Form method="post">
                    <button
                      type="submit"
                      name="intent"
                      value="confirm-payment"
                      className="btn-primary w-full"
                    >
                      {order.paymentMethod === 'bank_transfer'
                        ? 'Confirm bank transfer received'
                        : 'Confirm payment collected'}
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <button type="submit" name="intent" value="resend" className="btn-outline w-full">
                    Resend confirmation email
                  </button>
                </Form>
                {cancellable ? (
                  <ConfirmStep
                    label="Cancel order"
                    question="Cancel this order? Its items go back on sale and the shopper is emailed."
                    confirmLabel="Yes, cancel the order"
                    intent="cancel"
                    open={Boolean(failed('cancel'))}
                  >
                    <label htmlFor="cancel-note" className="block text-sm">
                      Reason (sent to the shopper, optional)
                    </label>
                    <input
                      id="cancel-note"
                      name="note"
                      maxLength={500}
                      className={inputClass}
                      defaultValue={failed('cancel')?.values.note ?? ''}
                    />
                  </ConfirmStep>
                ) : null}
                {can.correct ? (
                  <details className="rounded-lg border border-ink/10" open={correcting}>
                    <summary className="cursor-pointer p-2 font-semibold">Correct the status (admin)</summary>
                    <Form method="post" className="space-y-2 p-2" key={`correct-${order.status}`}>
                      <input type="hidden" name="correction" value="true" />
                      <label htmlFor="correct-status" className="block">
                        Set status to
                      </label>
                      <select
                        id="correct-status"
                        name="status"
                        className={inputClass}
                        defaultValue={failed('correct')?.values.status}
                      >
                        {ORDER_STATUSES.filter((s) => s !== order.status).map((s) => (
                          <option key={s} value={s}>
                            {STATUS_LABELS[s]}
                          </option>
                        ))}
                      </select>
                      <label htmlFor="correct-note" className="block">
                        Reason (required)
                      </label>
                      <input
                        id="correct-note"
                        name="note"
                        required
                        maxLength={500}
                        className={inputClass}
                        defaultValue={failed('correct')?.values.note ?? ''}
                        aria-invalid={failed('correct')?.fieldErrors.note ? true : undefined}
                      />
                      <button type="submit" name="intent" value="status" className="btn-outline">
                        Correct status
                      </button>
                    </Form>
                  </details>
                ) : null}
              </div>
            </Card>
          ) : null}

          <Card title="Customer">
            <p className="font-semibold">{order.shipName}</p>
            <p>
              <a href={`mailto:${order.email}`} className="underline">
                {order.email}
              </a>
            </p>
            <p>{formatNigerianPhone(order.phone)}</p>
            <h3 className="mt-3 font-semibold">Delivery address</h3>
            <p>{order.address}</p>
            <p>Recipient phone: {formatNigerianPhone(order.shipPhone)}</p>
          </Card>

          <Card title="Payment">
            <p>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
            <p>
              {order.paidAt ? `Paid ${lagosTime(order.paidAt)}` : PAYMENT_STATE_LABELS[order.paymentState]}
            </p>
            {payments.length === 0 ? <p className="mt-2 text-muted">No payment record.</p> : null}
            <ul className="mt-2 space-y-2">
              {payments.map((p) => (
                <li key={p.reference} className="rounded-lg bg-sand/60 p-2 text-xs">
                  <p>
                    <strong>{p.provider}</strong> · {p.status}
                    {p.channel ? ` · ${p.channel}` : ''}
                  </p>
                  <p className="break-all">Reference: {p.reference}</p>
                  <p>Amount: {formatPrice(p.amountKobo)}</p>
                  <p>{p.paidAt ? `Verified ${lagosTime(p.paidAt)}` : `Started ${lagosTime(p.createdAt)}`}</p>
                  {p.message ? <p>{p.message}</p> : null}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>

      <AuditTrail subjectType="order" subjectId={order.trackingNumber} trail={auditTrail} />
    </article>
  );
}
