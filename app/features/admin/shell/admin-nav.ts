// The admin sidebar's sections, in the spec's order (Dashboard … Banners), then the shop's own
// pages. Each names the permission it needs (core/permissions.ts): the sidebar hides what the
// role cannot use, and the page checks the same permission on the server.
import {
  ClipboardList,
  Image,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MailX,
  MessageSquareWarning,
  Package,
  Rocket,
  ScrollText,
  Settings,
  ShieldCheck,
  Star,
  TicketPercent,
  UserCog,
  Users,
} from 'lucide-react';
import type { UserRole } from '#core/account.ts';
import { can, type Permission } from '#core/permissions.ts';

export interface AdminSection {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Null: every staff member and admin. */
  permission: Permission | null;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, permission: 'dashboard.view' },
  { to: '/admin/orders', label: 'Orders', icon: ClipboardList, permission: 'orders.view' },
  {
    to: '/admin/products',
    label: 'Products',
    icon: Package,
    permission: 'products.view',
  },
  {
    to: '/admin/discounts',
    label: 'Discounts',
    icon: TicketPercent,
    permission: 'discounts.manage',
  },
  { to: '/admin/users', label: 'Users', icon: Users, permission: 'customers.view' },
  { to: '/admin/reviews', label: 'Reviews', icon: Star, permission: 'reviews.moderate' },
  { to: '/admin/newsletter', label: 'Newsletter', icon: Mail, permission: 'newsletter.view' },
  {
    to: '/admin/complaints',
    label: 'Complaints',
    icon: MessageSquareWarning,
    permission: 'complaints.handle',
  },
  {
    to: '/admin/banners',
    label: 'Banners',
    icon: Image,
    permission: 'banners.manage',
  },
];

export const SHOP_SECTIONS: readonly AdminSection[] = [
  // Admins only, as the settings it points to (ADR 071).
  { to: '/admin/launch', label: 'Launch checklist', icon: Rocket, permission: 'settings.manage' },
  {
    to: '/admin/settings',
    label: 'Settings',
    icon: Settings,
    permission: 'settings.manage',
  },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText, permission: 'audit.view' },
  { to: '/admin/mailbox', label: 'Mailbox', icon: Inbox, permission: 'mailbox.view' },
  { to: '/admin/mail', label: 'Mail queue', icon: MailX, permission: 'mail.outbox' },
  { to: '/admin/staff', label: 'Staff', icon: UserCog, permission: null },
  { to: '/admin/two-factor', label: 'Two-factor', icon: ShieldCheck, permission: null },
];

/** The sections a role may open, in sidebar order. */
export function sectionsFor(role: UserRole, options: { secondFactorExempt: boolean }) {
  const visible = (s: AdminSection) =>
    (s.permission === null || can(role, s.permission)) &&
    !(options.secondFactorExempt && s.to === '/admin/two-factor');
  return { main: ADMIN_SECTIONS.filter(visible), shop: SHOP_SECTIONS.filter(visible) };
}
