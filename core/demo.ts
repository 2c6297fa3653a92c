// The demo admin that exists while the shop runs on sample data. The sign-in screen shows these
// credentials only then; a real shop creates its own admin (npm run admin:create, ADMIN_EMAIL).
export const DEMO_ADMIN = {
  email: 'admin@crownhair.ng',
  password: 'Lekki-Demo-2026',
  name: 'Demo Admin',
} as const;
