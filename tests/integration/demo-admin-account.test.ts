// The demo admin is one marked account that demo mode made (ADR 062), not an address: a stranger's
// sign-up with admin@crownhair.ng neither blocks a production start nor skips the second factor,
// a demo shop refuses sign-ups with that address, and the demo admin — whose password the shop
// prints and shows — signs in only from this machine (the client address the rate limits count).
// Over HTTP against a real database (PGlite and PostgreSQL).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { type Database, queryRows } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/paths.ts';
import { seedReferenceData, seedSampleDiscounts } from '#server/seed/seed.ts';
import { demoBanner, settleShopMode } from '#server/startup-checks.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-db.ts';

const LOCAL = 'http://localhost:3000';
const PUBLIC = 'https://crownhair.ng';

const shops: TestShop[] = [];
const databases: Database[] = [];
afterEach(async () => {
  await Promise.all(shops.splice(0).map((s) => s.close()));
  await Promise.all(databases.splice(0).map((d) => d.close()));
});

async function shopWith(options: { eligible: boolean; sampleData: boolean; trustProxy?: string[] }) {
  const shop = await createTestShop({
    pages: true,
    config: { demo: { eligible: options.eligible } },
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  shops.push(shop);
  if (options.sampleData) {
    await shop.database.db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')
          ON CONFLICT (key) DO UPDATE SET value = 'true'`,
    );
    await seedSampleDiscounts(shop.database.db);
  }
  shop.services.content.invalidate();
  return shop;
}

/** A demo shop as `npm start` leaves it: sample data, local address, the demo admin made. */
async function demoShop(trustProxy?: string[]): Promise<TestShop> {
  const shop = await shopWith({ eligible: true, sampleData: true, trustProxy });
  const state = await settleShopMode({ env: { PUBLIC_URL: LOCAL }, services: shop.services, log: shop.log });
  expect(state.demoMode).toBe(true);
  return shop;
}

const signUpForm = {
  intent: 'signup',
  name: 'Someone Else',
  email: DEMO_ADMIN.email,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  acceptTerms: 'on',
};

function demoSignIn(client: TestClient, headers?: Record<string, string>) {
  return client.post(
    '/admin/sign-in',
    { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    headers ? { headers } : {},
  );
}

describe('the demo admin address outside demo mode', () => {
  it('an unconfirmed sign-up with it does not make a production start refuse', async () => {
    // A production shop (public address): never a demo shop.
    const shop = await shopWith({ eligible: false, sampleData: false });
    const signUp = await new TestClient(shop.app, { remoteAddress: '102.89.3.4' }).post('/auth', signUpForm);
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(await shop.services.accounts.roleOf(DEMO_ADMIN.email)).toBe('customer');

    // The next deploy starts: the stranger's account is not the demo admin.
    const state = await settleShopMode({
      env: { PUBLIC_URL: PUBLIC },
      services: shop.services,
      log: shop.log,
    });
    expect(state).toEqual({ production: true, demoMode: false, demoCredentialsWork: false });
    // And it is left alone: nobody's account is removed for its address.
    expect(await shop.services.accounts.roleOf(DEMO_ADMIN.email)).toBe('customer');
  });

  it('a real admin with it signs in with a second factor, like every admin', async () => {
    const shop = await shopWith({ eligible: false, sampleData: false });
    await createUser(shop.database.db, { email: DEMO_ADMIN.email, role: 'admin' });
    const client = new TestClient(shop.app);
    const res = await client.post('/admin/sign-in', { email: DEMO_ADMIN.email, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/^\/admin\/two-factor/);
    const dashboard = await client.get('/admin/dashboard');
    expect(dashboard.statusCode).not.toBe(200);
    expect(dashboard.headers.location ?? '').toMatch(/^\/admin\/two-factor/);
  });
});

describe('a demo shop', () => {
  it('refuses a sign-up with the demo admin address, saying why', async () => {
    const shop = await demoShop();
    const res = await new TestClient(shop.app).post('/auth', signUpForm);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('demo admin');
    const mixedCase = await new TestClient(shop.app).post('/auth', {
      ...signUpForm,
      email: 'Admin@CrownHair.ng',
    });
    expect(mixedCase.statusCode).toBe(400);
    // The demo admin is still the one demo mode made, and still signs in.
    expect((await demoSignIn(new TestClient(shop.app))).headers.location).toBe('/admin/dashboard');
  });

  it('the demo admin signs in from this machine only; elsewhere the sign-in says why', async () => {
    const shop = await demoShop();
    const remote = new TestClient(shop.app, { remoteAddress: '192.168.1.20' });
    const refused = await demoSignIn(remote);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('only on the computer the demo shop runs on');
    expect((await remote.get('/admin/dashboard')).statusCode).toBe(401);
    // The sign-in page does not show that visitor the published password.
    const screen = await remote.get('/admin/sign-in');
    expect(screen.statusCode).toBe(200);
    expect(screen.body).not.toContain(DEMO_ADMIN.password);
    expect(screen.body).toContain('only on the computer the demo shop runs on');

    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = new TestClient(shop.app, { remoteAddress: loopback });
      expect((await local.get('/admin/sign-in')).body, loopback).toContain(DEMO_ADMIN.password);
      const res = await demoSignIn(local);
      expect(res.statusCode, `${loopback}: ${res.body}`).toBe(302);
      expect(res.headers.location).toBe('/admin/dashboard');
      expect((await local.get('/admin/dashboard')).statusCode).toBe(200);
    }
  });

  it('behind a trusted proxy, the forwarded client address decides, as for the rate limits', async () => {
    const shop = await demoShop(['127.0.0.1/32']);
    // A proxy on this machine forwarding a visitor from the network: not this machine.
    const forwarded = await demoSignIn(new TestClient(shop.app, { remoteAddress: '127.0.0.1' }), {
      'x-forwarded-for': '102.89.7.7',
    });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.body).toContain('only on the computer the demo shop runs on');
    // A client that is not a trusted proxy cannot claim to be this machine.
    const claimed = await demoSignIn(new TestClient(shop.app, { remoteAddress: '102.89.7.8' }), {
      'x-forwarded-for': '127.0.0.1',
    });
    expect(claimed.statusCode).toBe(403);
  });

  it('gives the second-factor exemption to the marked account only while demo mode lasts', async () => {
    const shop = await demoShop();
    // Demo mode ends under a running shop (the sample data is no longer the shop's).
    await shop.database.db.execute(
      sql`UPDATE settings SET value = 'false' WHERE key = 'store.usesSampleData'`,
    );
    shop.services.content.invalidate();
    const res = await demoSignIn(new TestClient(shop.app));
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/^\/admin\/two-factor/);
  });

  it('the start banner says when the shop listens beyond this machine', () => {
    const state = { production: false, demoMode: true, demoCredentialsWork: true };
    const everywhere = demoBanner(state, 'http://localhost:3000/admin', '0.0.0.0');
    expect(everywhere).toContain('HOST=0.0.0.0');
    expect(everywhere).toContain('the demo admin signs in only from this machine');
    expect(everywhere).toContain('HOST=127.0.0.1');
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(demoBanner(state, 'http://localhost:3000/admin', host), host).not.toContain('HOST=');
  });
});

describe('the mark', () => {
  it('is on the account demo mode made, one at most; take-over removes that account only', async () => {
    const shop = await demoShop();
    const marked = await queryRows<{ email: string }>(
      shop.database.db,
      sql`SELECT email FROM users WHERE demo_admin`,
    );
    expect(marked).toEqual([{ email: DEMO_ADMIN.email }]);
    const other = await createUser(shop.database.db, { role: 'admin' });
    await expect(
      shop.database.db.execute(sql`UPDATE users SET demo_admin = true WHERE id = ${other.id}`),
    ).rejects.toThrow();
    const ended = await shop.services.demo.end('admin:create');
    expect(ended.demoAdminRemoved).toBe(true);
    expect(await shop.services.accounts.roleOf(DEMO_ADMIN.email)).toBeNull();
    expect(await shop.services.accounts.roleOf(other.email)).toBe('admin');
  });
});

describe('migration 0020 on a database that has an account at the demo admin address', () => {
  /** The migration's statement that marks an existing demo admin, run on the database as it is. */
  const marking = readFileSync(path.join(MIGRATIONS_DIR, '0020_demo_admin_mark.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('UPDATE "users" SET "demo_admin" = true'))!;

  async function markedAfterMigration(setup: {
    role: 'customer' | 'admin';
    sampleData: boolean;
    demoEnded: boolean;
    secondFactor?: boolean;
  }): Promise<boolean> {
    // The statement needs a database as a shop leaves it, not a running shop (ADR 072).
    const database = await createTestDatabase();
    databases.push(database);
    const db = database.db;
    await seedReferenceData(db);
    if (setup.sampleData) {
      await db.execute(sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')
          ON CONFLICT (key) DO UPDATE SET value = 'true'`);
      await seedSampleDiscounts(db);
    }
    if (setup.demoEnded)
      await db.execute(
        sql`INSERT INTO settings (key, value) VALUES ('demo.endedAt', '{"reason":"admin:create"}')`,
      );
    const user = await createUser(db, { email: DEMO_ADMIN.email, role: setup.role });
    if (setup.secondFactor)
      await db.execute(
        sql`INSERT INTO two_factor_secrets (user_id, secret) VALUES (${user.id}, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
      );
    await db.execute(sql.raw(marking));
    const [row] = await queryRows<{ demo_admin: boolean }>(
      db,
      sql`SELECT demo_admin FROM users WHERE id = ${user.id}`,
    );
    return row!.demo_admin;
  }

  it('marks the demo admin of a shop still in demo mode', async () => {
    expect(await markedAfterMigration({ role: 'admin', sampleData: true, demoEnded: false })).toBe(true);
  });

  it.each([
    ['a sign-up (a customer)', { role: 'customer', sampleData: true, demoEnded: false }],
    ['an admin after the take-over', { role: 'admin', sampleData: true, demoEnded: true }],
    ['an admin of a shop without the sample data', { role: 'admin', sampleData: false, demoEnded: false }],
    [
      'an admin with a second factor',
      { role: 'admin', sampleData: true, demoEnded: false, secondFactor: true },
    ],
  ] as const)('leaves %s alone', async (_, setup) => {
    expect(await markedAfterMigration(setup)).toBe(false);
  });
});
