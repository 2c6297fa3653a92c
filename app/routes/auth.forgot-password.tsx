// /auth/forgot-password: asks for the email and sends a single-use reset link. The answer is the
// same whether or not the address has an account.
import { KeyRound } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { EmailField } from '#app/components/ui/form/text-field.tsx';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { keepFormOnFailure } from '#app/lib/keep-form.ts';
import { formAction, type WithForm } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/auth.forgot-password';

export const action = formAction(async ({ form: read, context }: WithForm<Route.ActionArgs>) => {
  const values = formValues(await read());
  const { email } = await context.services.accounts.requestPasswordReset(values, context.auth.client);
  return { ok: true as const, email };
});

/** A request that fails (no network, a 5xx) keeps the form and what was typed, with a message (ADR 061). */
export const clientAction = (args: Route.ClientActionArgs) => keepFormOnFailure(args);

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Forgot your password? | Crown Hair' }, { name: 'robots', content: 'noindex' }];
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <section className="container-shop flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-ink/10 bg-white p-6 shadow-sm sm:p-8">
        <KeyRound className="mx-auto h-12 w-12 text-plum-700" aria-hidden="true" />
        <h1 className="mt-4 text-center font-display text-3xl font-semibold">Forgot your password?</h1>
        {actionData?.ok ? (
          <div className="mt-6 space-y-4">
            <FormMessage tone="success">
              If {actionData.email} has an account, we have sent it a link to choose a new password. The link
              works once, for 30 minutes.
            </FormMessage>
            <p className="text-sm text-muted">
              Nothing after a few minutes? Check your spam folder or try again.
            </p>
            <Link to="/auth" className="btn-outline w-full">
              Back to Sign In
            </Link>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-5" noValidate>
            <p className="text-sm text-muted">
              Enter the email address you shop with and we will send you a link to choose a new password.
            </p>
            {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
            <EmailField defaultValue={failed?.values.email} error={failed?.fieldErrors.email?.[0]} />
            <SubmitButton pendingText="Sending…">Send reset link</SubmitButton>
            <p className="text-center text-sm">
              <Link to="/auth" className="font-semibold text-plum-800 hover:underline">
                Back to Sign In
              </Link>
            </p>
          </Form>
        )}
      </div>
    </section>
  );
}
