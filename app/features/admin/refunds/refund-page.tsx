// The refund page (ADR 097): what was paid, already refunded and can still be refunded; the lines
// with a quantity and "Put back on the shelf" each (on by default while the order is not shipped),
// the delivery fee, or a free amount; a required reason; for an offline order, the transfer the
// shop made. "Review refund" asks the server what it comes to (with JavaScript the total also
// follows the form as it changes); the confirm step makes it. Staff see "Request refund".
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import type { RefundSummary } from '#core/contract/refunds.ts';
import { formatPrice } from '#core/money.ts';
import { parseNairaInput } from '#core/money-input.ts';
import type { OrderStatus } from '#core/order-status.ts';
import {
  lineRefundAmount,
  REFUND_METHOD_LABELS,
  REFUND_REASONS,
  REFUND_STATE_LABELS,
  type RefundMethod,
} from '#core/refunds.ts';
import { inputClass } from '../ui/filter-bar.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { RefundList } from './refund-list.tsx';

export type RefundAnswer =
  | {
      ok: true;
      intent: 'review';
      preview: { amountKobo: number; leftKobo: number };
      values: Record<string, string>;
    }
  | {
      ok: false;
      intent?: string;
      message: string;
      fieldErrors: Record<string, string[]>;
      values: Record<string, string>;
    };

const NOT_YET_SHIPPED: readonly OrderStatus[] = [
  'pending_payment',
  'awaiting_transfer',
  'placed',
  'confirmed',
  'packaged',
];

/** What the form comes to, as the server will weigh it (the same core rules). */
function totalOf(form: FormData, summary: RefundSummary): number | null {
  if (form.get('mode') === 'amount') return parseNairaInput(String(form.get('amount') ?? ''));
  let total = 0;
  for (const l of summary.lines) {
    const q = Number(form.get(`qty.${l.lineId}`) ?? 0);
    if (!Number.isInteger(q) || q < 0 || q > l.quantityBought - l.quantityRefunded) return null;
    total += lineRefundAmount({ totalKobo: l.totalKobo, quantity: l.quantityBought }, l.quantityRefunded, q);
  }
  if (form.get('deliveryFee') === 'on' && !summary.deliveryFeeRefunded) total += summary.deliveryFeeKobo;
  return total;
}

function Money({ label, kobo }: { label: string; kobo: number }) {
  return (
    <div className="rounded-lg bg-sand px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold">{formatPrice(kobo)}</dd>
    </div>
  );
}

