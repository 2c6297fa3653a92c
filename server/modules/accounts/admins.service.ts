// Admin accounts from the command line and the environment (admin:create, ADMIN_EMAIL), and the
// small questions other modules ask about an account (its role; whether any admin exists).
import { toRole, type UserRole } from '#core/account.ts';
import { EmailField, NewPasswordField } from '#core/contract/account.ts';
import { hashPassword, verifyPassword } from '#server/platform/auth/password.ts';
import { parseInput } from '#server/platform/validation.ts';
import { checkNewPassword } from './accounts.policy.ts';
import {
  adminExists,
  deleteDemoAdmin,
  deleteSessionsOf,
  findDemoAdmin,
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

    /**
     * Makes the demo admin (ADR 062): an admin marked as the one demo mode made, with a confirmed
     * address. 'taken': another account has that address, and it is left as it is (never promoted
     * or marked); 'exists': a demo admin is already there.
     */
    async createDemoAdmin(input: {
      email: string;
      password: string;
      name: string;
    }): Promise<'created' | 'exists' | 'taken'> {
      if (await findDemoAdmin(db)) return 'exists';
      const passwordHash = await hashPassword(input.password);
      const created = await insertUser(db, {
        email: input.email,
        name: input.name,
        passwordHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
        demoAdmin: true,
      }).catch(async (error: unknown) => {
        // Another process made it at the same moment (one demo admin at most: a unique index).
        if (await findDemoAdmin(db)) return 'exists' as const;
        throw error;
      });
      if (created === 'exists') return 'exists';
      return created ? 'created' : 'taken';
    },

    /**
     * Whether the demo admin exists, and (given a password) whether that password signs it in
     * (the demo banner's credentials).
     */
    async demoAdmin(password?: string): Promise<{ exists: boolean; passwordWorks: boolean }> {
      const user = await findDemoAdmin(db);
      if (!user) return { exists: false, passwordWorks: false };
      const works =
        password !== undefined && user.isActive && (await verifyPassword(user.passwordHash, password));
      return { exists: true, passwordWorks: works };
    },

    /** Deletes the demo admin's account (the marked one only); its sessions end with it. */
    removeDemoAdmin(): Promise<boolean> {
      return deleteDemoAdmin(db);
    },
  };
}
