// /auth/verify-email?token=…: the link in the confirmation email. The page asks for the password
// chosen at sign-up and a tap before using the link (mail scanners open links, they do not press
// buttons), then signs the shopper in. The password means confirming never makes usable a password
// the confirmer did not choose (someone else may have signed up with their address): without it,
// the page offers a password reset instead. Without a token, or with a spent one, it offers to send
// a new link.
import { MailCheck } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { PasswordField } from '#app/components/ui/form/password-field.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { EmailField } from '#app/components/ui/form/text-field.tsx';
import { signedInRedirect } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { keepFormOnFailure } from '#app/lib/keep-form.ts';
import { formAction, type WithForm } from '#app/lib/route-errors.server.ts';
import { ACCOUNT_HOME } from '#core/account.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/auth.verify-email';

export function loader({ url }: Route.LoaderArgs) {
  return {
    token: (url.searchParams.get('token') ?? '').slice(0, 200),
    next: safeRedirectPath(url.searchParams.get('next'), ACCOUNT_HOME),
  };
}

export const action = formAction(async ({ form: read, context }: WithForm<Route.ActionArgs>) => {
  const form = await read();
  const values = formValues(form);
  const { accounts } = context.services;
  if (form.get('intent') === 'confirm') {
    const session = await accounts.verifyEmail(
      { token: String(form.get('token') ?? ''), password: String(form.get('password') ?? '') },
      context.auth.client,
    );
    context.log.info({ userId: session.user.id }, 'email confirmed');
    const next = safeRedirectPath(form.get('next'), ACCOUNT_HOME);
    return signedInRedirect(context, session, next.startsWith('/auth') ? ACCOUNT_HOME : next);
  }
  const { email } = await accounts.resendVerification(values, context.auth.client);
  return { ok: true as const, email };
});

/** A request that fails (no network, a 5xx) keeps the form and what was typed, with a message (ADR 061). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args);

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Confirm your email | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const linkFailed = failed?.fieldErrors.token !== undefined;
  const showConfirm = loaderData.token !== '' && !linkFailed && !actionData?.ok;
  return (
    <section className="container-shop flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-ink/10 bg-white p-6 text-center shadow-sm sm:p-8">
        <MailCheck className="mx-auto h-12 w-12 text-plum-700" aria-hidden="true" />
        <h1 className="mt-4 font-display text-3xl font-semibold">Confirm your email</h1>
        {showConfirm ? (
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <input type="hidden" name="next" value={loaderData.next} />
            <p className="text-sm text-muted">
              Enter the password you chose when you signed up, and your account is ready: you will be signed
              in.
            </p>
            {failed && !failed.fieldErrors.password ? (
              <FormMessage tone="error">{failed.message}</FormMessage>
            ) : null}
            <PasswordField
              name="password"
              label="Your password"
              autoComplete="current-password"
              required
              className="text-left"
              error={failed?.fieldErrors.password?.[0]}
            />
            <SubmitButton intent="confirm" pendingText="Confirming…">
              Confirm my email
            </SubmitButton>
            <p className="text-sm text-muted">
              Did not sign up yourself, or forgotten the password?{' '}
              <Link to="/auth/forgot-password" className="font-semibold text-plum-700 underline">
                Choose a new password
              </Link>{' '}
              instead: it confirms your email too.
            </p>
          </Form>
        ) : (
          <Form method="post" className="mt-6 space-y-4 text-left" noValidate>
            {linkFailed ? <FormMessage tone="error">{failed?.message}</FormMessage> : null}
            {actionData?.ok ? (
              <FormMessage tone="success">
                If {actionData.email} has an account waiting for confirmation, a new link is on its way. It
                works for 24 hours.
              </FormMessage>
            ) : (
              <p className="text-sm text-muted">
                Enter your email address and we will send you a new confirmation link.
              </p>
            )}
            {failed && !linkFailed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
            <EmailField defaultValue={failed?.values.email} error={failed?.fieldErrors.email?.[0]} />
            <SubmitButton intent="resend" pendingText="Sending…">
              Send a new link
            </SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}
