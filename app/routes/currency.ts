// POST /currency: remember the shopper's display currency (works without JavaScript).
import { data, redirect } from 'react-router';
import { currencyCookie } from '#app/lib/currency.server.ts';
import { isCurrencyCode } from '#core/money.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/currency';

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const code = form.get('currency');
  if (!isCurrencyCode(code)) {
    return data({ error: 'Please choose one of the listed currencies.' }, { status: 400 });
  }
  const headers = { 'set-cookie': await currencyCookie.serialize(code) };
  const back = safeRedirectPath(form.get('redirectTo'), '/');
  if (form.get('_js') === '1') return data({ currency: code }, { headers });
  return redirect(back, { headers });
}

export function loader() {
  return redirect('/');
}
