// Admin accounts from the command line and the environment (admin:create, ADMIN_EMAIL), and the
// small questions other modules ask about an account (its role; whether any admin exists).
import { toRole, type UserRole } from '#core/account.ts';
import { EmailField, NewPasswordField } from '#core/contract/account.ts';
import { hashPassword } from '#server/platform/auth/password.ts';
import { parseInput } from '#server/platform/validation.ts';
import { checkNewPassword } from './accounts.policy.ts';
import {
  adminExists,
  deleteSessionsOf,
  deleteUserByEmail,
  findUserByEmail,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  updateUser,
} from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';

export function createAdminsService(deps: Pick<AccountsDeps, 'db'>) {
  const { db } = deps;

  async function createAdmin(input: {
    email: string;
    password: string;
    name?: string;
  }): Promise<'created' | 'promoted'> {
    const email = parseInput(EmailField, input.email);
    const password = parseInput(NewPasswordField, input.password);
    await checkNewPassword(password, { email }, 'password');
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email,
        name: input.name?.trim() || 'Shop Admin',
        passwordHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      if (created) return 'created';
      const existing = (await findUserByEmail(tx, email))!;
      await updateUser(tx, existing.id, { role: 'admin', isActive: true });
      await setPasswordHash(tx, existing.id, passwordHash);
      await markEmailVerified(tx, existing.id);
      await deleteSessionsOf(tx, existing.id);
      return 'promoted';
    });
  }

  return {
    /**
     * Creates an admin, or makes an existing account an admin with this password (the command
     * line's `admin:create`). The email counts as confirmed.
     */
    createAdmin,

    /**
     * ADMIN_EMAIL / ADMIN_PASSWORD at start: creates that admin when the address has no account
     * yet. An existing account is left as it is (its password is not reset at every start).
     */
    async ensureAdmin(input: { email: string; password: string }): Promise<'created' | 'exists'> {
      if (await findUserByEmail(db, input.email.trim().toLowerCase())) return 'exists';
      await createAdmin(input);
      return 'created';
    },

    async hasAdmin(): Promise<boolean> {
      return adminExists(db);
    },

    /** The role of the account with this address, or null when it has none (read per request). */
    async roleOf(email: string): Promise<UserRole | null> {
      const user = await findUserByEmail(db, email.trim().toLowerCase());
      return user ? toRole(user.role) : null;
    },

    /** Deletes an account by address (the demo admin, when demo mode ends); its sessions end with it. */
    async removeAccount(email: string): Promise<boolean> {
      return deleteUserByEmail(db, email.trim().toLowerCase());
    },
  };
}
