// /pay/sandbox/{reference}: the sandbox provider's hosted payment page (used when no Paystack key
// is set). It stands where Paystack's page would: Pay settles the payment and sends the signed
// webhook through the same code as Paystack's; Cancel sends the shopper to the cancel page.
import { FlaskConical, Lock } from 'lucide-react';
import { data, Form, redirect } from 'react-router';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { formatPrice } from '#core/money.ts';
import type { Route } from './+types/pay.sandbox.$reference';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  const sandbox = context.services.payments.sandbox;
  const transaction = sandbox ? await sandbox.transaction(params.reference) : null;
  if (!transaction) throw data(null, { status: 404 });
  return {
    reference: transaction.reference,
    amountKobo: transaction.amountKobo,
    email: transaction.email,
    status: transaction.status,
  };
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { payments } = context.services;
  const form = await request.formData();
  const outcome = form.get('intent') === 'pay' ? 'success' : 'abandoned';
  const settled = await payments.sandbox?.settle(params.reference, outcome);
  if (!settled) throw data(null, { status: 404 });
  if (settled.webhook) await payments.handleWebhook('sandbox', settled.webhook.body, settled.webhook.headers);
  context.log.info({ reference: params.reference, outcome }, 'sandbox payment');
  if (outcome === 'abandoned')
    return redirect(`/payment-canceled?reference=${encodeURIComponent(params.reference)}`);
  return redirect(settled.redirectTo);
}

export function meta() {
  return [{ title: 'Sandbox payment | Crown Hair' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function SandboxPayment({ loaderData }: Route.ComponentProps) {
  const settled = loaderData.status !== 'pending';
  return (
    <section className="container-shop flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border-2 border-dashed border-gold-500 bg-white p-6 text-center shadow-sm sm:p-8">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-gold-300 px-3 py-1 text-xs font-bold uppercase tracking-wider">
          <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" /> Sandbox: no real money moves
        </p>
        <h1 className="mt-4 font-display text-3xl font-semibold">Pay {formatPrice(loaderData.amountKobo)}</h1>
        <p className="mt-2 text-sm text-muted">
          Reference <span className="font-mono">{loaderData.reference}</span>
          <br />
          for {loaderData.email}
        </p>
        {settled ? (
          <p className="mt-6 rounded-lg bg-sand px-4 py-3 text-sm" role="status">
            This payment is already {loaderData.status === 'success' ? 'paid' : 'closed'}.
          </p>
        ) : (
          <Form method="post" className="mt-6 grid gap-3">
            <button type="submit" name="intent" value="pay" className="btn-primary w-full">
              <Lock className="h-4 w-4" aria-hidden="true" /> Pay {formatPrice(loaderData.amountKobo)}
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-outline w-full">
              Cancel
            </button>
          </Form>
        )}
        <p className="mt-6 text-xs text-muted">
          This page stands in for Paystack while the shop has no Paystack key (PAYSTACK_SECRET_KEY).
        </p>
      </div>
    </section>
  );
}
