// /newsletter/confirm?token=…: the link in the newsletter confirmation email. One tap before the
// link is used (mail scanners open links, they do not press buttons); then the address counts as
// a subscriber. The link works once.
import { MailCheck } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import { asAppError } from '#app/lib/errors.ts';
import type { Route } from './+types/newsletter.confirm';

export function loader({ url }: Route.LoaderArgs) {
  return { token: (url.searchParams.get('token') ?? '').slice(0, 200) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { email } = await context.services.newsletter.confirm({ token: String(form.get('token') ?? '') });
    return { ok: true as const, email, message: '' };
  } catch (error) {
    const known = asAppError(error);
    if (known?.status === 400)
      return data({ ok: false as const, email: '', message: known.message }, { status: 400 });
    throw error;
  }
}

export function meta() {
  return [{ title: 'Confirm your subscription | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-shop flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-ink/10 bg-white p-6 text-center shadow-sm sm:p-8">
        <MailCheck className="mx-auto h-12 w-12 text-plum-700" aria-hidden="true" />
        <h1 className="mt-4 font-display text-3xl font-semibold">
          {actionData?.ok ? 'You are subscribed' : 'Confirm your subscription'}
        </h1>
        {actionData?.ok ? (
          <p className="mt-4 text-muted" role="status">
            Welcome! {actionData.email} will get our new arrivals, restocks and offers. Every email has a
            one-click unsubscribe link.
          </p>
        ) : actionData || !loaderData.token ? (
          <div className="mt-4 space-y-4">
            <p className="text-sale" role="alert">
              {actionData?.message ?? 'This link is incomplete or no longer works.'}
            </p>
            <Link to="/newsletter" className="btn-outline w-full">
              Sign up again
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="text-sm text-muted">One tap to start getting the Crown Hair newsletter.</p>
            <button type="submit" className="btn-primary w-full">
              Confirm my subscription
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
