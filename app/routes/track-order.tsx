// /track-order?id=CH…: looks an order up by its tracking number (any case). A stranger sees a first
// name, the email and street masked and the public timeline; the signed-in owner sees
// everything, including the notes in the status history.
import { Search } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { OrderRefunds } from '#app/features/orders/order-refunds.tsx';
import { TrackedOrderDetails } from '#app/features/orders/tracked-order.tsx';
import { LayawayPlanPanel } from '#app/features/shared/layaway-plan-panel.tsx';
import { formFailure, formHeaders } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { normalizeTrackingNumber } from '#core/contract/orders.ts';
import type { Route } from './+types/track-order';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const id = normalizeTrackingNumber((url.searchParams.get('id') ?? '').slice(0, 40));
  if (!id) return { id, order: null, notFound: false, limited: null, plan: null };
  try {
    await context.services.limits.enforce('track', context);
  } catch (error) {
    // Too many lookups: the page says so (429, Retry-After) instead of an error page.
    const refused = formFailure(error, {});
    if (!refused) throw error;
    return data(
      { id, order: null, notFound: false, limited: refused.data.message, plan: null },
      refused.init ?? undefined,
    );
  }
  const user = await context.auth.getUser();
  const order = await context.services.orders.track(id, user);
  // The owner's Pay small-small plan and its Pay now form (ADR 099); nobody else's.
  const plan =
    user && order && !order.masked && order.paymentMethod === 'layaway'
      ? ((await context.services.layaway.viewsFor(user.id, [order.trackingNumber])).get(
          order.trackingNumber,
        ) ?? null)
      : null;
  const refunds = order ? await context.services.refunds.forCustomer(order.trackingNumber) : [];
  return { id, order, notFound: order === null, limited: null, plan, refunds };
});

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Track your order | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

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

      {order && loaderData.plan ? (
        <LayawayPlanPanel trackingNumber={order.trackingNumber} plan={loaderData.plan} />
      ) : null}
      {order ? <TrackedOrderDetails order={order} /> : null}
      {order && 'refunds' in loaderData ? <OrderRefunds refunds={loaderData.refunds} /> : null}

      <p className="mt-8 text-sm text-muted">
        A problem with an order?{' '}
        <Link
          to={order ? `/support?order=${encodeURIComponent(loaderData.id)}` : '/support'}
          className="font-semibold text-plum-800 underline"
        >
          Get Support
        </Link>
      </p>
    </section>
  );
}
