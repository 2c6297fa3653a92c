// /admin/sign-in: the admin portal's sign-in (the form also appears on any admin URL to anyone
// without a staff role). Only staff and admins can sign in here.
import { redirect } from 'react-router';
import { AdminSignIn } from '#app/features/admin/admin-sign-in.tsx';
import { afterPassword, secondFactorPath, signedInRedirect } from '#app/lib/auth.server.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import { safeRedirectPath } from '#core/safe-redirect.ts';
import type { Route } from './+types/admin.sign-in';

function adminDestination(value: FormDataEntryValue | string | null): string {
  const path = safeRedirectPath(value, '/admin/dashboard');
  return path.startsWith('/admin/') && !path.startsWith('/admin/sign-in') ? path : '/admin/dashboard';
}

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const redirectTo = adminDestination(url.searchParams.get('redirectTo'));
  const session = await context.auth.getSession();
  if (session && STAFF_ROLES.includes(session.user.role)) throw redirect(redirectTo);
  // Password given, second factor not yet: straight on to it (ADR 019).
  if (session?.secondFactor === 'required') throw redirect(secondFactorPath(redirectTo));
  return { redirectTo };
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const redirectTo = adminDestination(form.get('redirectTo'));
  try {
    const session = await context.services.accounts.signIn(values, {
      ...context.auth.client,
      previousToken: context.auth.token,
      roles: STAFF_ROLES,
    });
    context.log.info({ userId: session.user.id, role: session.user.role }, 'admin signed in');
    return signedInRedirect(context, session, await afterPassword(context, session.user, redirectTo));
  } catch (error) {
    const failure = formFailure(error, { ...values, redirectTo });
    if (!failure) throw error;
    // The spec's wording for a wrong email or password.
    if (failure.data.code === 'invalid_credentials') failure.data.message = 'Invalid credentials';
    return failure;
  }
}

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Admin sign in | Crown Hair' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminSignIn
      redirectTo={actionData?.values.redirectTo ?? loaderData.redirectTo}
      failed={actionData ?? null}
    />
  );
}
