// How the users screens show dates and roles (Lagos time, as staff read them).
import type { UserRole } from '#core/account.ts';

const date = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function formatDay(iso: string | null): string {
  return iso ? date.format(new Date(iso)) : '—';
}

export function formatWhen(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : 'Never';
}

export const ROLE_LABELS: Record<UserRole, string> = { customer: 'Customer', staff: 'Staff', admin: 'Admin' };
