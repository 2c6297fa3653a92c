// The local mailbox rule (ADR 017), over HTTP: staff never see a usable link addressed to a staff
// or admin account; in a demo shop they see a customer's links whole (so every shopper flow works
// on one machine); outside demo mode every token is masked.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { settleShopMode } from '#server/startup-checks.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { createTestShop, TEST_PUBLIC_URL, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
let reader: TestClient;
const people: Record<'staff' | 'admin' | 'customer' | 'promoted', string> = {} as never;
const newcomer = 'newcomer@example.ng';

beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { demo: { eligible: true } } });
  await shop.database.db.execute(
    sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')
        ON CONFLICT (key) DO UPDATE SET value = 'true'`,
  );
  shop.services.content.invalidate();
  const state = await settleShopMode({
    env: { PUBLIC_URL: 'http://localhost:3000' },
    services: shop.services,
    log: shop.log,
  });
  expect(state.demoMode).toBe(true);
  for (const role of ['staff', 'admin', 'customer', 'promoted'] as const)
    people[role] = (
      await createUser(shop.database.db, { role: role === 'promoted' ? 'customer' : role })
    ).email;
  for (const email of [...Object.values(people), DEMO_ADMIN.email]) {
    const res = await new TestClient(shop.app).post('/auth/forgot-password', { email });
    expect(res.statusCode).toBeLessThan(400);
  }
  await new TestClient(shop.app).post('/auth', {
    intent: 'signup',
    name: 'New Comer',
    email: newcomer,
    password: 'Harmattan breeze over Lekki 7',
    confirmPassword: 'Harmattan breeze over Lekki 7',
    acceptTerms: 'on',
  });
  await shop.deliverMail();
  // The customer became staff after the mail was sent: the rule looks the role up when read.
  await shop.database.db.execute(sql`UPDATE users SET role = 'staff' WHERE email = ${people.promoted}`);
  reader = new TestClient(shop.app);
  const signIn = await reader.post('/admin/sign-in', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  expect(signIn.statusCode).toBe(302);
}, 60_000);
afterAll(async () => {
  await shop.close();
});

/** The token in the newest mail to `to`, as the recipient's own inbox has it. */
async function tokenSentTo(to: string, path: string): Promise<string> {
  const [mail] = await shop.mailTo(to);
  const link = linkIn(mail!.textBody, `${TEST_PUBLIC_URL}${path}?`);
  return new URL(link).searchParams.get('token')!;
}

/** The newest mail to `to` as staff read it: the JSON API and the admin page. */
async function staffView(client: TestClient, to: string) {
  const list = await client.get(`/api/v1/admin/mailbox?to=${encodeURIComponent(to)}`);
  expect(list.statusCode).toBe(200);
  const id = (list.json() as { items: { id: number }[] }).items[0]!.id;
  const api = await client.get(`/api/v1/admin/mailbox/${id}`);
  const page = await client.get(`/admin/mailbox/${id}`);
  expect(api.statusCode).toBe(200);
  expect(page.statusCode).toBe(200);
  return { api: api.body, masked: (api.json() as { masked: boolean }).masked, page: page.body };
}

describe('the local mailbox rule', () => {
  it('masks every link to a staff or admin account, even in a demo shop and for the demo admin itself', async () => {
    for (const to of [people.staff, people.admin, people.promoted, DEMO_ADMIN.email]) {
      const token = await tokenSentTo(to, '/auth/reset-password');
      const view = await staffView(reader, to);
      expect(view.masked, to).toBe(true);
      expect(view.api, to).not.toContain(token);
      expect(view.page, to).not.toContain(token);
      expect(view.api, to).toContain('token=[masked]');
      expect(view.page, to).toContain('Links and codes in this message are masked');
      expect(view.page, to).toContain(to); // staff still see that it was sent, and to whom
      // The recipient's own link still works: masking is only what staff see.
      expect(await shop.services.accounts.isResetTokenUsable(token)).toBe(true);
    }
  });

  it("shows a customer's reset and confirmation links whole in a demo shop", async () => {
    const reset = await tokenSentTo(people.customer, '/auth/reset-password');
    const view = await staffView(reader, people.customer);
    expect(view.masked).toBe(false);
    expect(view.api).toContain(reset);
    expect(view.page).not.toContain('Links and codes in this message are masked');
    const confirm = await tokenSentTo(newcomer, '/auth/verify-email');
    expect((await staffView(reader, newcomer)).api).toContain(confirm);
  });

  it("masks a customer's links too once the shop is no demo shop", async () => {
    const owner = { email: 'owner@crownhair.ng', password: 'harmattan morning walk' };
    await settleShopMode({
      env: { PUBLIC_URL: 'http://localhost:3000', ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password },
      services: shop.services,
      log: shop.log,
    });
    const { client: ownerClient } = await signInAndEnrol(shop.app, owner);
    for (const [to, path] of [
      [people.customer, '/auth/reset-password'],
      [newcomer, '/auth/verify-email'],
      [people.staff, '/auth/reset-password'],
    ] as const) {
      const token = await tokenSentTo(to, path);
      const view = await staffView(ownerClient, to);
      expect(view.masked, to).toBe(true);
      expect(view.api, to).not.toContain(token);
      expect(view.page, to).not.toContain(token);
    }
    // A staff member signed in with a password sees the same.
    const { client: staff } = await signInAndEnrol(shop.app, {
      email: people.admin,
      password: TEST_PASSWORD,
    });
    expect((await staffView(staff, people.customer)).masked).toBe(true);
  });
});
