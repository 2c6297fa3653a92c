// Who may do what in the admin portal: the one permission table (docs/security.md shows it).
// Staff run the day: orders, customers' questions, reviews. Only admins change roles, settings,
// discounts, staff accounts, and delete anything. Pages, actions and /api/v1/admin/* routes all
// ask `can(role, permission)` on the server (app/lib/auth.server.ts requirePermission,
// server/http/guards.ts requirePermission); the sidebar asks it only to hide what would refuse.
import type { UserRole } from './account.ts';

export const PERMISSIONS = {
  'dashboard.view': { staff: true, summary: 'See the dashboard: sales, orders, customers, stock' },
  'orders.view': { staff: true, summary: 'Find and read orders, export them as CSV' },
  'orders.update': {
    staff: true,
    summary: 'Move an order along its statuses, add notes, confirm offline payments, cancel, resend mail',
  },
  'orders.refund': {
    staff: false,
    summary: 'Refund an order (card, transfer), approve or reject a refund request',
  },
  'orders.refund-request': { staff: true, summary: 'Ask for a refund of an order, for an admin to approve' },
  'orders.correct': { staff: false, summary: 'Set a status outside the allowed transitions, with a reason' },
  'customers.view': { staff: true, summary: 'Find customers and read their orders and activity' },
  'customers.email': { staff: true, summary: 'Send a customer an email' },
  'customers.suspend': { staff: true, summary: 'Suspend and reactivate a customer account' },
  'customers.credit': {
    staff: false,
    summary: 'Add store credit to a customer’s account or take it back, with a reason',
  },
  'users.change-role': { staff: false, summary: 'Change anyone’s role (customer, staff, admin)' },
  'staff.manage': { staff: false, summary: 'Manage staff accounts and reset their second factor' },
  'reviews.moderate': { staff: true, summary: 'Approve, hide and answer reviews' },
  'complaints.handle': { staff: true, summary: 'Answer and close complaints' },
  'products.view': { staff: true, summary: 'See products and stock' },
  'products.edit': { staff: false, summary: 'Create and edit products, prices and stock' },
  'discounts.manage': { staff: false, summary: 'Create, change and end discount codes' },
  'banners.manage': { staff: false, summary: 'Change the home page banners' },
  'settings.manage': { staff: false, summary: 'Change the shop’s settings, currencies and delivery rates' },
  'audit.view': { staff: true, summary: 'Read the audit log' },
  'newsletter.view': {
    staff: true,
    summary: 'See newsletter subscribers and campaigns, export the subscribers as CSV',
  },
  'newsletter.send': {
    staff: false,
    summary: 'Write newsletter campaigns, send a test, send to all subscribers',
  },
  'mailbox.view': { staff: true, summary: 'Read the local mailbox (development and demo shops)' },
  'mail.outbox': { staff: true, summary: 'See mail that is waiting or failed, and send failed mail again' },
  'delete.any': { staff: false, summary: 'Delete anything that can be deleted' },
} as const satisfies Record<string, { staff: boolean; summary: string }>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a role holds a permission: admins hold all, staff those marked, customers none. */
export function can(role: UserRole, permission: Permission): boolean {
  if (role === 'admin') return true;
  if (role === 'staff') return PERMISSIONS[permission].staff;
  return false;
}
