// Demo mode (ADR 016): what `npm start` gives on a fresh machine — the sample data, no
// ADMIN_EMAIL, served on a local address. Only then does the demo admin exist and do the
// sample promo codes get loaded; the moment the owner takes the shop over, both go for good.
export const DEMO_ADMIN = {
  email: 'admin@crownhair.ng',
  password: 'Lekki-Demo-2026',
  name: 'Demo Admin',
} as const;

/** Whether this address is the demo admin's (the two-factor rule exempts it while demo mode lasts). */
export function isDemoAdminEmail(email: string): boolean {
  return email.trim().toLowerCase() === DEMO_ADMIN.email;
}

/** The sample data's promo codes: published in the README, so never on a real shop. */
export const SAMPLE_PROMO_CODES = ['SAVE10', 'SAVE20', 'NEWCUSTOMER'] as const;
