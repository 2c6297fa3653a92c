// /layaway/pay: Pay now on a "Pay small-small" plan (ADR 099). GET ?order=CH… shows the signed-in
// shopper's plan and its form; POST starts an online payment of the next instalment (or the amount
// typed, up to the balance) and sends the shopper to the payment page. A refusal keeps what was typed.
import { data, redirect } from 'react-router';
import { LayawayPlanPanel } from '#app/features/shared/layaway-plan-panel.tsx';
import { requireUser } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { normalizeTrackingNumber } from '#core/contract/orders.ts';
import type { Route } from './+types/layaway.pay';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requireUser(context, url);
  const trackingNumber = normalizeTrackingNumber((url.searchParams.get('order') ?? '').slice(0, 40));
  const own = trackingNumber ? await context.services.layaway.ownPlan(user.id, trackingNumber) : null;
  if (!own) throw data({ message: 'No plan of yours has that order number.' }, { status: 404 });
  return { trackingNumber, plan: own.view };
});

export const action = formAction(async ({ form, url, context }: WithForm<Route.ActionArgs>) => {
  const user = await requireUser(context, url);
  const values = formValues(await form());
  const trackingNumber = normalizeTrackingNumber(String(values.order ?? '').slice(0, 40));
  const own = trackingNumber ? await context.services.layaway.ownPlan(user.id, trackingNumber) : null;
  if (!own) throw data({ message: 'No plan of yours has that order number.' }, { status: 404 });
  const amountKobo = await context.services.layaway.payNowAmount(own.orderId, String(values.amount ?? ''));
  return redirect(await context.services.payments.payInstalment(own.orderId, amountKobo));
});

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Pay now | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function LayawayPay({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="container-shop max-w-3xl py-10">
      <h1 className="font-display text-3xl font-semibold">
        Pay small-small: order {loaderData.trackingNumber}
      </h1>
      <LayawayPlanPanel
        trackingNumber={loaderData.trackingNumber}
        plan={loaderData.plan}
        typedAmount={failed ? String(failed.values.amount ?? '') : ''}
        error={failed?.fieldErrors?.amount?.[0] ?? failed?.message}
      />
    </section>
  );
}
