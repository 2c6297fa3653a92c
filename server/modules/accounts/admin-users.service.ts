// The admin portal's users (/admin/users): find accounts, read one with its orders and activity,
// suspend and reactivate, change a role, write to a customer. Every change checks the permission
// table again (core/permissions.ts), runs in one transaction with its audit record, and keeps the
// shop from losing its last admin. Order figures come from the orders module's port.
import { toRole, type UserRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';
import {
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersPage,
  AdminUsersQuery,
  ChangeRoleInput,
  EmailUserInput,
  SuspendUserInput,
  USERS_PAGE_SIZE,
  type UserPeriod,
} from '#core/contract/admin-users.ts';
import type { OrderSummary } from '#core/contract/orders.ts';
import { isRowId } from '#core/ids.ts';
import { normalizeNigerianPhone } from '#core/nigeria.ts';
import { can } from '#core/permissions.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { staffMessageMail } from '#server/modules/mail/admin-user-templates.tsx';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { CustomerTotalsPort } from '#server/modules/orders/orders.ports.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import { toSessionUser } from './accounts.policy.ts';
import { deleteSessionsOf, findUserById, type UserRow, updateUser } from './accounts.repository.ts';
import { listUsersPage, lockActiveAdmins, lockUser, userSummary } from './admin-users.repository.ts';

/** Lagos keeps West Africa Time all year (UTC+1, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant the period began, on Lagos's calendar: midnight, Monday, the 1st, 1 January. */
export function periodStart(period: UserPeriod, now = new Date()): Date {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const y = lagos.getUTCFullYear();
  const m = lagos.getUTCMonth();
  const d = lagos.getUTCDate();
  let start: number;
  if (period === 'year') start = Date.UTC(y, 0, 1);
  else if (period === 'month') start = Date.UTC(y, m, 1);
  else if (period === 'week') start = Date.UTC(y, m, d) - ((lagos.getUTCDay() + 6) % 7) * DAY_MS;
  else start = Date.UTC(y, m, d);
  return new Date(start - LAGOS_OFFSET_MS);
}

/** Lagos midnight at the start of a calendar date ("2026-01-31"). */
function lagosMidnight(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - LAGOS_OFFSET_MS);
}

export type Actor = StaffActor;

