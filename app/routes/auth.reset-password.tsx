// /auth/reset-password?token=…: choose a new password from the emailed link. The link works once,
// for 30 minutes; using it ends every session of the account.
import { KeyRound } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { NewPasswordFields } from '#app/components/ui/form/password-field.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { formValues } from '#app/lib/forms.server.ts';
import { keepFormOnFailure } from '#app/lib/keep-form.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/auth.reset-password';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const token = (url.searchParams.get('token') ?? '').slice(0, 200);
  return { token, usable: await context.services.accounts.isResetTokenUsable(token) };
});

export const action = formAction(async ({ form: read, context }: WithForm<Route.ActionArgs>) => {
  const form = await read();
  const values = formValues(form);
  await context.services.accounts.resetPassword(values);
  context.log.info('password reset by emailed link');
  // Every session ended, this browser's too: clear its cookie and ask for the new password.
  return redirect(`/auth?notice=password-reset`, {
    headers: { 'set-cookie': context.auth.clearSessionCookie() },
  });
});

/** A request that fails (no network, a 5xx) keeps the form and what was typed, with a message (ADR 061). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args);

export function meta() {
  return [{ title: 'Choose a new password | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const spent = !loaderData.usable || failed?.fieldErrors.token !== undefined;
  return (
    <section className="container-shop flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-ink/10 bg-white p-6 shadow-sm sm:p-8">
        <KeyRound className="mx-auto h-12 w-12 text-plum-700" aria-hidden="true" />
        <h1 className="mt-4 text-center font-display text-3xl font-semibold">Choose a new password</h1>
        {spent ? (
          <div className="mt-6 space-y-4">
            <FormMessage tone="error">
              This reset link has expired or has already been used. Links work once, for 30 minutes.
            </FormMessage>
            <Link to="/auth/forgot-password" className="btn-primary w-full">
              Send me a new link
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-5" noValidate>
            <input type="hidden" name="token" value={loaderData.token} />
            {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
            <NewPasswordFields
              name="password"
              label="New password"
              confirmLabel="Confirm new password"
              errors={failed?.fieldErrors ?? {}}
            />
            <SubmitButton pendingText="Saving…">Save new password</SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}
