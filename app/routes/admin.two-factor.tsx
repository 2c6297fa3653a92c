// /admin/two-factor: the second step of a staff member's sign-in (ADR 019). A staff or admin
// account without an authenticator enrols here (QR code and the secret as text, then a code from
// the app; ten recovery codes are shown once); an enrolled one gives a code from the app or a
// recovery code. Once done, the same page lets a member regenerate their recovery codes.
// Everything is a plain form: it works without JavaScript.
import { KeyRound, ShieldCheck } from 'lucide-react';
import { data, Form, Link, redirect } from 'react-router';
import { FormMessage, SubmitButton, TextField } from '#app/features/account/form-fields.tsx';
import { formFailure, formValues } from '#app/lib/forms.server.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/admin.two-factor';

function adminDestination(value: FormDataEntryValue | string | null): string {
  const path = safeRedirectPath(value, '/admin/dashboard');
  return path.startsWith('/admin/') &&
    !path.startsWith('/admin/sign-in') &&
    !path.startsWith('/admin/two-factor')
    ? path
    : '/admin/dashboard';
}

const NO_STORE = { 'cache-control': 'private, no-store' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = adminDestination(new URL(request.url).searchParams.get('redirectTo'));
  const session = await context.auth.getSession();
  if (!session) throw redirect(`/admin/sign-in?${new URLSearchParams({ redirectTo })}`);
  const { twoFactor } = context.services;
  if (session.secondFactor === 'not-required') {
    // Customers have nothing to do here; the demo admin needs no second factor.
    throw redirect(session.user.role === 'customer' ? '/admin/sign-in' : redirectTo);
  }
  const status = await twoFactor.status(session.user.id);
  if (session.secondFactor === 'done') {
    return data(
      { mode: 'manage' as const, redirectTo, recoveryCodesLeft: status.recoveryCodesLeft },
      {
        headers: NO_STORE,
      },
    );
  }
  if (status.enrolled) return data({ mode: 'verify' as const, redirectTo }, { headers: NO_STORE });
  const enrolment = await twoFactor.newEnrolment(session);
  return data(
    { mode: 'enrol' as const, redirectTo, enrolment, email: session.user.email },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const intent = values.intent;
  const redirectTo = adminDestination(form.get('redirectTo'));
  const { twoFactor } = context.services;
  const session = await context.auth.getSession();
  const meta = context.auth.client;
  try {
    if (intent === 'enrol') {
      const done = await twoFactor.enrol(session, values, meta);
      context.log.info({ userId: done.session.user.id }, 'two-factor enrolled');
      return data(
        { ok: true as const, intent, recoveryCodes: done.recoveryCodes, redirectTo },
        { headers: { ...NO_STORE, 'set-cookie': context.auth.sessionCookie(done.session) } },
      );
    }
    if (intent === 'regenerate') {
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(session, values, meta);
      return data({ ok: true as const, intent, recoveryCodes, redirectTo }, { headers: NO_STORE });
    }
    const done = await twoFactor.verify(session, values, meta);
    context.log.info(
      { userId: done.session.user.id, recoveryCode: done.usedRecoveryCode },
      'second factor given',
    );
    throw redirect(redirectTo, { headers: { 'set-cookie': context.auth.sessionCookie(done.session) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = formFailure(error, { intent: intent ?? '', redirectTo });
    if (!failure) throw error;
    // A refused enrolment shows the same secret again (the app already holds it).
    const enrolment =
      intent === 'enrol' && session?.secondFactor === 'required'
        ? await twoFactor.newEnrolment(session, values.secret).catch(() => null)
        : null;
    return data(
      { ...failure.data, enrolment },
      { ...failure.init, headers: { ...NO_STORE, ...failure.init?.headers } },
    );
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(loaderHeaders);
  const retryAfter = actionHeaders.get('retry-after');
  if (retryAfter) headers.set('retry-after', retryAfter);
  headers.set('cache-control', 'private, no-store');
  return headers;
}

export function meta() {
  return [{ title: 'Two-factor sign-in | Crown Hair' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : null;
  const codes = actionData?.ok ? actionData : null;
  const redirectTo = loaderData.redirectTo;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-plum-900 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <ShieldCheck className="mx-auto h-10 w-10 text-plum-700" aria-hidden="true" />
        {codes ? (
          <RecoveryCodes codes={codes.recoveryCodes} redirectTo={codes.redirectTo} />
        ) : loaderData.mode === 'enrol' ? (
          <Enrol
            enrolment={failed?.enrolment ?? loaderData.enrolment}
            email={loaderData.email}
            redirectTo={redirectTo}
            failed={failed}
          />
        ) : loaderData.mode === 'verify' ? (
          <Verify redirectTo={redirectTo} failed={failed} />
        ) : (
          <Manage recoveryCodesLeft={loaderData.recoveryCodesLeft} redirectTo={redirectTo} failed={failed} />
        )}
        <Form method="post" action="/auth/sign-out" className="mt-6 text-center text-sm">
          <button type="submit" className="min-h-11 font-semibold text-plum-800 hover:underline">
            Sign out
          </button>
        </Form>
      </div>
    </div>
  );
}

type Failure = { message: string; fieldErrors: Record<string, string[]> } | null;

function CodeField({ error, label, hint }: { error?: string; label: string; hint: string }) {
  return (
    <TextField
      name="code"
      label={label}
      hint={hint}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      required
      maxLength={40}
      error={error}
    />
  );
}

function Enrol({
  enrolment,
  email,
  redirectTo,
  failed,
}: {
  enrolment: { secret: string; qrCode: string };
  email: string;
  redirectTo: string;
  failed: Failure;
}) {
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <>
      <h1 className="mt-3 text-center font-display text-2xl font-semibold">Set up two-factor sign-in</h1>
      <p className="mt-2 text-sm text-muted">
        Staff accounts sign in with a code from an authenticator app as well as the password. Open any
        authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and scan this
        code.
      </p>
      <img
        src={enrolment.qrCode}
        alt={`QR code to add ${email} to an authenticator app`}
        width={200}
        height={200}
        className="mx-auto mt-4 h-[200px] w-[200px]"
        data-testid="two-factor-qr"
      />
      <p className="mt-3 text-sm">Can’t scan it? Enter this key in the app (time-based, 6 digits):</p>
      <p
        className="mt-1 break-all rounded-lg bg-sand px-3 py-2 text-center font-mono text-sm"
        data-testid="two-factor-secret"
      >
        {grouped}
      </p>
      <Form method="post" className="mt-5 space-y-4" noValidate aria-label="Set up two-factor sign-in">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="secret" value={enrolment.secret} />
        {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
        <CodeField
          label="Code from the app"
          hint="The 6-digit code the app shows now."
          error={failed?.fieldErrors.code?.[0]}
        />
        <SubmitButton intent="enrol" pendingText="Checking…">
          Turn on two-factor sign-in
        </SubmitButton>
      </Form>
    </>
  );
}

function Verify({ redirectTo, failed }: { redirectTo: string; failed: Failure }) {
  return (
    <>
      <h1 className="mt-3 text-center font-display text-2xl font-semibold">Enter your code</h1>
      <p className="mt-2 text-center text-sm text-muted">
        Open your authenticator app and type the 6-digit code for Crown Hair. Lost your phone? Type one of
        your recovery codes instead.
      </p>
      <Form method="post" className="mt-5 space-y-4" noValidate aria-label="Two-factor code">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
        <CodeField
          label="Authentication code"
          hint="6 digits from the app, or a recovery code (xxxx-xxxx-xxxx-xxxx)."
          error={failed?.fieldErrors.code?.[0]}
        />
        <SubmitButton intent="verify" pendingText="Checking…">
          Continue
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-xs text-muted">
        No phone and no recovery codes? Ask an admin to reset your two-factor sign-in.
      </p>
    </>
  );
}

function Manage({
  recoveryCodesLeft,
  redirectTo,
  failed,
}: {
  recoveryCodesLeft: number;
  redirectTo: string;
  failed: Failure;
}) {
  return (
    <>
      <h1 className="mt-3 text-center font-display text-2xl font-semibold">Two-factor sign-in is on</h1>
      <p className="mt-2 text-center text-sm text-muted" data-testid="recovery-codes-left">
        {`You have ${recoveryCodesLeft} unused recovery ${recoveryCodesLeft === 1 ? 'code' : 'codes'}.`}
      </p>
      <Form method="post" className="mt-5 space-y-4" noValidate aria-label="New recovery codes">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
        <p className="text-sm">
          New recovery codes replace the old ones. Type a current code from your app to get them.
        </p>
        <CodeField
          label="Code from the app"
          hint="The 6-digit code the app shows now."
          error={failed?.fieldErrors.code?.[0]}
        />
        <SubmitButton intent="regenerate" pendingText="Making new codes…" className="btn-outline w-full">
          Make new recovery codes
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link to={redirectTo} className="font-semibold text-plum-800 hover:underline">
          Back to the admin
        </Link>
      </p>
    </>
  );
}

function RecoveryCodes({ codes, redirectTo }: { codes: string[]; redirectTo: string }) {
  return (
    <>
      <h1 className="mt-3 text-center font-display text-2xl font-semibold">Save your recovery codes</h1>
      <FormMessage tone="success">Two-factor sign-in is on for your account.</FormMessage>
      <p className="mt-3 text-sm">
        If you lose your phone, each of these codes signs you in once instead of a code from the app.{' '}
        <strong>They are shown only this once:</strong> write them down or keep them in a password manager.
      </p>
      <ol
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-sand p-4 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <p className="mt-5">
        <Link to={redirectTo} className="btn-primary inline-flex w-full items-center justify-center gap-2">
          <KeyRound className="h-4 w-4" aria-hidden="true" /> I have saved them — continue
        </Link>
      </p>
    </>
  );
}
