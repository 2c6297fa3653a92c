// The /auth page's markup: Sign In and Sign Up (the spec's two tabs). Both forms post to the
// route's action and work without JavaScript; a refused form keeps what was typed (never passwords).
import { ArrowRight, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { ACCOUNT_HOME } from '#core/account.ts';
import {
  Checkbox,
  EmailField,
  FormMessage,
  NewPasswordFields,
  PasswordField,
  SubmitButton,
  TextField,
} from './form-fields.tsx';

export type AuthTab = 'signin' | 'signup';

/** What the /auth action answers: a refusal (with the tab it came from), or "check your inbox". */
export type AuthActionData =
  | { ok: false; message: string; fieldErrors: Record<string, string[]>; values: Record<string, string> }
  | { ok: true; email: string }
  | undefined;

/** The /auth page: the Sign In / Sign Up tabs and their forms, or "check your inbox" after signing up. */
export function AuthPage({
  loaderData,
  actionData,
}: {
  loaderData: { tab: AuthTab; redirectTo: string; notice: string | null };
  actionData: AuthActionData;
}) {
  const failed = actionData && !actionData.ok ? actionData : null;
  // After a refused form, stay on the tab it came from.
  const tab: AuthTab =
    (failed?.values.intent as AuthTab | undefined) ?? (actionData?.ok ? 'signup' : loaderData.tab);
  const query = (t: AuthTab) => {
    const params = new URLSearchParams();
    if (t === 'signup') params.set('tab', 'signup');
    if (loaderData.redirectTo !== ACCOUNT_HOME) params.set('redirectTo', loaderData.redirectTo);
    const s = params.toString();
    return s ? `?${s}` : '?';
  };

  return (
    <section className="container-shop flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-md">
        <h1 className="text-center font-display text-3xl font-semibold">
          {tab === 'signin' ? 'Welcome back' : 'Create your account'}
        </h1>
        <p className="mt-2 text-center text-sm text-muted">
          Track orders, save your delivery address and keep your wishlist on every device.
        </p>

        <nav aria-label="Sign in or sign up" className="mt-8 grid grid-cols-2 rounded-full bg-sand p-1">
          {(['signin', 'signup'] as const).map((t) => (
            <Link
              key={t}
              to={query(t)}
              replace
              preventScrollReset
              aria-current={tab === t ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center justify-center rounded-full text-sm font-semibold ${
                tab === t ? 'bg-white text-plum-800 shadow-sm' : 'text-muted hover:text-ink'
              }`}
            >
              {t === 'signin' ? 'Sign In' : 'Sign Up'}
            </Link>
          ))}
        </nav>

        <div className="mt-6 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm sm:p-8">
          {loaderData.notice && !actionData ? (
            <FormMessage tone="info">{loaderData.notice}</FormMessage>
          ) : null}
          {actionData?.ok ? (
            <CheckInbox email={actionData.email} />
          ) : tab === 'signin' ? (
            <SignInForm redirectTo={loaderData.redirectTo} failed={failed} />
          ) : (
            <SignUpForm redirectTo={loaderData.redirectTo} failed={failed} />
          )}
        </div>

        <p className="mt-6 text-center text-sm">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-plum-800 hover:underline"
          >
            Continue as guest <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  );
}

type Failure = {
  message: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
} | null;

function SignInForm({ redirectTo, failed }: { redirectTo: string; failed: Failure }) {
  const errors = failed?.fieldErrors ?? {};
  return (
    <Form method="post" className="space-y-5" noValidate aria-label="Sign in">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
      <EmailField defaultValue={failed?.values.email} error={errors.email?.[0]} />
      <PasswordField
        name="password"
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password?.[0]}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox name="remember" label="Remember me" defaultChecked={failed?.values.remember === 'on'} />
        <Link
          to="/auth/forgot-password"
          className="min-h-11 content-center text-sm font-semibold text-plum-800 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <SubmitButton intent="signin" pendingText="Signing in…">
        Sign In
      </SubmitButton>
    </Form>
  );
}

function SignUpForm({ redirectTo, failed }: { redirectTo: string; failed: Failure }) {
  const errors = failed?.fieldErrors ?? {};
  const [mismatch, setMismatch] = useState(false);
  return (
    <Form
      method="post"
      className="space-y-5"
      noValidate
      aria-label="Sign up"
      onSubmit={(event) => {
        // The spec: when the passwords differ, say so and send nothing.
        const data = new FormData(event.currentTarget);
        const differs = data.get('password') !== data.get('confirmPassword');
        setMismatch(differs);
        if (differs) event.preventDefault();
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
      <TextField
        name="name"
        label="Full name"
        autoComplete="name"
        required
        defaultValue={failed?.values.name}
        error={errors.name?.[0]}
      />
      <EmailField defaultValue={failed?.values.email} error={errors.email?.[0]} />
      <NewPasswordFields
        name="password"
        label="Password"
        confirmLabel="Confirm password"
        errors={errors}
        confirmError={mismatch ? 'Passwords do not match' : undefined}
      />
      <Checkbox
        name="acceptTerms"
        required
        defaultChecked={failed?.values.acceptTerms === 'on'}
        error={errors.acceptTerms?.[0]}
        label={
          <>
            I agree to the{' '}
            <Link to="/pages/terms" className="font-semibold text-plum-800 underline">
              Terms of Sale
            </Link>{' '}
            and the{' '}
            <Link to="/pages/privacy" className="font-semibold text-plum-800 underline">
              Privacy Policy
            </Link>
            .
          </>
        }
      />
      <SubmitButton intent="signup" pendingText="Creating your account…">
        Create Account
      </SubmitButton>
    </Form>
  );
}

function CheckInbox({ email }: { email: string }) {
  const navigation = useNavigation();
  return (
    <div className="text-center">
      <MailCheck className="mx-auto h-12 w-12 text-plum-700" aria-hidden="true" />
      <h2 className="mt-4 text-2xl font-semibold">Check your inbox</h2>
      <p className="mt-2 text-sm text-muted" role="status">
        We have sent a link to <strong className="text-ink">{email}</strong>. Open it to confirm your address
        and sign in. The link works for 24 hours.
      </p>
      <Form method="post" action="/auth/verify-email" className="mt-6">
        <input type="hidden" name="email" value={email} />
        <p className="text-sm text-muted">Nothing after a few minutes? Check your spam folder, or</p>
        <button type="submit" className="btn-outline mt-3" disabled={navigation.state === 'submitting'}>
          Send the link again
        </button>
      </Form>
    </div>
  );
}
