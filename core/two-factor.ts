// Two-factor sign-in facts the screens need too (ADR 019).

/** The admin portal's second-factor step, coming back to `redirectTo` afterwards. */
export function secondFactorPath(redirectTo?: string | null): string {
  return redirectTo && redirectTo !== '/admin/dashboard'
    ? `/admin/two-factor?${new URLSearchParams({ redirectTo }).toString()}`
    : '/admin/two-factor';
}

export const DEMO_ADMIN_SECOND_FACTOR_NOTICE =
  'The demo admin signs in without a second factor; real staff accounts must enrol.';
