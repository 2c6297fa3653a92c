// /payment-canceled: the payment did not go through. Nothing was charged and the cart is kept;
// the shopper can try the same order again while its items are held, or choose another way.
import { CircleSlash, RotateCcw } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { formHeaders } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/payment-canceled';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const reference = (url.searchParams.get('reference') ?? '').slice(0, 100);
  const { payments } = context.services;
  // Ask the provider what happened: a cancelled payment gives its items back (a retry takes them
  // again); one that went through after all is shown as paid.
  const { outcome, payment } = await payments.confirm(reference);
  if (outcome === 'paid') throw redirect(`/payment-success?reference=${encodeURIComponent(reference)}`);
  const retryable = payment ? await payments.retryable(reference) : false;
  return { reference: payment ? reference : '', retryable };
});

export const action = formAction(
  async ({ form, context }: WithForm<Route.ActionArgs>) => {
    const reference = String((await form()).get('reference') ?? '').slice(0, 100);
    await context.services.limits.enforce('paymentRetry', context);
    const next = await context.services.payments.retry(reference);
    return redirect(next ?? '/checkout');
  },
  { keep: () => ({}) },
);

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Payment Canceled | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

const REASONS = [
  'You cancelled on the payment page.',
  'Your bank declined the card, or asked for a check that was not completed.',
  'The connection dropped before the payment finished.',
  'The card had insufficient funds or a daily limit was reached.',
];

const ALTERNATIVES = [
  { title: 'Bank transfer', body: 'Transfer to our account with your order reference.' },
  {
    title: 'Pay on delivery',
    body: 'Pay the rider when your hair arrives, in select locations (Lagos and Abuja).',
  },
  { title: 'USSD', body: 'Pay from any phone with your bank’s USSD code, on the payment page.' },
  { title: 'Mobile money', body: 'Pay from your mobile money wallet, on the payment page.' },
];

export default function PaymentCanceled({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-shop max-w-3xl py-10 sm:py-14">
      <div className="text-center">
        <CircleSlash className="mx-auto h-14 w-14 text-sale" aria-hidden="true" />
        <h1 className="mt-4 font-display text-3xl font-semibold sm:text-4xl">Payment Canceled</h1>
        <p className="mt-2 text-muted">No charge was made, and your cart has been kept for you.</p>
      </div>
      {actionData && !actionData.ok ? (
        <div className="mt-6">
          <FormMessage tone="error">{actionData.message}</FormMessage>
        </div>
      ) : null}

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {loaderData.retryable ? (
          <Form method="post">
            <input type="hidden" name="reference" value={loaderData.reference} />
            <button type="submit" className="btn-primary">
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> Try Payment Again
            </button>
          </Form>
        ) : null}
        <Link to="/cart" className={loaderData.retryable ? 'btn-outline' : 'btn-primary'}>
          Return to Cart
        </Link>
        <Link to="/collections" className="btn-outline">
          Continue Shopping
        </Link>
        <Link to="/support" className="btn-outline">
          Get Support
        </Link>
      </div>

      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold">Why this can happen</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
            {REASONS.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold">Other ways to pay</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {ALTERNATIVES.map((a) => (
              <li key={a.title}>
                <span className="font-semibold">{a.title}:</span> <span className="text-muted">{a.body}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
