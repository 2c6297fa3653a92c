// The admin portal's users screens (/admin/users, /admin/users/:id): the list's filter as the URL
// carries it, the forms staff send (suspend, reactivate, email, role) and what the pages show.
// Browser code imports only types from here (ADR 009).
import { z } from 'zod';
import { USER_ROLES } from '../account.ts';

export const USER_STATES = ['active', 'suspended'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_SORTS = ['newest', 'oldest', 'name', 'last-sign-in'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** The dashboard's periods (Lagos time): "new this period" on the summary cards. */
export const USER_PERIODS = ['today', 'week', 'month', 'year'] as const;
export type UserPeriod = (typeof USER_PERIODS)[number];
export const USERS_PAGE_SIZE = 25;

/** An empty form field means "any": the filter form sends every field. */
const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const isoDate = z.iso.date({ error: 'Use a date like 2026-01-31.' });

/** The list's filter, from the query string (bookmarkable; unknown values fall back to "any"). */
export const AdminUsersQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()).catch(undefined),
  state: z.preprocess(blankIsAbsent, z.enum(USER_STATES).optional()).catch(undefined),
  role: z.preprocess(blankIsAbsent, z.enum(USER_ROLES).optional()).catch(undefined),
  joinedFrom: z.preprocess(blankIsAbsent, isoDate.optional()).catch(undefined),
  joinedTo: z.preprocess(blankIsAbsent, isoDate.optional()).catch(undefined),
  sort: z.preprocess(blankIsAbsent, z.enum(USER_SORTS).optional()).catch(undefined),
  period: z.preprocess(blankIsAbsent, z.enum(USER_PERIODS).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const SuspendUserInput = z.object({
  reason: z.preprocess(
    blankIsAbsent,
    z.string().trim().max(500, 'Keep the reason under 500 characters.').optional(),
  ),
});
export type SuspendUserInput = z.infer<typeof SuspendUserInput>;

export const ChangeRoleInput = z.object({
  role: z.enum(USER_ROLES, { error: 'Choose a role.' }),
});
export type ChangeRoleInput = z.infer<typeof ChangeRoleInput>;

export const EmailUserInput = z.object({
  subject: z
    .string({ error: 'Write a subject.' })
    .trim()
    .min(1, 'Write a subject.')
    .max(150, 'Keep the subject under 150 characters.'),
  message: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(5000, 'Keep the message under 5,000 characters.'),
});
export type EmailUserInput = z.infer<typeof EmailUserInput>;

/** One row of the list. */
export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: (typeof USER_ROLES)[number];
  active: boolean;
  /** Orders placed while signed in to this account (any status). */
  orders: number;
  /** Paid orders' totals, cancelled ones excluded (kobo). */
  spentKobo: number;
  /** Reviews the account has written, pending or approved. */
  reviews: number;
  /** Support tickets ("complaints") the account has raised or that joined it, any status. */
  complaints: number;
  lastSignInAt: string | null;
  joinedAt: string;
}

export interface AdminUsersSummary {
  customers: number;
  active: number;
  suspended: number;
  /** Customers who joined since the start of the period (Lagos time). */
  newThisPeriod: number;
  period: UserPeriod;
  /** The period's first day on Lagos's calendar (YYYY-MM-DD): the "new" card's filter. */
  since: string;
}

export interface AdminUsersPage {
  summary: AdminUsersSummary;
  items: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminUserDetail extends AdminUserRow {
  emailVerified: boolean;
  dateOfBirth: string | null;
  address: { street: string | null; city: string | null; state: string | null; landmark: string | null };
  notifyOrderUpdates: boolean;
  notifyPromotions: boolean;
}