export function createAdminUsersService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  mail: MailService;
  /** Orders and spend per account (the orders module's port). */
  customerTotals: CustomerTotalsPort;
  /** Reviews written per account, in any state (the reviews module's port). */
  reviewsPerAccount: (userIds: number[]) => Promise<Map<number, number>>;
  /** Support tickets ("complaints") per account, in any state (the support module's port). */
  complaintsPerAccount: (userIds: number[]) => Promise<Map<number, number>>;
  /** An account's orders, newest first (the orders module's own list). */
  ordersOf: (user: SessionUser) => Promise<OrderSummary[]>;
  supportEmail: () => Promise<string>;
}) {
  const { db, audit, mail } = deps;

  /** One audit record inside the change's transaction; before/after values in details. */
  async function record(
    tx: Queryable,
    actor: Actor,
    action: string,
    target: UserRow,
    details: Record<string, unknown>,
  ): Promise<void> {
    await audit.record(tx, {
      actorUserId: actor.user.id,
      ip: actor.ip ?? null,
      action,
      subjectType: 'user',
      subjectId: target.id,
      details: { email: target.email, ...details },
    });
  }

  /** Staff may act on customers; a staff or admin account is an admin's to change. */
  function mayTouch(actor: Actor, target: UserRow, verb: string): void {
    if (target.id === actor.user.id) throw new ForbiddenError(`You cannot ${verb} your own account.`);
    if (toRole(target.role) !== 'customer' && !can(actor.user.role, 'staff.manage')) {
      throw new ForbiddenError(`Only an admin can ${verb} a staff or admin account.`);
    }
  }

  async function lockTarget(tx: Queryable, id: number): Promise<{ target: UserRow; activeAdmins: number[] }> {
    // Admins first, in id order, then the target: every change takes its locks in the same order.
    const activeAdmins = await lockActiveAdmins(tx);
    const target = await lockUser(tx, id);
    if (!target) throw new NotFoundError('There is no account with that id.');
    return { target, activeAdmins };
  }

  function isLastAdmin(target: UserRow, activeAdmins: number[]): boolean {
    return target.role === 'admin' && target.isActive && activeAdmins.length <= 1;
  }

  function toRow(
    user: UserRow,
    totals: { orders: number; spentKobo: number } | undefined,
    reviews: number | undefined,
    complaints: number | undefined,
  ): AdminUserRow {
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: toRole(user.role),
      active: user.isActive,
      orders: totals?.orders ?? 0,
      spentKobo: totals?.spentKobo ?? 0,
      reviews: reviews ?? 0,
      complaints: complaints ?? 0,
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      joinedAt: user.createdAt.toISOString(),
    };
  }

  return {
    /** The list page: summary cards, one page of accounts with their order figures. */
    async list(actor: Actor, query: unknown): Promise<AdminUsersPage & { query: AdminUsersQuery }> {
      assertCan(actor, 'customers.view', 'You cannot see customers.');
      const filter = parseInput(AdminUsersQuery, query);
      const period = filter.period ?? 'month';
      const offset = (filter.page - 1) * USERS_PAGE_SIZE;
      const joinedBefore = filter.joinedTo
        ? new Date(lagosMidnight(filter.joinedTo).getTime() + DAY_MS)
        : undefined;
      const since = periodStart(period);
      const [summary, page] = await Promise.all([
        userSummary(db, since),
        listUsersPage(db, {
          text: filter.q,
          phone: filter.q ? (normalizeNigerianPhone(filter.q) ?? undefined) : undefined,
          state: filter.state,
          role: filter.role,
          joinedFrom: filter.joinedFrom ? lagosMidnight(filter.joinedFrom) : undefined,
          joinedBefore,
          sort: filter.sort ?? 'newest',
          limit: USERS_PAGE_SIZE,
          offset,
        }),
      ]);
      const ids = page.rows.map((u) => u.id);
      const [totals, reviews, complaints] = await Promise.all([
        deps.customerTotals(ids),
        deps.reviewsPerAccount(ids),
        deps.complaintsPerAccount(ids),
      ]);
      return {
        query: filter,
        summary: {
          customers: summary.customers,
          active: summary.active,
          suspended: summary.suspended,
          newThisPeriod: summary.newSince,
          period,
          since: new Date(since.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10),
        },
        items: page.rows.map((u) => toRow(u, totals.get(u.id), reviews.get(u.id), complaints.get(u.id))),
        total: page.total,
        page: filter.page,
        pageSize: USERS_PAGE_SIZE,
      };
    },

    /** One account: profile and orders (its audit trail is the audit module's to read). */
    async detail(actor: Actor, id: number): Promise<{ user: AdminUserDetail; orders: OrderSummary[] }> {
      assertCan(actor, 'customers.view', 'You cannot see customers.');
      const user = isRowId(id) ? await findUserById(db, id) : null;
      if (!user) throw new NotFoundError('There is no account with that id.');
      const [totals, reviews, complaints, orders] = await Promise.all([
        deps.customerTotals([user.id]),
        deps.reviewsPerAccount([user.id]),
        deps.complaintsPerAccount([user.id]),
        deps.ordersOf(toSessionUser(user)),
      ]);
      return {
        user: {
          ...toRow(user, totals.get(user.id), reviews.get(user.id), complaints.get(user.id)),
          emailVerified: user.emailVerifiedAt !== null,
          dateOfBirth: user.dateOfBirth,
          address: {
            street: user.addressStreet,
            city: user.addressCity,
            state: user.addressState,
            landmark: user.addressLandmark,
          },
          notifyOrderUpdates: user.notifyOrderUpdates,
          notifyPromotions: user.notifyPromotions,
        },
        orders,
      };
    },

    /**
     * Suspends ("bans") an account: it cannot sign in, and every session it has ends now (the
     * session lookup also refuses a suspended account's session).
     */
    async suspend(actor: Actor, id: number, input: unknown): Promise<{ sessionsEnded: number }> {
      assertCan(actor, 'customers.suspend', 'You cannot suspend accounts.');
      const { reason } = parseInput(SuspendUserInput, input);
      return db.transaction(async (tx) => {
        const { target, activeAdmins } = await lockTarget(tx, id);
        mayTouch(actor, target, 'suspend');
        if (!target.isActive) throw new ConflictError('This account is already suspended.');
        if (isLastAdmin(target, activeAdmins)) {
          throw new ForbiddenError('This is the shop’s last admin: make another admin first.');
        }
        await updateUser(tx, target.id, { isActive: false });
        const sessionsEnded = await deleteSessionsOf(tx, target.id);
        await record(tx, actor, 'user.suspended', target, {
          before: { isActive: true },
          after: { isActive: false },
          reason: reason ?? null,
          sessionsEnded,
        });
        return { sessionsEnded };
      });
    },

    async reactivate(actor: Actor, id: number): Promise<void> {
      assertCan(actor, 'customers.suspend', 'You cannot reactivate accounts.');
      await db.transaction(async (tx) => {
        const { target } = await lockTarget(tx, id);
        mayTouch(actor, target, 'reactivate');
        if (target.isActive) throw new ConflictError('This account is already active.');
        await updateUser(tx, target.id, { isActive: true });
        await record(tx, actor, 'user.reactivated', target, {
          before: { isActive: false },
          after: { isActive: true },
        });
      });
    },

    /**
     * Changes an account's role (admins only). Its sessions end, so the new role starts with a
     * fresh sign-in (a new staff member enrols their second factor then).
     */
    async changeRole(actor: Actor, id: number, input: unknown): Promise<{ from: UserRole; to: UserRole }> {
      assertCan(actor, 'users.change-role', 'Only an admin can change roles.');
      const { role } = parseInput(ChangeRoleInput, input);
      return db.transaction(async (tx) => {
        const { target, activeAdmins } = await lockTarget(tx, id);
        if (target.id === actor.user.id) throw new ForbiddenError('You cannot change your own role.');
        const from = toRole(target.role);
        if (from === role)
          throw new ConflictError(`This account is already ${role === 'admin' ? 'an' : 'a'} ${role}.`);
        if (from === 'admin' && isLastAdmin(target, activeAdmins)) {
          throw new ForbiddenError('This is the shop’s last admin: make another admin first.');
        }
        await updateUser(tx, target.id, { role });
        const sessionsEnded = await deleteSessionsOf(tx, target.id);
        await record(tx, actor, 'user.role_changed', target, {
          before: { role: from },
          after: { role },
          sessionsEnded,
        });
        return { from, to: role };
      });
    },

    /** Writes to the account's address through the outbox; the message is kept in the record. */
    async sendEmail(actor: Actor, id: number, input: unknown): Promise<{ to: string }> {
      assertCan(actor, 'customers.email', 'You cannot email customers.');
      const form = parseInput(EmailUserInput, input);
      const supportEmail = await deps.supportEmail();
      return db.transaction(async (tx) => {
        const target = await findUserById(tx, id);
        if (!target) throw new NotFoundError('There is no account with that id.');
        const message = staffMessageMail({
          to: target.email,
          name: target.name,
          subject: form.subject,
          message: form.message,
          supportEmail,
        });
        await mail.enqueue(tx, message);
        await record(tx, actor, 'user.emailed', target, { subject: message.subject, message: form.message });
        return { to: target.email };
      });
    },
  };
}
