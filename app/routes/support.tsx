// /support: a support form anyone can use (issue 14) — name, email, an optional tracking number,
// subject, description and a photo. The guest gets an email with a private link to follow the
// ticket and reply. A signed-in shopper is sent to the dashboard's Support tab instead.
import { LifeBuoy } from 'lucide-react';
import { redirect } from 'react-router';
import { FormMessage } from '#app/features/account/form-fields.tsx';
import { NewTicketForm } from '#app/features/support/support-forms.tsx';
import { echoable, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { supportPhotoOf } from '#app/lib/support-photo.server.ts';
import { GUEST_TICKET_FIELD_LIMITS } from '#core/contract/support.ts';
import type { Route } from './+types/support';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  if (await context.auth.getUser()) throw redirect('/dashboard?tab=support');
  const params = url.searchParams;
  const sent = params.get('sent');
  // ?order=CH…: the order emails' "Get Support" link fills the tracking number in.
  const order = (params.get('order') ?? '').replace(/\s+/g, '').toUpperCase();
  return {
    sent: sent && /^T-[A-Z0-9]{6}$/.test(sent) ? sent : null,
    order: /^[A-Z0-9]{4,40}$/.test(order) ? order : null,
  };
});

export const action = formAction(
  async ({ form: read, context }: WithForm<Route.ActionArgs>) => {
    const form = await read();
    await context.services.limits.enforce('support', context);
    const { reference } = await context.services.support.openAsGuest(
      formValues(form),
      await supportPhotoOf(form),
    );
    return redirect(`/support?sent=${reference}`);
  },
  // What was typed comes back, never more than each field may hold (issue 29).
  { keep: (values) => echoable(values, GUEST_TICKET_FIELD_LIMITS) },
);

export const headers = formHeaders;

export function meta() {
  return [
    { title: 'Get Support | Crown Hair' },
    { name: 'description', content: 'Tell Crown Hair about a problem with an order: we answer by email.' },
  ];
}

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-shop max-w-2xl py-10 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-plum-700">Customer care</p>
      <h1 className="mt-1 flex items-center gap-2 font-display text-3xl font-semibold">
        <LifeBuoy className="h-7 w-7 text-plum-700" aria-hidden="true" />
        Get Support
      </h1>
      {loaderData.sent ? (
        <div className="mt-6 space-y-3">
          <FormMessage tone="success">
            Thank you: your ticket {loaderData.sent} is open. We have emailed you a private link to follow it
            and reply; please check your inbox.
          </FormMessage>
        </div>
      ) : (
        <>
          <p className="mt-3 text-muted">
            Something wrong with an order, a delivery or a payment? Tell us here and we will answer by email.
            Have an account?{' '}
            <a
              href="/auth?redirectTo=%2Fdashboard%3Ftab%3Dsupport"
              className="font-semibold text-plum-800 underline"
            >
              Sign in
            </a>{' '}
            to pick the order from your list.
          </p>
          <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm sm:p-6">
            <NewTicketForm
              answer={actionData ?? null}
              guest
              initial={loaderData.order ? { trackingNumber: loaderData.order } : undefined}
            />
          </div>
        </>
      )}
    </section>
  );
}
