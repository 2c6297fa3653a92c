// Two-factor sign-in as the admins see it (ADR 019): the staff list with who has enrolled, an
// admin's reset of another member's factor (a lost phone: audited, sessions ended, emailed), and
// the owner's reset from the command line (`npm run admin:create`).
import type { SessionUser } from '#core/contract/account.ts';
import type { StaffMember } from '#core/contract/two-factor.ts';
import { isRowId } from '#core/ids.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { twoFactorResetMail } from '#server/modules/mail/two-factor-templates.tsx';
import type { ClientMeta } from '#server/platform/auth/session.ts';
import { ForbiddenError, NotFoundError } from '#server/platform/errors.ts';
import { deleteSessionsOf, findUserByEmail, findUserById } from './accounts.repository.ts';
import { deleteTwoFactor, listStaffAccounts } from './two-factor.repository.ts';

export function createStaffTwoFactor(deps: {
  db: Db;
  mail: MailService;
  audit: AuditService;
  publicUrl: string;
  supportEmail: () => Promise<string>;
  demoMode?: () => Promise<boolean>;
  now: () => number;
}) {
  const { db, mail, audit, publicUrl, now } = deps;

  return {
    /** Staff and admin accounts, with whether each has enrolled. */
    async listStaff(): Promise<StaffMember[]> {
      const [rows, demoMode] = await Promise.all([listStaffAccounts(db), deps.demoMode?.() ?? false]);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        role: r.role === 'admin' ? ('admin' as const) : ('staff' as const),
        isActive: r.isActive,
        twoFactorEnrolled: r.twoFactorEnrolledAt !== null,
        exempt: r.demoAdmin && demoMode,
      }));
    },

    /**
     * An admin resets another staff member's second factor (a lost phone): the authenticator and
     * recovery codes are removed, every session of theirs ends, they are emailed, and the reset is
     * recorded in the audit trail. They enrol again at their next sign-in.
     */
    async reset(
      actor: SessionUser,
      targetId: number,
      meta?: Pick<ClientMeta, 'ip'>,
    ): Promise<{ email: string; sessionsEnded: number }> {
      if (actor.role !== 'admin') throw new ForbiddenError('Only an admin can reset two-factor sign-in.');
      if (actor.id === targetId) {
        throw new ForbiddenError(
          'You cannot reset your own two-factor sign-in here. Ask another admin, or use your recovery codes.',
        );
      }
      const supportEmail = await deps.supportEmail();
      return db.transaction(async (tx) => {
        const target = isRowId(targetId) ? await findUserById(tx, targetId) : null;
        if (!target || (target.role !== 'staff' && target.role !== 'admin')) {
          throw new NotFoundError('No staff member with that id.');
        }
        const hadFactor = await deleteTwoFactor(tx, target.id);
        const sessionsEnded = await deleteSessionsOf(tx, target.id);
        await audit.record(tx, {
          actorUserId: actor.id,
          action: 'two_factor.reset',
          subjectType: 'user',
          subjectId: target.id,
          ip: meta?.ip,
          details: { email: target.email, role: target.role, hadFactor, sessionsEnded },
        });
        await mail.enqueue(
          tx,
          twoFactorResetMail({
            to: target.email,
            name: target.name,
            resetBy: `${actor.name} (an admin)`,
            when: new Date(now()),
            signInUrl: `${publicUrl}/admin/sign-in`,
            supportEmail,
          }),
        );
        return { email: target.email, sessionsEnded };
      });
    },

    /**
     * `npm run admin:create` on an existing account (someone with the server's shell, i.e. the
     * owner): a sole admin who lost both phone and recovery codes gets back in and enrols again.
     * Recorded with no actor.
     */
    async resetFromCommandLine(email: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email.trim().toLowerCase());
        if (!user) return false;
        const hadFactor = await deleteTwoFactor(tx, user.id);
        if (!hadFactor) return false;
        const sessionsEnded = await deleteSessionsOf(tx, user.id);
        await audit.record(tx, {
          actorUserId: null,
          action: 'two_factor.reset',
          subjectType: 'user',
          subjectId: user.id,
          details: { email: user.email, role: user.role, hadFactor, sessionsEnded, via: 'admin:create' },
        });
        return true;
      });
    },
  };
}
