// The steps of a staff member's second sign-in factor (ADR 019), shown by /admin/two-factor:
// enrol an authenticator (QR code and key), give a code, manage recovery codes, and the recovery
// codes shown once. Every step is a plain form posting to the route: it works without JavaScript.
import { KeyRound } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormMessage, SubmitButton, TextField } from '#app/features/account/form-fields.tsx';

/** A refused code: the message and the field errors. */
export type Failure = { message: string; fieldErrors: Record<string, string[]> } | null;

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

export function Enrol({
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
      />
      <p className="mt-3 text-sm">Can’t scan it? Enter this key in the app (time-based, 6 digits):</p>
      <p className="mt-1 break-all rounded-lg bg-sand px-3 py-2 text-center font-mono text-sm">{grouped}</p>
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

export function Verify({ redirectTo, failed }: { redirectTo: string; failed: Failure }) {
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

export function Manage({
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
      <p className="mt-2 text-center text-sm text-muted">
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

export function RecoveryCodes({ codes, redirectTo }: { codes: string[]; redirectTo: string }) {
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
        aria-label="Recovery codes"
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
