// Who may open the admin portal: every admin page and admin API route checks the role on the
// server. Anonymous → sign-in form (401), customer → sign-in form (403), staff and admin → in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { freshCode, secretIn, signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
const clients: Record<'anonymous' | 'customer' | 'staff' | 'admin', TestClient> = {} as never;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  Object.assign(clients, await clientPerRole(shop));
  // Something in the mailbox to look at.
  await clients.anonymous.post('/auth/forgot-password', { email: 'nobody@example.ng' });
  const someone = await createUser(shop.database.db);
  await new TestClient(shop.app).post('/auth/forgot-password', { email: someone.email });
  await shop.deliverMail();
});
afterAll(async () => {
  await shop.close();
});

describe('the role guard', () => {
  const expected = { anonymous: 401, customer: 403, staff: 200, admin: 200 } as const;

  it.each(Object.entries(expected))('admin pages answer %s with %i', async (who, status) => {
    const client = clients[who as keyof typeof clients];
    for (const path of ['/admin/dashboard', '/admin/mailbox', '/admin']) {
      const res = await client.get(path);
      if (path === '/admin' && status === 200) {
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/admin/dashboard');
        continue;
      }
      expect(res.statusCode, `${who} ${path}`).toBe(status);
      if (status === 200) {
        expect(res.body).toContain('Logout');
        expect(res.body).not.toContain('Admin sign in');
      } else {
        // Outsiders meet the admin sign-in form, and nothing of the page itself.
        expect(res.body).toContain('Admin sign in');
        expect(res.body).not.toContain('Reset your Crown Hair password');
      }
      if (status === 403) expect(res.body).toContain('does not have access to the admin portal');
    }
  });

  it.each(Object.entries(expected))('the admin API answers %s with %i', async (who, status) => {
    const res = await clients[who as keyof typeof clients].get('/api/v1/admin/mailbox');
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      const body = res.json() as { items: { subject: string }[]; total: number };
      expect(body.total).toBe(1);
      expect(body.items[0]!.subject).toBe('Reset your Crown Hair password');
    } else {
      expect(res.json()).toMatchObject({ error: status === 401 ? 'unauthorized' : 'forbidden' });
    }
  });

  it('guards any other admin address too, and shows staff a not-found page', async () => {
    expect((await clients.anonymous.get('/admin/no-such-screen')).statusCode).toBe(401);
    expect((await clients.customer.get('/admin/no-such-screen')).statusCode).toBe(403);
    const staff = await clients.staff.get('/admin/no-such-screen');
    expect(staff.statusCode).toBe(404);
    expect(staff.body).toContain('There is no admin page at this address.');
  });

  it('lets staff read a message in the mailbox, and nobody else', async () => {
    const list = (await clients.staff.get('/api/v1/admin/mailbox')).json() as { items: { id: number }[] };
    const id = list.items[0]!.id;
    const page = await clients.admin.get(`/admin/mailbox/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('http://shop.test/auth/reset-password?token=');
    expect((await clients.customer.get(`/admin/mailbox/${id}`)).statusCode).toBe(403);
    expect((await clients.customer.get(`/api/v1/admin/mailbox/${id}`)).statusCode).toBe(403);
    expect((await clients.admin.get('/api/v1/admin/mailbox/999999')).statusCode).toBe(404);
  });
});

describe('admin sign-in', () => {
  it('says "Invalid credentials" for a wrong password and keeps the email', async () => {
    const admin = await createUser(shop.database.db, { role: 'admin' });
    const res = await new TestClient(shop.app).post('/admin/sign-in', {
      email: admin.email,
      password: 'wrong one here',
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('Invalid credentials');
    expect(res.body).toContain(`value="${admin.email}"`);
  });

  it('refuses a customer account, and signs staff in to where they were going', async () => {
    const customer = await createUser(shop.database.db);
    const refused = await new TestClient(shop.app).post('/admin/sign-in', {
      email: customer.email,
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('does not have access to the admin portal');
    expect(refused.headers['set-cookie']).toBeUndefined();

    const staff = await createUser(shop.database.db, { role: 'staff' });
    const client = new TestClient(shop.app);
    const res = await client.post('/admin/sign-in', {
      email: staff.email,
      password: TEST_PASSWORD,
      redirectTo: '/admin/mailbox',
    });
    // The password is right: on to the second factor, then where they were going.
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/two-factor?redirectTo=%2Fadmin%2Fmailbox');
    const page = await client.get(res.headers.location as string);
    const secret = secretIn(page.body);
    const enrolled = await client.post('/admin/two-factor', {
      intent: 'enrol',
      secret,
      code: await freshCode(secret),
      redirectTo: '/admin/mailbox',
    });
    expect(enrolled.body).toContain('href="/admin/mailbox"');
    expect((await client.get('/admin/mailbox')).statusCode).toBe(200);
    // An address outside the portal is not followed.
    const outside = await new TestClient(shop.app).post('/admin/sign-in', {
      email: staff.email,
      password: TEST_PASSWORD,
      redirectTo: 'https://evil.example/',
    });
    expect(outside.headers.location).toBe('/admin/two-factor');
  });

  it('shows no demo credentials when the shop is not a demo shop', async () => {
    const page = await new TestClient(shop.app).get('/admin/dashboard');
    expect(page.body).not.toContain('aria-labelledby="demo-credentials-title"');
    expect(page.body).not.toContain(DEMO_ADMIN.password);
  });
});

describe('creating admins', () => {
  it('admin:create makes a new admin or promotes an existing account, refusing weak passwords', async () => {
    const { accounts } = shop.services;
    await expect(accounts.createAdmin({ email: 'weak@example.ng', password: 'password' })).rejects.toThrow(
      /common/,
    );
    expect(await accounts.createAdmin({ email: 'Boss@Example.ng', password: 'chief passphrase 2026' })).toBe(
      'created',
    );
    const customer = await createUser(shop.database.db);
    expect(await accounts.createAdmin({ email: customer.email, password: 'promoted passphrase' })).toBe(
      'promoted',
    );
    const { client } = await signInAndEnrol(shop.app, {
      email: customer.email,
      password: 'promoted passphrase',
    });
    expect((await client.get('/api/v1/admin/mailbox')).statusCode).toBe(200);
  });
});
