// /support/t/<token>: a guest's ticket behind the private link we emailed them — the thread with
// our replies, and a form to answer. Any other token is the same 404 as a missing page, so a
// guessed link reveals nothing. Never indexed; the link is the only key.
import { data, redirect } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { TicketThread } from '#app/features/shared/support-forms.tsx';
import { echoable, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { asPage, formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { supportPhotoOf } from '#app/lib/support-photo.server.ts';
import { TICKET_BODY_MAX } from '#core/contract/support.ts';
import type { Route } from './+types/support.t.$token';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const ticket = await context.services.support.byToken(params.token);
  // The link is the key to a customer's messages and photos: no copy is kept, by any cache.
  return data(
    { ticket, sent: url.searchParams.has('sent') },
    { headers: { 'cache-control': 'private, no-store' } },
  );
});

export const action = formAction(
  async ({ form: read, params, context }: WithForm<Route.ActionArgs>) => {
    // Another link is the same 404 page as for the loader, not a refused form.
    await asPage(context.services.support.byToken(params.token));
    const form = await read();
    await context.services.limits.enforce('support', context);
    await context.services.support.replyByToken(params.token, formValues(form), await supportPhotoOf(form));
    return redirect(`/support/t/${params.token}?sent=1`);
  },
  // What was typed comes back, never more than the field may hold (issue 29).
  { keep: (values) => echoable(values, { body: TICKET_BODY_MAX }) },
);

export const headers = formHeaders;

export function meta() {
  return [
    { title: 'Your support ticket | Crown Hair' },
    { name: 'robots', content: 'noindex, nofollow' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function GuestTicket({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-shop max-w-2xl py-10 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-plum-700">Customer care</p>
      <h1 className="mt-1 font-display text-3xl font-semibold">Your support ticket</h1>
      <p className="mt-2 text-sm text-muted">
        This page is private to you: anyone with its link can read and answer this ticket.
      </p>
      <div className="mt-6 space-y-4">
        {loaderData.sent ? (
          <FormMessage tone="success">Your message has been added to the ticket.</FormMessage>
        ) : null}
        <TicketThread ticket={loaderData.ticket} answer={actionData ?? null} intent="message" open />
      </div>
    </section>
  );
}
