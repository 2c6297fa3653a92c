// POST /newsletter: the footer's subscribe form (works without JavaScript).
import { data, redirect } from 'react-router';
import { asAppError } from '#app/lib/errors.ts';
import { safeRedirectPath } from '#app/lib/safe-redirect.ts';
import type { Route } from './+types/newsletter';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = form.get('email');
  try {
    await context.services.newsletter.subscribe({ email: typeof email === 'string' ? email : '' });
  } catch (error) {
    const known = asAppError(error);
    if (known?.status === 400) {
      return data(
        { ok: false as const, message: known.message, email: typeof email === 'string' ? email : '' },
        { status: 400 },
      );
    }
    throw error;
  }
  if (form.get('_js') !== '1') {
    return redirect(`${safeRedirectPath(form.get('redirectTo'), '/')}#newsletter-subscribed`);
  }
  return {
    ok: true as const,
    message: 'Thanks for subscribing! Look out for new arrivals and offers in your inbox.',
    email: '',
  };
}

export function loader() {
  return redirect('/');
}
