// The admin portal's sign-in form: shown at /admin/sign-in and in place of any admin page to
// anyone without a staff role. Demo credentials appear only in demo mode (ADR 016), and only to a
// visitor on the machine the shop runs on (ADR 062: the demo admin signs in from there only).
import { ShieldCheck } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormMessage, PasswordField, SubmitButton, TextField } from '#app/features/account/form-fields.tsx';
import { useRootData } from '#app/features/layout/store-data.ts';
import { DEMO_ADMIN, DEMO_ADMIN_LOOPBACK_ONLY } from '#core/demo.ts';
import { DEMO_ADMIN_SECOND_FACTOR_NOTICE } from '#core/two-factor.ts';

export function AdminSignIn({
  redirectTo,
  notice,
  failed,
}: {
  redirectTo: string;
  notice?: string | null;
  failed?: { message: string; values: Record<string, string>; fieldErrors: Record<string, string[]> } | null;
}) {
  const root = useRootData();
  const store = root?.store;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-plum-900 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <ShieldCheck className="mx-auto h-10 w-10 text-plum-700" aria-hidden="true" />
        <h1 className="mt-3 text-center font-display text-2xl font-semibold">Admin sign in</h1>
        <p className="mt-1 text-center text-sm text-muted">For {store?.name ?? 'shop'} staff only.</p>
        <Form method="post" action="/admin/sign-in" className="mt-6 space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {failed ? (
            <FormMessage tone="error">{failed.message}</FormMessage>
          ) : notice ? (
            <FormMessage tone="info">{notice}</FormMessage>
          ) : null}
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            defaultValue={failed?.values.email}
            error={failed?.fieldErrors.email?.[0]}
          />
          <PasswordField
            name="password"
            label="Password"
            autoComplete="current-password"
            required
            error={failed?.fieldErrors.password?.[0]}
          />
          <SubmitButton pendingText="Signing in…">Sign In</SubmitButton>
        </Form>
        {root?.demoMode && !root.demoCredentials ? (
          <p className="mt-6 rounded-lg bg-sand px-4 py-3 text-sm">{DEMO_ADMIN_LOOPBACK_ONLY}</p>
        ) : null}
        {root?.demoMode && root.demoCredentials ? (
          <section
            className="mt-6 rounded-lg bg-sand px-4 py-3 text-sm"
            aria-labelledby="demo-credentials-title"
          >
            <h2 id="demo-credentials-title" className="font-semibold">
              Demo shop: demo admin credentials
            </h2>
            <p className="mt-1">
              Email: <code>{DEMO_ADMIN.email}</code>
            </p>
            <p>
              Password: <code>{DEMO_ADMIN.password}</code>
            </p>
            <p className="mt-2 text-muted">{DEMO_ADMIN_SECOND_FACTOR_NOTICE}</p>
          </section>
        ) : null}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="font-semibold text-plum-800 hover:underline">
            Back to the shop
          </Link>
        </p>
      </div>
    </div>
  );
}
