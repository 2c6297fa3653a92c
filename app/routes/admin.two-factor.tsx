// /admin/two-factor: the second step of a staff member's sign-in (ADR 019). A staff or admin
// account without an authenticator enrols here (QR code and the secret as text, then a code from
// the app; ten recovery codes are shown once); an enrolled one gives a code from the app or a
// recovery code. Once done, the same page lets a member regenerate their recovery codes.
// Everything is a plain form: it works without JavaScript.
import { ShieldCheck } from 'lucide-react';
import { data, Form, redirect } from 'react-router';
import { Enrol, Manage, RecoveryCodes, Verify } from '#app/features/admin/two-factor-steps.tsx';
import { formFailure, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
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

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const redirectTo = adminDestination(url.searchParams.get('redirectTo'));
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
});

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
