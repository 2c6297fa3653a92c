// /track-order?id=CH…: looks an order up by its tracking number (any case). A stranger sees a first
// name, the email and street masked and the public timeline; the signed-in owner (or staff) sees
// everything, including the notes in the status history.
import { Check, Circle, Search } from 'lucide-react';
import { data, Form, useNavigation } from 'react-router';
import { formFailure, formHeaders } from '#app/lib/forms.server.ts';
import { normalizeTrackingNumber } from '#core/contract/orders.ts';
import { formatPrice } from '#core/money.ts';
import { STATUS_LABELS } from '#core/order-status.ts';
import type { Route } from './+types/track-order';

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = normalizeTrackingNumber((new URL(request.url).searchParams.get('id') ?? '').slice(0, 40));
  if (!id) return { id, order: null, notFound: false, limited: null };
  try {
    await context.services.limits.enforce('track', context);
  } catch (error) {
    // Too many lookups: the page says so (429, Retry-After) instead of an error page.
    const refused = formFailure(error, {});
    if (!refused) throw error;
    return data(
      { id, order: null, notFound: false, limited: refused.data.message },
      refused.init ?? undefined,
    );
  }
  const order = await context.services.orders.track(id, await context.auth.getUser());
  return { id, order, notFound: order === null, limited: null };
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Track your order | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const navigation = useNavigation();
  const tracking = navigation.state === 'loading' && navigation.location.pathname === '/track-order';
  return (
    <section className="container-shop max-w-3xl py-10 sm:py-12">
      <h1 className="font-display text-3xl font-semibold">Track your order</h1>
      <p className="mt-2 text-muted">
        Enter the tracking number from your order confirmation email (it starts with CH).
      </p>
      <Form method="get" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <label htmlFor="tracking-id" className="sr-only">
          Tracking number
        </label>
        <input
          id="tracking-id"
          name="id"
          defaultValue={loaderData.id}
          placeholder="e.g. CH123456789012"
          className="input flex-1 uppercase"
          required
          maxLength={40}
          data-testid="tracking-input"
        />
        <button type="submit" className="btn-primary" disabled={tracking}>
          <Search className="h-4 w-4" aria-hidden="true" />
          {tracking ? 'Tracking...' : 'Track Order'}
        </button>
      </Form>

      {loaderData.limited ? (
        <p
          className="mt-6 rounded-lg border border-sale/30 bg-sale/5 px-4 py-3 text-sm font-medium text-sale"
          role="alert"
          data-testid="tracking-limited"
        >
          {loaderData.limited}
        </p>
      ) : null}

      {loaderData.notFound ? (
        <p
          className="mt-6 rounded-lg border border-sale/30 bg-sale/5 px-4 py-3 text-sm font-medium text-sale"
          role="alert"
        >
          Order not found. Please check your tracking number.
        </p>
      ) : null}

      {order ? (
        <div className="mt-8 space-y-6" data-testid="tracked-order">
          <div className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <Field label="Order ID" value={order.trackingNumber} mono />
              <Field label="Status" value={STATUS_LABELS[order.status]} testId="tracked-status" />
              <Field
                label="Customer"
                value={order.masked ? order.customerFirstName : order.customerName}
                testId="tracked-customer"
              />
              <Field label="Email" value={order.email} testId="tracked-email" />
              <Field label="Order date" value={dateTime.format(new Date(order.createdAt))} />
              <Field label="Estimated delivery" value={order.estimatedDelivery} />
              <Field label="Delivery address" value={order.address} testId="tracked-address" />
              <Field label="Total" value={formatPrice(order.totalKobo)} />
            </dl>
            {order.masked ? (
              <p className="mt-4 text-xs text-muted">
                Sign in as the customer to see the full name, email, address and order notes.
              </p>
            ) : null}
          </div>

          <div id="items" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold">Items</h2>
            <ul className="mt-3 divide-y divide-ink/10 text-sm">
              {order.lines.map((l) => (
                <li key={`${l.sku}-${l.quantity}`} className="flex justify-between gap-3 py-2">
                  <span>
                    {l.quantity} × {l.productName}
                    {l.variantLabel ? (
                      <span className="block text-xs text-muted">{l.variantLabel}</span>
                    ) : null}
                  </span>
                  <span className="whitespace-nowrap font-semibold">{formatPrice(l.totalKobo)}</span>
                </li>
              ))}
            </ul>
          </div>

          <div className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold">Progress</h2>
            <ol className="mt-4 space-y-0" data-testid="timeline">
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
                    {step.at ? (
                      <p className="text-xs text-muted">{dateTime.format(new Date(step.at))}</p>
                    ) : null}
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
      ) : null}
    </section>
  );
}

function Field({
  label,
  value,
  mono,
  testId,
}: {
  label: string;
  value: string;
  mono?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className={`font-semibold ${mono ? 'font-mono' : ''}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
