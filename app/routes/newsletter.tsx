// /newsletter: the footer's subscribe form posts here. With JavaScript the footer shows the answer
// in place; without it, success goes back where the shopper was and a mistake is shown on this
// page with what they typed.
import { data, Form, redirect } from 'react-router';
import { asAppError } from '#app/lib/errors.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/newsletter';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw = form.get('email');
  const email = typeof raw === 'string' ? raw : '';
  const redirectTo = safeRedirectPath(form.get('redirectTo'), '/');
  try {
    await context.services.newsletter.subscribe({ email });
  } catch (error) {
    const known = asAppError(error);
    if (known?.status === 400) {
      return data({ ok: false as const, message: known.message, email, redirectTo }, { status: 400 });
    }
    throw error;
  }
  if (form.get('_js') !== '1') return redirect(`${redirectTo}#newsletter-subscribed`);
  return {
    ok: true as const,
    message: 'Thanks for subscribing! Look out for new arrivals and offers in your inbox.',
    email: '',
    redirectTo,
  };
}

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