export function RefundPage({
  summary,
  status,
  canIssue,
  answer,
}: {
  summary: RefundSummary;
  status: OrderStatus;
  canIssue: boolean;
  answer: RefundAnswer | null;
}) {
  const typed = answer && (answer.intent === 'review' || answer.intent === 'confirm') ? answer.values : null;
  const v = (key: string, fallback = '') => typed?.[key] ?? fallback;
  const [live, setLive] = useState<number | null>(null);
  const restockDefault = NOT_YET_SHIPPED.includes(status);
  const mode = v('mode', 'lines');
  const offline = summary.method === 'bank_transfer';
  const errors = answer && !answer.ok ? Object.values(answer.fieldErrors).flat() : [];
  const action = canIssue ? 'Refund' : 'Request refund';
  const method = summary.method ? REFUND_METHOD_LABELS[summary.method as RefundMethod] : null;
  return (
    <article className="min-w-0 space-y-4">
      <p className="text-sm">
        <Link to={`/admin/orders/${summary.trackingNumber}`} className="underline">
          ← Order {summary.trackingNumber}
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl font-semibold sm:text-3xl">
          {action} · order {summary.trackingNumber}
        </h1>
        {summary.state !== 'none' ? (
          <StatusBadge tone={summary.state === 'refunded' ? 'neutral' : 'warning'}>
            {REFUND_STATE_LABELS[summary.state]}
          </StatusBadge>
        ) : null}
      </header>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <Money label="Paid" kobo={summary.paidKobo} />
        <Money label="Already refunded or asked for" kobo={summary.heldKobo} />
        <Money label="Most that can still be refunded" kobo={summary.leftKobo} />
      </dl>
      {method ? <p className="text-sm text-muted">The money goes back to {method}.</p> : null}
      {answer && !answer.ok ? (
        <div className="space-y-1">
          <FormMessage tone="error">{answer.message}</FormMessage>
          {errors.length > 0 ? (
            <ul className="list-disc pl-5 text-sm text-sale">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      {summary.leftKobo > 0 ? (
        <Form
          method="post"
          className="space-y-4 rounded-xl bg-white p-4 shadow-sm"
          aria-label={action}
          onChange={(e) => setLive(totalOf(new FormData(e.currentTarget), summary))}
        >
          <fieldset className="space-y-3">
            <legend className="font-display text-lg font-semibold">What to refund</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="mode" value="lines" defaultChecked={mode !== 'amount'} /> Items and
              delivery
            </label>
            <ul className="divide-y divide-ink/10 text-sm">
              {summary.lines.map((l) => {
                const left = l.quantityBought - l.quantityRefunded;
                const name = `${l.productName}${l.variantLabel ? ` (${l.variantLabel})` : ''}`;
                return (
                  <li key={l.lineId} className="grid gap-2 py-2 sm:grid-cols-[1fr_auto_auto] sm:items-center">
                    <span>
                      {name}{' '}
                      <span className="text-muted">
                        · {l.sku} · {l.quantityBought} bought at {formatPrice(l.unitPriceKobo)},{' '}
                        {l.quantityRefunded} refunded
                      </span>
                    </span>
                    <label className="flex items-center gap-2">
                      Quantity to refund of {name}
                      <input
                        type="number"
                        name={`qty.${l.lineId}`}
                        min={0}
                        max={left}
                        disabled={left === 0}
                        defaultValue={v(`qty.${l.lineId}`, '0')}
                        className={`${inputClass} w-20`}
                      />
                    </label>
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name={`restock.${l.lineId}`}
                        defaultChecked={typed ? typed[`restock.${l.lineId}`] === 'on' : restockDefault}
                      />
                      Put back on the shelf
                    </label>
                  </li>
                );
              })}
            </ul>
            {summary.deliveryFeeKobo > 0 && !summary.deliveryFeeRefunded ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="deliveryFee" defaultChecked={v('deliveryFee') === 'on'} /> The
                delivery fee ({formatPrice(summary.deliveryFeeKobo)})
              </label>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="mode" value="amount" defaultChecked={mode === 'amount'} /> A free
              amount instead
            </label>
            <label className="block text-sm">
              Amount in naira
              <input
                name="amount"
                inputMode="decimal"
                defaultValue={v('amount')}
                className={`${inputClass} sm:w-48`}
              />
            </label>
          </fieldset>

          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="font-display text-lg font-semibold">Why</legend>
            <label className="block text-sm">
              Reason
              <select name="reason" required defaultValue={v('reason')} className={inputClass}>
                <option value="">Choose a reason</option>
                {Object.entries(REFUND_REASONS).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm">
              Details (optional)
              <input
                name="reasonText"
                maxLength={500}
                defaultValue={v('reasonText')}
                className={inputClass}
              />
            </label>
            <label className="block text-sm sm:col-span-2">
              Internal note (optional)
              <input name="note" maxLength={1000} defaultValue={v('note')} className={inputClass} />
            </label>
          </fieldset>

          {offline ? (
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="font-display text-lg font-semibold">The transfer you made</legend>
              {(
                [
                  ['bankName', 'Customer’s bank'],
                  ['accountNumber', 'Account number (10 digits)'],
                  ['accountName', 'Account name'],
                  ['transferReference', 'Transfer reference'],
                ] as const
              ).map(([key, label]) => (
                <label key={key} className="block text-sm">
                  {label}
                  <input
                    name={key}
                    defaultValue={v(key)}
                    inputMode={key === 'accountNumber' ? 'numeric' : undefined}
                    className={inputClass}
                  />
                </label>
              ))}
            </fieldset>
          ) : null}

          <p className="text-sm" aria-live="polite">
            {live !== null ? `Refund total: ${formatPrice(live)}` : null}
          </p>
          {answer?.ok ? (
            <div className="space-y-2 rounded-lg border border-gold-500 bg-sand p-3" role="status">
              <p className="font-semibold">
                {canIssue ? 'Refund' : 'Ask for a refund of'} {formatPrice(answer.preview.amountKobo)}
                {method ? ` to ${method}` : ''}?
              </p>
              <button type="submit" name="intent" value="confirm" className="btn-primary">
                Confirm {canIssue ? 'refund' : 'request'} of {formatPrice(answer.preview.amountKobo)}
              </button>
            </div>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="review"
            className={answer?.ok ? 'btn-outline' : 'btn-primary'}
          >
            Review {canIssue ? 'refund' : 'request'}
          </button>
        </Form>
      ) : (
        <FormMessage tone="info">Nothing is left to refund on this order.</FormMessage>
      )}

      <section className="rounded-xl bg-white p-4 shadow-sm" aria-label="Refunds">
        <h2 className="font-display text-lg font-semibold">Refunds</h2>
        <div className="mt-3">
          <RefundList refunds={summary.refunds} canIssue={canIssue} />
        </div>
      </section>
    </article>
  );
}
