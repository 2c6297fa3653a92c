// The admin users screens over HTTP: the list's search and filters live in the URL; suspending an
// account ends its sessions at once and sign-in says why; reactivating lets it back in; nobody
// suspends or re-roles themselves, and the last admin stays; roles are an admin's to change; an
// email from staff goes through the outbox; every change is in the audit log with before/after.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#core/contract/account.ts';
import { queryRows } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import {
  type RoleVisitors,
  signedInClient,
  type TestUser,
  visitorsPerRole,
} from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let clients: RoleVisitors['clients'];
let staff: TestClient;
let admin: TestClient;
let staffUser: TestUser;
let adminUser: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const visitors = await visitorsPerRole(shop, 'Users');
  ({ clients } = visitors);
  ({ staff, admin } = clients);
  ({ staff: staffUser, admin: adminUser } = visitors.users);
});
afterAll(async () => {
  await shop.close();
});

async function auditOf(userId: number) {
  return queryRows<{ action: string; actor_user_id: number | null; details: Record<string, unknown> }>(
    shop.database.db,
    sql`SELECT action, actor_user_id, details FROM audit_events
        WHERE subject_type = 'user' AND subject_id = ${String(userId)} ORDER BY id`,
  );
}

async function sessionsOf(userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`,
  );
  return row!.n;
}

/** The emails in the list's table, in order. */
function listedEmails(html: string): string[] {
  return [...html.matchAll(/data-user-email="([^"]+)"/g)].map((m) => m[1]!);
}

describe('the list', () => {
  it('answers only staff and admins', async () => {
    expect((await clients.anonymous.get('/admin/users')).statusCode).toBe(401);
    expect((await clients.customer.get('/admin/users')).statusCode).toBe(403);
    expect([401, 403]).toContain((await clients.suspended.get('/admin/users')).statusCode);
    expect((await staff.get('/admin/users')).statusCode).toBe(200);
    expect((await admin.get('/admin/users')).statusCode).toBe(200);
    expect((await staff.get('/admin/users/999999')).statusCode).toBe(404);
    // A malformed id is a bad address (400), a missing account a 404 (ADR 074).
    expect((await staff.get('/admin/users/not-a-number')).statusCode).toBe(400);
  });

  it('searches by name, email and phone, and filters by state, role and joining date in the URL', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const chioma = await createUser(shop.database.db, {
      name: `Chioma ${tag}`,
      email: `chioma.${tag}@example.ng`,
    });
    const emeka = await createUser(shop.database.db, { name: `Emeka ${tag}`, isActive: false });
    await shop.database.db.execute(sql`UPDATE users SET phone = '+2348031234567' WHERE id = ${emeka.id}`);

    const byName = await staff.get(`/admin/users?q=${tag}`);
    expect(byName.statusCode).toBe(200);
    expect(listedEmails(byName.body).sort()).toEqual([chioma.email, emeka.email].sort());
    expect(listedEmails((await staff.get(`/admin/users?q=CHIOMA.${tag}`)).body)).toEqual([chioma.email]);
    // A phone as people write it finds the stored E.164 number.
    expect(listedEmails((await staff.get('/admin/users?q=0803+123+4567')).body)).toEqual([emeka.email]);
    expect(listedEmails((await staff.get(`/admin/users?q=${tag}&state=suspended`)).body)).toEqual([
      emeka.email,
    ]);
    expect(listedEmails((await staff.get(`/admin/users?q=${tag}&state=active`)).body)).toEqual([
      chioma.email,
    ]);
    expect(listedEmails((await staff.get(`/admin/users?q=${tag}&role=staff`)).body)).toEqual([]);
    const staffOnly = listedEmails((await staff.get('/admin/users?role=staff')).body);
    expect(staffOnly).toContain(staffUser.email);
    expect(staffOnly).not.toContain(adminUser.email);
    // `%` is a character to find, not a wildcard.
    expect(listedEmails((await staff.get('/admin/users?q=%25')).body)).toEqual([]);

    const future = await staff.get(`/admin/users?q=${tag}&joinedFrom=2999-01-01`);
    expect(listedEmails(future.body)).toEqual([]);
    expect(future.body).toContain('No account matches this filter.');
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    expect(
      listedEmails((await staff.get(`/admin/users?q=${tag}&joinedFrom=${today}&joinedTo=${today}`)).body),
    ).toHaveLength(2);
    // Nonsense in the address falls back to "any", never an error page.
    expect(
      (await staff.get(`/admin/users?state=banana&role=god&page=-3&joinedFrom=yesterday`)).statusCode,
    ).toBe(200);
  });

  it('keeps the search in view and folds the other filters behind a summary that counts them', async () => {
    const html = (await staff.get('/admin/users?q=ada&state=suspended&role=customer&sort=name')).body;
    const search = html.indexOf('id="users-q"');
    const fold = html.indexOf('<details class="admin-filter-fold"');
    expect(search).toBeGreaterThan(0);
    expect(fold).toBeGreaterThan(search); // the search sits outside (before) the fold
    expect(html.indexOf('id="users-state"')).toBeGreaterThan(fold);
    // Two filters set (the search and the sort are not counted); the fold is closed on the server.
    expect(html).toMatch(/<summary>[\s\S]*?Filters<span[^>]*>2<span class="sr-only"> set<\/span>/);
    expect(html).not.toMatch(/<details class="admin-filter-fold"[^>]*\bopen/);
    expect(html).toContain('>Clear</a>');
    // Nothing filtered: no count, nothing to clear; the list's status waits, empty, for a load.
    const plain = (await staff.get('/admin/users')).body;
    expect(plain).not.toContain('<span class="sr-only"> set</span>');
    expect(plain).not.toContain('>Clear</a>');
    expect(plain).toMatch(/<p role="status" class="sr-only"><\/p><\/div><div aria-busy="false"/);
  });

  it('shows each account’s orders and what it spent (paid orders, cancelled ones left out)', async () => {
    const buyer = await createUser(shop.database.db, { name: `Ngozi Buyer ${Date.now()}` });
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 2_000_000, stock: 20 }],
    });
    const line = [{ variantId: product.variants[0]!.id }];
    const paid = await createOrder(shop, {
      account: buyer,
      lines: line,
      paymentMethod: 'bank_transfer',
      status: 'placed',
    });
    await createOrder(shop, { account: buyer, lines: line, paymentMethod: 'pay_on_delivery' }); // not paid yet
    await createOrder(shop, {
      account: buyer,
      lines: line,
      paymentMethod: 'bank_transfer',
      steps: [{ status: 'placed' }, { status: 'cancelled' }],
    });
    const totals = await shop.services.adminUsers.list(
      { user: { ...staffUser, emailVerified: true } as SessionUser },
      { q: buyer.email },
    );
    expect(totals.items).toHaveLength(1);
    expect(totals.items[0]).toMatchObject({ orders: 3, spentKobo: paid.order.totalKobo });

    const detail = await staff.get(`/admin/users/${buyer.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`/admin/orders/${paid.trackingNumber}`);
    expect(detail.body).toContain('Orders (3)');
  });

  it('counts customers, active, suspended and new ones on the summary cards', async () => {
    const before = (await staff.get('/admin/users')).body;
    const count = (html: string, label: string) => {
      const m = html.match(new RegExp(`${label}</span><span[^>]*>([\\d,]+)</span>`));
      return Number((m?.[1] ?? 'NaN').replace(/,/g, ''));
    };
    await createUser(shop.database.db);
    await createUser(shop.database.db, { isActive: false });
    const after = (await staff.get('/admin/users?period=today')).body;
    expect(count(after, 'Customers')).toBe(count(before, 'Customers') + 2);
    expect(count(after, 'Active customers')).toBe(count(before, 'Active customers') + 1);
    expect(count(after, 'Suspended accounts')).toBe(count(before, 'Suspended accounts') + 1);
    expect(count(after, 'New today')).toBeGreaterThanOrEqual(2);
  });
});

