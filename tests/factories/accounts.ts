// Accounts for tests: unique emails by default, a known password, verified unless told otherwise.
import { randomBytes } from 'node:crypto';
import type { UserRole } from '#core/account.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { hashPassword } from '#server/platform/auth/password.ts';

export const TEST_PASSWORD = 'plantain chips at noon';

let sequence = 0;

/**
 * One real argon2id hash per password per test file (ADR 072): hashing is slow on purpose, and a
 * factory account needs a hash the shop verifies, not a salt of its own. Sign-ins still verify.
 */
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createUser(
  db: Queryable,
  overrides: {
    email?: string;
    name?: string;
    password?: string;
    role?: UserRole;
    verified?: boolean;
    isActive?: boolean;
  } = {},
) {
  sequence += 1;
  const email = overrides.email ?? `shopper${sequence}-${randomBytes(3).toString('hex')}@example.ng`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: overrides.name ?? `Ada Shopper ${sequence}`,
      passwordHash: await hashOf(overrides.password ?? TEST_PASSWORD),
      role: overrides.role ?? 'customer',
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
      isActive: overrides.isActive ?? true,
    })
    .returning();
  // The role as the type the services take (it is what was just written).
  return { ...user!, role: user!.role as UserRole, password: overrides.password ?? TEST_PASSWORD };
}
