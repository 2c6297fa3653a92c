// The admin portal's frame: a header (View Store, who is signed in, Logout) and the sidebar. On a
// phone the sidebar folds behind a Menu button: a <details> disclosure, so it opens without
// JavaScript too; with JavaScript it closes again after each navigation.
import { ExternalLink, LogOut, Menu } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import type { UserRole } from '#core/account.ts';
import { type AdminSection, sectionsFor } from './admin-nav.ts';

export interface AdminShellProps {
  user: { name: string; role: UserRole };
  secondFactorExempt: boolean;
  /** Shown between the header and the page (the demo-shop notice). */
  notice?: ReactNode;
  /** Figures shown beside a section's name, by its path (complaints by status). */
  badges?: Record<string, SectionBadge>;
  children: ReactNode;
}

export interface SectionBadge {
  /** Each shown as a small pill, e.g. "3 new". */
  pills: { text: string; tone: 'warning' | 'info' }[];
  /** Read by screen readers instead of the pills, e.g. "3 pending, 1 in progress, 9 resolved". */
  label: string;
}

const ROLE_LABEL: Record<UserRole, string> = { admin: 'Admin', staff: 'Staff', customer: 'Customer' };

export function AdminShell({ user, secondFactorExempt, notice, badges, children }: AdminShellProps) {
  const sections = sectionsFor(user.role, { secondFactorExempt });
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // After a navigation on a phone the open menu would hide the new page: fold it.
  useEffect(() => {
    if (pathname && menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <div className="min-h-dvh bg-sand/40">
      <header className="sticky top-0 z-20 border-b border-ink/10 bg-plum-900 text-cream">
        <div className="flex h-14 items-center gap-1 whitespace-nowrap px-3 sm:gap-3 sm:px-4">
          {/* The brand gives way (ellipsis) before the header could scroll sideways on a narrow phone. */}
          <Link
            to="/admin/dashboard"
            className="min-w-0 truncate font-display text-base font-semibold sm:text-lg"
          >
            Crown Hair <span className="text-gold-300">Admin</span>
          </Link>
          <span className="ml-auto hidden text-sm text-cream/80 sm:inline">
            {user.name} · {ROLE_LABEL[user.role]}
          </span>
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="ml-auto inline-flex min-h-11 shrink-0 items-center gap-1 rounded px-2 text-sm font-semibold hover:text-gold-300 sm:ml-0"
          >
            View Store <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <Form method="post" action="/auth/sign-out" className="shrink-0">
            <button
              type="submit"
              className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded px-2 text-sm font-semibold hover:text-gold-300"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
            </button>
          </Form>
        </div>
      </header>
      {notice}
      <div className="gap-6 px-3 py-4 sm:px-4 md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:py-6">
        {/* Phone: the sidebar behind a Menu button. */}
        <details ref={menu} className="group mb-4 md:hidden">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold shadow-sm [&::-webkit-details-marker]:hidden">
            <Menu className="h-4 w-4" aria-hidden="true" /> Menu
          </summary>
          <div className="mt-2 rounded-xl bg-white p-2 shadow-sm">
            <p className="px-3 py-2 text-sm text-muted">
              Signed in as <strong className="text-ink">{user.name}</strong> · {ROLE_LABEL[user.role]}
            </p>
            <SectionList label="Admin (menu)" sections={sections} badges={badges} />
          </div>
        </details>
        {/* Laptop: the sidebar. */}
        <div className="hidden md:block">
          <SectionList label="Admin" sections={sections} badges={badges} />
        </div>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

function SectionList({
  label,
  sections,
  badges,
}: {
  label: string;
  sections: { main: readonly AdminSection[]; shop: readonly AdminSection[] };
  badges?: Record<string, SectionBadge>;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-1">
        {sections.main.map((s) => (
          <SectionLink key={s.to} section={s} badge={badges?.[s.to]} />
        ))}
      </ul>
      <ul className="mt-3 flex flex-col gap-1 border-t border-ink/10 pt-3">
        {sections.shop.map((s) => (
          <SectionLink key={s.to} section={s} />
        ))}
      </ul>
    </nav>
  );
}

function SectionLink({
  section: { to, label, icon: Icon },
  badge,
}: {
  section: AdminSection;
  badge?: SectionBadge;
}) {
  const badgeId = useId();
  return (
    <li>
      <NavLink
        to={to}
        // The figures describe the link; its name stays the section's ("Complaints").
        aria-describedby={badge ? badgeId : undefined}
        className={({ isActive }) =>
          `flex min-h-11 w-full items-center gap-2 rounded-lg px-3 py-1 text-sm font-semibold ${
            isActive ? 'bg-plum-800 text-white' : 'hover:bg-plum-50'
          }`
        }
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>{label}</span>
        {badge ? (
          <span
            // The figures wrap under each other rather than spill out of a narrow sidebar.
            className="ml-auto flex min-w-0 flex-wrap justify-end gap-1"
            aria-hidden="true"
          >
            {badge.pills.map((p) => (
              <span
                key={p.text}
                className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium tabular-nums ${p.tone === 'warning' ? 'bg-gold-300 text-ink' : 'bg-plum-50 text-plum-900'}`}
              >
                {p.text}
              </span>
            ))}
          </span>
        ) : null}
      </NavLink>
      {badge ? (
        <span id={badgeId} className="sr-only">
          {badge.label}
        </span>
      ) : null}
    </li>
  );
}
