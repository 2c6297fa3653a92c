// One browser per kind of visitor, for tests of who may open what: a stranger, a signed-in
// customer, a customer suspended after signing in (whatever session they still hold must open
// nothing it should not), and a staff member and an admin who have signed in with their second
// factor (ADR 019).
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from './client.ts';
import type { TestShop } from './test-app.ts';
import { signInAndEnrol } from './two-factor.ts';

export type Visitor = 'anonymous' | 'customer' | 'suspended' | 'staff' | 'admin';
export type TestUser = Awaited<ReturnType<typeof createUser>>;

export interface RoleVisitors {
  clients: Record<Visitor, TestClient>;
  /** The account behind each signed-in client. */
  users: Record<Exclude<Visitor, 'anonymous'>, TestUser>;
}

/** A browser signed in to `email`'s (customer) account with the test password. */
export async function signedInClient(shop: TestShop, email: string): Promise<TestClient> {
  const client = new TestClient(shop.app);
  const res = await client.post('/auth', { intent: 'signin', email, password: TEST_PASSWORD });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
  return client;
}

/** The visitors and their accounts, named `${namePrefix} customer`, `${namePrefix} staff`, … */
export async function visitorsPerRole(shop: TestShop, namePrefix = 'The'): Promise<RoleVisitors> {
  const db = shop.database.db;
  const users = {} as RoleVisitors['users'];
  const clients = { anonymous: new TestClient(shop.app) } as RoleVisitors['clients'];
  for (const who of ['customer', 'suspended'] as const) {
    users[who] = await createUser(db, { name: `${namePrefix} ${who}` });
    clients[who] = await signedInClient(shop, users[who].email);
  }
  // Suspended after signing in, behind the services' back: the session cookie stays in the browser.
  await db.execute(sql`UPDATE users SET is_active = false WHERE id = ${users.suspended.id}`);
  users.suspended.isActive = false;
  for (const role of ['staff', 'admin'] as const) {
    users[role] = await createUser(db, { role, name: `${namePrefix} ${role}` });
    clients[role] = (await signInAndEnrol(shop.app, users[role])).client;
  }
  return { clients, users };
}

/** One browser per kind of visitor (see visitorsPerRole for their accounts too). */
export async function clientPerRole(
  shop: TestShop,
  namePrefix = 'The',
): Promise<Record<Visitor, TestClient>> {
  return (await visitorsPerRole(shop, namePrefix)).clients;
}
