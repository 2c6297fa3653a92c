// /auth: Sign In and Sign Up (the spec's two tabs, `?tab=signup` opens the second). Both forms post
// here and work without JavaScript; a refused form keeps what was typed (never passwords).
import { redirect } from 'react-router';
import { AuthPage, type AuthTab } from '#app/features/account/auth-page.tsx';
import { signedInRedirect } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { keepFormOnFailure } from '#app/lib/keep-form.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { ACCOUNT_HOME } from '#core/account.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/auth';

type Tab = AuthTab;

const NOTICES: Record<string, string> = {
  'password-reset': 'Your password has been changed and you were signed out everywhere. Please sign in.',
  'signed-out': 'You have been signed out.',
  'session-ended': 'Please sign in again to continue.',
};

/** Where to go after signing in: back where the shopper came from, never to another site. */
function destination(value: FormDataEntryValue | string | null): string {
  const path = safeRedirectPath(value, ACCOUNT_HOME);
  return path.startsWith('/auth') ? ACCOUNT_HOME : path;
}

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const redirectTo = destination(url.searchParams.get('redirectTo'));
  if (await context.auth.getUser()) throw redirect(redirectTo);
  const tab: Tab = url.searchParams.get('tab') === 'signup' ? 'signup' : 'signin';
  return { tab, redirectTo, notice: NOTICES[url.searchParams.get('notice') ?? ''] ?? null };
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: Tab = form.get('intent') === 'signup' ? 'signup' : 'signin';
  const values = formValues(form);
  const redirectTo = destination(form.get('redirectTo'));
  const { accounts } = context.services;
  try {
    if (intent === 'signup') {
      const { email } = await accounts.signUp(values, { ...context.auth.client, next: redirectTo });
      return { ok: true as const, intent, email };
    }
    const session = await accounts.signIn(values, {
      ...context.auth.client,
      previousToken: context.auth.token,
    });
    context.log.info({ userId: session.user.id, remember: session.remember }, 'signed in');
    return signedInRedirect(context, session, redirectTo);
  } catch (error) {
    const failure = formFailure(error, { ...values, intent });
    if (failure) return failure;
    throw error;
  }
}

/** A request that fails (no network, a 5xx) keeps the form and what was typed, with a message (ADR 061). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args);

export const headers = formHeaders;

export function meta() {
  return [
    { title: 'Sign in or create an account | Crown Hair' },
    {
      name: 'description',
      content: 'Sign in to track your orders, save your address and keep your wishlist.',
    },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage loaderData={loaderData} actionData={actionData} />;
}
