import { Form } from 'react-router';
import type { Route } from './+types/track-order';

export function loader({ request }: Route.LoaderArgs) {
  const id = (new URL(request.url).searchParams.get('id') ?? '').trim().slice(0, 40);
  return { id };
}

export function meta() {
  return [{ title: 'Track your order | Crown Hair' }];
}

// The lookup itself arrives with orders (the purchase-path issue); the page and its form are here
// so the header's Track Order pop-up has somewhere to go.
export default function TrackOrder({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-shop max-w-2xl py-12">
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
          placeholder="e.g. CH1234567890"
          className="input flex-1 uppercase"
          required
          maxLength={40}
          data-testid="tracking-input"
        />
        <button type="submit" className="btn-primary">
          Track Order
        </button>
      </Form>
    </section>
  );
}
