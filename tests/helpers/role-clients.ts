// One browser per kind of visitor, for tests of who may open what: a stranger, a signed-in
// customer, and a staff member and an admin who have signed in with their second factor (ADR 019).
import { expect } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from './client.ts';
import type { TestShop } from './test-app.ts';
import { signInAndEnrol } from './two-factor.ts';

export type Visitor = 'anonymous' | 'customer' | 'staff' | 'admin';

export async function clientPerRole(
  shop: TestShop,
  namePrefix = 'The',
): Promise<Record<Visitor, TestClient>> {
  const customer = await createUser(shop.database.db, { name: `${namePrefix} customer` });
  const customerClient = new TestClient(shop.app);
  const res = await customerClient.post('/auth', {
    intent: 'signin',
    email: customer.email,
    password: TEST_PASSWORD,
  });
  expect(res.statusCode).toBe(302);
  const staffClients = {} as Record<'staff' | 'admin', TestClient>;
  for (const role of ['staff', 'admin'] as const) {
    const user = await createUser(shop.database.db, { role, name: `${namePrefix} ${role}` });
    staffClients[role] = (await signInAndEnrol(shop.app, user)).client;
  }
  return { anonymous: new TestClient(shop.app), customer: customerClient, ...staffClients };
}