describe('suspending and reactivating', () => {
  it('ends every session at once, refuses sign-in with the store’s address, and lets them back after reactivation', async () => {
    const customer = await createUser(shop.database.db, { name: 'Bola Suspended' });
    const phone = await signedInClient(shop, customer.email);
    const laptop = await signedInClient(shop, customer.email);
    expect((await phone.get('/dashboard')).statusCode).toBe(200);
    expect(await sessionsOf(customer.id)).toBe(2);

    // The confirmation step is on the page (a disclosure that works without JavaScript).
    const page = await staff.get(`/admin/users/${customer.id}`);
    expect(page.body).toContain('Suspend this account');
    const res = await staff.post(`/admin/users/${customer.id}`, {
      intent: 'suspend',
      reason: 'Chargeback fraud',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    expect(res.headers.location).toBe(`/admin/users/${customer.id}`);
    expect(await sessionsOf(customer.id)).toBe(0);
    for (const client of [phone, laptop]) {
      const next = await client.get('/dashboard');
      expect(next.statusCode).toBe(302);
      expect(next.headers.location).toMatch(/^\/auth/);
    }
    const storeEmail = (await shop.services.content.getStoreInfo()).email;
    const refused = await new TestClient(shop.app).post('/auth', {
      intent: 'signin',
      email: customer.email,
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(`This account is suspended. Contact ${storeEmail}`);

    const shown = await staff.get(`/admin/users/${customer.id}`); // the toast, once
    expect(shown.body).toMatch(/>Suspended<\/span>\s*<\/header>/);
    expect(shown.body).toContain('Account suspended.');
    expect(shown.body).toContain('Chargeback fraud');

    const again = await staff.post(`/admin/users/${customer.id}`, { intent: 'suspend' });
    expect(again.statusCode).toBe(409);

    const back = await staff.post(`/admin/users/${customer.id}`, { intent: 'reactivate' });
    expect(back.statusCode).toBe(302);
    expect((await signedInClient(shop, customer.email)).session).toBeTruthy();

    const events = await auditOf(customer.id);
    expect(events.map((e) => e.action)).toEqual(['user.suspended', 'user.reactivated']);
    expect(events[0]).toMatchObject({
      actor_user_id: staffUser.id,
      details: {
        before: { isActive: true },
        after: { isActive: false },
        reason: 'Chargeback fraud',
        sessionsEnded: 2,
      },
    });
    expect(events[1]!.details).toMatchObject({ before: { isActive: false }, after: { isActive: true } });
  });

  it('refuses to suspend yourself, and leaves staff and admin accounts to admins', async () => {
    const self = await admin.post(`/admin/users/${adminUser.id}`, { intent: 'suspend' });
    expect(self.statusCode).toBe(403);
    expect(self.body).toContain('You cannot suspend your own account.');

    const otherStaff = await createUser(shop.database.db, { role: 'staff' });
    const byStaff = await staff.post(`/admin/users/${otherStaff.id}`, { intent: 'suspend' });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.body).toContain('Only an admin can suspend a staff or admin account.');
    const byAdmin = await admin.post(`/admin/users/${otherStaff.id}`, { intent: 'suspend' });
    expect(byAdmin.statusCode).toBe(302);

    const [row] = await shop.database.db.select().from(users).where(sql`${users.id} = ${adminUser.id}`);
    expect(row!.isActive).toBe(true);
  });
});

describe('roles', () => {
  it('are an admin’s to change: staff get 403 and nothing changes', async () => {
    const customer = await createUser(shop.database.db);
    const byStaff = await staff.post(`/admin/users/${customer.id}`, { intent: 'role', role: 'admin' });
    expect(byStaff.statusCode).toBe(403);
    expect(await auditOf(customer.id)).toEqual([]);
    // Staff are not offered the control.
    expect((await staff.get(`/admin/users/${customer.id}`)).body).not.toContain('Change role');

    const signedIn = await signedInClient(shop, customer.email);
    const byAdmin = await admin.post(`/admin/users/${customer.id}`, { intent: 'role', role: 'staff' });
    expect(byAdmin.statusCode).toBe(302);
    expect(byAdmin.headers.location).toBe(`/admin/users/${customer.id}`);
    const [row] = await shop.database.db.select().from(users).where(sql`${users.id} = ${customer.id}`);
    expect(row!.role).toBe('staff');
    // The new role starts with a fresh sign-in.
    expect((await signedIn.get('/dashboard')).statusCode).toBe(302);
    const [event] = await auditOf(customer.id);
    expect(event).toMatchObject({
      action: 'user.role_changed',
      actor_user_id: adminUser.id,
      details: { before: { role: 'customer' }, after: { role: 'staff' } },
    });
  });

  it('refuses to change your own role', async () => {
    const res = await admin.post(`/admin/users/${adminUser.id}`, { intent: 'role', role: 'customer' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('You cannot change your own role.');
  });
});

describe('emailing a customer', () => {
  it('queues the message in the outbox and records it', async () => {
    const customer = await createUser(shop.database.db, { name: 'Amaka Okafor' });
    const empty = await staff.post(`/admin/users/${customer.id}`, {
      intent: 'email',
      subject: '',
      message: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write a subject.');

    const res = await staff.post(`/admin/users/${customer.id}`, {
      intent: 'email',
      subject: 'Your wig is back in stock',
      message: 'Hello Amaka,\n\nThe 22-inch bone straight is back. <b>Reply</b> to reserve one.',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    const [queued] = await queryRows<{
      template: string;
      subject: string;
      html_body: string;
      text_body: string;
    }>(
      shop.database.db,
      sql`SELECT template, subject, html_body, text_body FROM mail_outbox WHERE to_address = ${customer.email}`,
    );
    expect(queued).toMatchObject({ template: 'staff-message', subject: 'Your wig is back in stock' });
    expect(queued!.text_body).toContain('The 22-inch bone straight is back.');
    expect(queued!.html_body).not.toContain('<b>Reply</b>');
    const [event] = await auditOf(customer.id);
    expect(event).toMatchObject({
      action: 'user.emailed',
      actor_user_id: staffUser.id,
      details: { subject: 'Your wig is back in stock' },
    });
    expect((await staff.get(`/admin/users/${customer.id}`)).body).toContain('Your wig is back in stock');
  });
});

describe('the last admin', () => {
  it('cannot be suspended or demoted, even by an admin acting from a stale session', async () => {
    // Only reachable when the acting admin is no longer an active admin (say, demoted a moment
    // ago): the service still keeps one admin.
    const db = shop.database.db;
    await db.execute(sql`UPDATE users SET is_active = false WHERE role = 'admin' AND id <> ${adminUser.id}`);
    const ghost = { user: { ...staffUser, role: 'admin', emailVerified: true } as SessionUser };
    await expect(shop.services.adminUsers.suspend(ghost, adminUser.id, {})).rejects.toThrow(/last admin/);
    await expect(shop.services.adminUsers.changeRole(ghost, adminUser.id, { role: 'staff' })).rejects.toThrow(
      /last admin/,
    );
    const second = await createUser(db, { role: 'admin' });
    await shop.services.adminUsers.changeRole(ghost, second.id, { role: 'staff' });
  });
});
