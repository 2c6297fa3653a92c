// Demo mode (ADR 016) and the production-start guards, over HTTP against a real database: the demo
// admin exists only in a demo shop; the owner taking the shop over ends demo mode for good; a
// production shop refuses to start with a demo admin, the sample codes, sandbox payments or the
// local mailbox.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, SAMPLE_PROMO_CODES } from '#core/demo.ts';
import { loadEnv } from '#server/env.ts';
import { seedSampleDiscounts } from '#server/seed/seed.ts';
import { createServices, defaultServiceConfig, type Services } from '#server/services.ts';
import { demoEligible, isLocalAddress } from '#server/shop-address.ts';
import { configurationProblems, StartupError, settleShopMode } from '#server/startup-checks.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

const LOCAL = 'http://localhost:3000';
const PUBLIC = 'https://crownhair.ng';
const OWNER = { email: 'owner@crownhair.ng', password: 'harmattan morning walk' };

const shops: TestShop[] = [];
afterEach(async () => {
  await Promise.all(shops.splice(0).map((s) => s.close()));
});

/**
 * A shop as `npm start` leaves it after loading the sample data: `eligible` is what the start
 * decides from PUBLIC_URL and ADMIN_EMAIL (server/shop-address.ts demoEligible).
 */
async function sampleShop(eligible: boolean): Promise<TestShop> {
  const shop = await createTestShop({ pages: true, config: { demo: { eligible } } });
  shops.push(shop);
  await shop.database.db.execute(
    sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')
        ON CONFLICT (key) DO UPDATE SET value = 'true'`,
  );
  await seedSampleDiscounts(shop.database.db);
  shop.services.content.invalidate();
  return shop;
}

/** The services of another start of the shop over the same database. */
function restarted(shop: TestShop, eligible = false): Services {
  return createServices({
    db: shop.database.db,
    storage: shop.storage,
    config: defaultServiceConfig({ demo: { eligible } }),
    log: shop.log,
  });
}

function settle(shop: TestShop, env: { PUBLIC_URL: string; ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }) {
  return settleShopMode({ env, services: shop.services, log: shop.log });
}

async function signInAsDemoAdmin(shop: TestShop): Promise<TestClient> {
  const client = new TestClient(shop.app);
  const res = await client.post('/admin/sign-in', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers.location).toBe('/admin/dashboard');
  return client;
}

describe('a demo shop', () => {
  it('has the demo admin, says "demo shop" on every admin page and shows the credentials on sign-in', async () => {
    const shop = await sampleShop(true);
    const state = await settle(shop, { PUBLIC_URL: LOCAL });
    expect(state).toEqual({ production: false, demoMode: true, demoCredentialsWork: true });

    const screen = await new TestClient(shop.app).get('/admin');
    expect(screen.statusCode).toBe(401);
    expect(screen.body).toContain('aria-labelledby="demo-credentials-title"');
    expect(screen.body).toContain(DEMO_ADMIN.password);
    expect((await new TestClient(shop.app).get('/admin/sign-in')).body).toContain(DEMO_ADMIN.password);

    const admin = await signInAsDemoAdmin(shop);
    for (const path of ['/admin/dashboard', '/admin/mailbox']) {
      const page = await admin.get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body, path).toMatch(/<p role="status"[^>]*><strong>Demo shop\.<\/strong>/);
      expect(page.body, path).toContain('Demo shop.');
    }
    // The two-factor rule exempts the demo admin (the account demo mode made) while demo mode lasts.
    const staff = await shop.services.twoFactor.listStaff();
    expect(staff.filter((m) => m.exempt).map((m) => m.email)).toEqual([DEMO_ADMIN.email]);
    // A second start does not make a second demo admin, and keeps it working.
    expect(await settle(shop, { PUBLIC_URL: LOCAL })).toMatchObject({ demoMode: true });
  });

  it('is not a demo shop without the sample data: no demo admin, no credentials, no notice', async () => {
    const shop = await createTestShop({ pages: true, config: { demo: { eligible: true } } });
    shops.push(shop);
    expect(await settle(shop, { PUBLIC_URL: LOCAL })).toMatchObject({ demoMode: false });
    expect(await shop.services.accounts.roleOf(DEMO_ADMIN.email)).toBeNull();
    const screen = await new TestClient(shop.app).get('/admin');
    expect(screen.body).not.toContain('aria-labelledby="demo-credentials-title"');
    expect(screen.body).not.toContain(DEMO_ADMIN.password);
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const { client } = await signInAndEnrol(shop.app, { email: staff.email, password: TEST_PASSWORD });
    expect((await client.get('/admin/dashboard')).body).not.toContain('<strong>Demo shop.</strong>');
    expect((await shop.services.twoFactor.listStaff()).some((m) => m.exempt)).toBe(false);
  });
});

describe('the owner taking the shop over', () => {
  it('ADMIN_EMAIL ends demo mode for good: demo admin gone, its session ended, no credentials anywhere', async () => {
    const shop = await sampleShop(true);
    await settle(shop, { PUBLIC_URL: LOCAL });
    const demoAdmin = await signInAsDemoAdmin(shop);
    expect((await demoAdmin.get('/admin/dashboard')).statusCode).toBe(200);

    // The next start, with ADMIN_EMAIL / ADMIN_PASSWORD.
    const state = await settle(shop, { PUBLIC_URL: LOCAL, ...adminEnv(OWNER) });
    expect(state).toMatchObject({ demoMode: false, demoCredentialsWork: false });
    expect((await demoAdmin.get('/admin/dashboard')).statusCode).toBe(401);
    expect((await demoAdmin.get('/api/v1/admin/mailbox')).statusCode).toBe(401);
    const again = await new TestClient(shop.app).post('/admin/sign-in', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(again.statusCode).not.toBe(302);
    expect(again.body).toContain('Invalid credentials');
    expect(again.body).not.toContain(DEMO_ADMIN.password);
    const screen = await new TestClient(shop.app).get('/admin/sign-in');
    expect(screen.body).not.toContain('aria-labelledby="demo-credentials-title"');
    expect(screen.body).not.toContain(DEMO_ADMIN.password);
    expect(await shop.services.promotions.sampleCodesPresent()).toEqual([]);
    const { client: owner } = await signInAndEnrol(shop.app, OWNER);
    const dashboard = await owner.get('/admin/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).not.toContain('<strong>Demo shop.</strong>');

    // For good: a later start without ADMIN_EMAIL (same database) is still no demo shop.
    const later = await settle(shop, { PUBLIC_URL: LOCAL });
    expect(later.demoMode).toBe(false);
    expect(await shop.services.accounts.roleOf(DEMO_ADMIN.email)).toBeNull();
    expect((await new TestClient(shop.app).get('/admin')).body).not.toContain(DEMO_ADMIN.password);
  });

  it('admin:create ends demo mode for good (the command calls demo.end after creating the admin)', async () => {
    const shop = await sampleShop(true);
    await settle(shop, { PUBLIC_URL: LOCAL });
    const demoAdmin = await signInAsDemoAdmin(shop);
    await shop.services.accounts.createAdmin(OWNER);
    expect(await shop.services.demo.end('admin:create')).toEqual({
      demoAdminRemoved: true,
      sampleCodesRemoved: [...SAMPLE_PROMO_CODES].sort(),
    });
    expect((await demoAdmin.get('/admin/dashboard')).statusCode).toBe(401);
    expect((await new TestClient(shop.app).get('/admin')).body).not.toContain(DEMO_ADMIN.password);
    expect((await settle(shop, { PUBLIC_URL: LOCAL })).demoMode).toBe(false);
    expect(await shop.services.accounts.roleOf(DEMO_ADMIN.email)).toBeNull();
    // Once only: a code the owner makes later with a sample name survives later starts.
    await seedSampleDiscounts(shop.database.db);
    await settle(shop, { PUBLIC_URL: LOCAL, ...adminEnv(OWNER) });
    expect(await shop.services.promotions.sampleCodesPresent()).toContain('SAVE10');
  });

  it('refuses an ADMIN_EMAIL that names no admin, or the demo admin itself', async () => {
    const shop = await sampleShop(false);
    await expect(settle(shop, { PUBLIC_URL: LOCAL, ADMIN_EMAIL: OWNER.email })).rejects.toThrow(
      /no admin account has that address[\s\S]*ADMIN_PASSWORD/,
    );
    const customer = await createUser(shop.database.db);
    await expect(
      settle(shop, { PUBLIC_URL: LOCAL, ADMIN_EMAIL: customer.email, ADMIN_PASSWORD: 'whatever pass 1' }),
    ).rejects.toThrow(StartupError);
    expect(
      configurationProblems(loadEnv({ ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: 'x' })).join('\n'),
    ).toContain("ADMIN_EMAIL is the demo admin's address");
  });
});

function adminEnv(owner: { email: string; password: string }) {
  return { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password };
}

describe('a production shop (public PUBLIC_URL)', () => {
  it('is told apart by its address', () => {
    for (const local of [
      undefined,
      'http://localhost:3000',
      'http://shop.localhost',
      'http://127.0.0.1:8080',
      'http://127.8.9.10',
      'http://[::1]:3000',
    ])
      expect(isLocalAddress(local), String(local)).toBe(true);
    for (const remote of [
      'https://crownhair.ng',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://localhost.evil.example',
      'http://128.0.0.1',
      'http://[::2]',
    ])
      expect(isLocalAddress(remote), remote).toBe(false);
    expect(demoEligible(loadEnv({}))).toBe(true);
    expect(demoEligible(loadEnv({ ADMIN_EMAIL: OWNER.email }))).toBe(false);
    expect(demoEligible(loadEnv({ PUBLIC_URL: PUBLIC }))).toBe(false);
  });

  it('never creates a demo admin, and refuses to start while one or the sample codes exist', async () => {
    // A shop that was a demo shop on a laptop, now deployed on its public address.
    const shop = await sampleShop(true);
    await settle(shop, { PUBLIC_URL: LOCAL });
    const deployed = await sampleShop(false);
    await expect(settle(deployed, { PUBLIC_URL: PUBLIC })).rejects.toThrow(
      /sample promo codes NEWCUSTOMER, SAVE10, SAVE20[\s\S]*ADMIN_EMAIL and ADMIN_PASSWORD[\s\S]*admin:create/,
    );
    expect(await deployed.services.accounts.roleOf(DEMO_ADMIN.email)).toBeNull(); // never created

    // The same database started as a production shop (not demo-eligible: a public address).
    const production = restarted(shop);
    const start = (env: Partial<Record<'ADMIN_EMAIL' | 'ADMIN_PASSWORD', string>> = {}) =>
      settleShopMode({ env: { PUBLIC_URL: PUBLIC, ...env }, services: production, log: shop.log });
    const error = await start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain(`The demo admin ${DEMO_ADMIN.email}`);
    expect((error as Error).message).toContain('npm run admin:create');
    expect((error as Error).message).toContain('SAVE10');

    // Taking it over at that start fixes both, and it then starts.
    const state = await start(adminEnv(OWNER));
    expect(state).toEqual({ production: true, demoMode: false, demoCredentialsWork: false });
    expect(await production.demo.leftovers()).toEqual({ demoAdmin: false, sampleCodes: [] });
    shop.services.content.invalidate();
    expect((await new TestClient(shop.app).get('/admin')).body).not.toContain(DEMO_ADMIN.password);
  });

  it('refuses to start without PAYSTACK_SECRET_KEY unless ALLOW_SANDBOX_PAYMENTS=1', () => {
    const base = { PUBLIC_URL: PUBLIC, SMTP_URL: 'smtp://mail.example:587' };
    const problems = configurationProblems(loadEnv(base));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('Set PAYSTACK_SECRET_KEY');
    expect(problems[0]).toContain('ALLOW_SANDBOX_PAYMENTS=1');
    expect(configurationProblems(loadEnv({ ...base, ALLOW_SANDBOX_PAYMENTS: '1' }))).toEqual([]);
    expect(configurationProblems(loadEnv({ ...base, PAYSTACK_SECRET_KEY: 'sk_live_abc123' }))).toEqual([]);
    // A local shop may use the sandbox and the local mailbox.
    expect(configurationProblems(loadEnv({}))).toEqual([]);
  });

  it('refuses to start without SMTP_URL unless ALLOW_LOCAL_MAILBOX=1', () => {
    const base = { PUBLIC_URL: PUBLIC, PAYSTACK_SECRET_KEY: 'sk_live_abc123' };
    const problems = configurationProblems(loadEnv(base));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('Set SMTP_URL');
    expect(problems[0]).toContain('ALLOW_LOCAL_MAILBOX=1');
    expect(configurationProblems(loadEnv({ ...base, ALLOW_LOCAL_MAILBOX: '1' }))).toEqual([]);
    expect(configurationProblems(loadEnv({ ...base, SMTP_URL: 'smtps://u:p@mail.example:465' }))).toEqual([]);
  });
});
