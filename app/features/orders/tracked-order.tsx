// A tracked order on /track-order: its details (masked for a stranger), its items and the
// timeline of its progress. The owner (or staff) also sees the note of a cancellation.
import { Check, Circle } from 'lucide-react';
import type { TrackedOrder } from '#core/contract/orders.ts';
import { formatDiscount, formatPrice } from '#core/money.ts';
import { STATUS_LABELS } from '#core/order-status.ts';
import { OrderLineList } from './order-line-list.tsx';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function TrackedOrderDetails({ order }: { order: TrackedOrder }) {
  return (
    <div className="mt-8 space-y-6">
      <div className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Field label="Order ID" value={order.trackingNumber} mono />
          <Field label="Status" value={STATUS_LABELS[order.status]} />
          <Field label="Customer" value={order.masked ? order.customerFirstName : order.customerName} />
          <Field label="Email" value={order.email} />
          <Field label="Order date" value={dateTime.format(new Date(order.createdAt))} />
          <Field label="Estimated delivery" value={order.estimatedDelivery} />
          <Field label="Delivery address" value={order.address} />
          {order.storeCreditKobo > 0 ? (
            <Field label="Store credit" value={formatDiscount(order.storeCreditKobo)} />
          ) : null}
          <Field label="Total" value={formatPrice(order.totalKobo)} />
        </dl>
        {order.paidAt ? (
          <p className="mt-4">
            <a href={`/track-order/${order.trackingNumber}/receipt`} className="btn-outline">
              View Receipt
            </a>
          </p>
        ) : null}
        {order.masked ? (
          <p className="mt-4 text-xs text-muted">
            Sign in as the customer to see the full name, email, address and order notes.
          </p>
        ) : null}
      </div>

      <div id="items" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">Items</h2>
        <OrderLineList
          lines={order.lines}
          className="mt-3 divide-y divide-ink/10 text-sm"
          itemClassName="flex justify-between gap-3 py-2"
        />
      </div>

      <div className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <h2 id="progress-title" className="text-lg font-semibold">
          Progress
        </h2>
        <ol className="mt-4 space-y-0" aria-labelledby="progress-title">
          {order.timeline.map((step, i) => (
            <li
              key={step.step}
              className="relative flex gap-4 pb-6 last:pb-0"
              data-completed={step.completed}
            >
              {i < order.timeline.length - 1 ? (
                <span
                  className={`absolute left-4 top-9 h-[calc(100%-2.25rem)] w-0.5 ${order.timeline[i + 1]?.completed ? 'bg-ok' : 'bg-ink/15'}`}
                  aria-hidden="true"
                />
              ) : null}
              <span
                className={`relative z-10 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${
                  step.completed ? 'bg-ok text-white' : 'border-2 border-ink/20 bg-white text-ink/30'
                }`}
                aria-hidden="true"
              >
                {step.completed ? <Check className="h-4 w-4" /> : <Circle className="h-3 w-3" />}
              </span>
              <div>
                <p className={`font-semibold ${step.completed ? 'text-ink' : 'text-muted'}`}>
                  {step.title}
                  <span className="sr-only">{step.completed ? ' (done)' : ' (not yet)'}</span>
                </p>
                {step.at ? <p className="text-xs text-muted">{dateTime.format(new Date(step.at))}</p> : null}
                <p className="text-sm text-muted">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
        {order.status === 'cancelled' || order.status === 'payment_failed' ? (
          <p className="mt-4 rounded-lg bg-sale/5 px-4 py-3 text-sm text-sale">
            {STATUS_LABELS[order.status]}
            {order.masked ? '.' : order.history.at(-1)?.note ? `: ${order.history.at(-1)?.note}` : '.'}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={`font-semibold ${mono ? 'font-mono' : ''}`}>{value}</dd>
    </div>
  );
}
