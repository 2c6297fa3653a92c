// /newsletter: the footer's subscribe form posts here. With JavaScript the footer shows the answer
// in place; without it, success goes back where the shopper was and a mistake (or a rate limit,
// with Retry-After) is shown on this page with what they typed. Subscribing is double opt-in: the
// answer is always "check your inbox", whether or not the address is already subscribed.
import { data, Form } from 'react-router';
import { asAppError } from '#app/lib/errors.ts';
import { formHeaders } from '#app/lib/forms.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/newsletter';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw = form.get('email');
  const email = typeof raw === 'string' ? raw : '';
  const redirectTo = safeRedirectPath(form.get('redirectTo'), '/');
  let message: string;
  try {
    ({ message } = await context.services.newsletter.subscribe({ email }, { ip: context.auth.client.ip }));
  } catch (error) {
    const known = asAppError(error);
    if (known?.status === 400 || known?.status === 429) {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      return data(
        { ok: false as const, message: known.message, email, redirectTo },
        { status: known.status, headers: retryAfter ? { 'retry-after': String(retryAfter) } : {} },
      );
    }
    throw error;
  }
  // Without JavaScript: back where they were, with the answer as a one-time toast.
  if (form.get('_js') !== '1') {
    return redirectWithToast(`${redirectTo}#newsletter-subscribed`, { kind: 'success', message });
  }
  return { ok: true as const, message, email: '', redirectTo };
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Newsletter | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-shop max-w-lg py-16">
      <h1 className="font-display text-3xl font-semibold">Join our newsletter</h1>
      <p className="mt-2 text-muted">
        New arrivals, restocks and offers, a few times a month. Unsubscribe any time.
      </p>
      <Form method="post" className="mt-6 space-y-3" noValidate>
        <input type="hidden" name="redirectTo" value={actionData?.redirectTo ?? '/'} />
        <label htmlFor="newsletter-page-email" className="block text-sm font-semibold">
          Email address
        </label>
        <input
          id="newsletter-page-email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.email}
          aria-invalid={actionData && !actionData.ok ? true : undefined}
          aria-describedby="newsletter-page-message"
          className="input"
        />
        <p
          id="newsletter-page-message"
          role="status"
          className={actionData && !actionData.ok ? 'text-sale' : 'text-muted'}
        >
          {actionData?.message ?? ''}
        </p>
        <button type="submit" className="btn-primary">
          Subscribe
        </button>
      </Form>
    </section>
  );
}
