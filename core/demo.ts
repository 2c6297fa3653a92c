// Demo mode (ADR 016): what `npm start` gives on a fresh machine — the sample data, no
// ADMIN_EMAIL, served on a local address. Only then does the demo admin exist and do the
// sample promo codes get loaded; the moment the owner takes the shop over, both go for good.
export const DEMO_ADMIN = {
  email: 'admin@crownhair.ng',
  password: 'Lekki-Demo-2026',
  name: 'Demo Admin',
} as const;

/**
 * Whether this is the address demo mode gives its demo admin. It decides nothing about an account
 * (ADR 062: the demo admin is a marked account); a demo shop refuses it at sign-up, and the
 * take-over commands refuse it for the owner's admin.
 */
export function isDemoAdminEmail(email: string): boolean {
  return email.trim().toLowerCase() === DEMO_ADMIN.email;
}

/**
 * Why the demo admin cannot sign in from here (ADR 062): its password is published, so it signs in
 * only from the machine the demo shop runs on. Shown on the sign-in screen to other visitors too.
 */
export const DEMO_ADMIN_LOOPBACK_ONLY =
  'The demo admin signs in only on the computer the demo shop runs on (at http://localhost), ' +
  'because its password is published. Sign in there, or take the shop over with your own admin ' +
  '(npm run admin:create).';

/** The sample data's promo codes: published in the README, so never on a real shop. */
export const SAMPLE_PROMO_CODES = ['SAVE10', 'SAVE20', 'NEWCUSTOMER'] as const;
