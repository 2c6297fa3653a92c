// How an audit entry reads on screen: Lagos time, and its details as "field: before → after".
import type { AuditEntry } from '#core/contract/admin-audit.ts';

const lagosTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** "23 Nov 2026, 17:05" in Lagos time. */
export function formatAuditTime(iso: string): string {
  return lagosTime.format(new Date(iso));
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface DetailLine {
  field: string;
  /** Present for a change: the value before it. */
  before?: string;
  value: string;
}

/** The details of an entry, one line per field; `{ before, after }` become "before → after". */
export function detailLines(details: AuditEntry['details']): DetailLine[] {
  const { before, after, ...rest } = details as {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  } & Record<string, unknown>;
  const lines: DetailLine[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
      lines.push({ field, before: show(b[field]), value: show(a[field]) });
    }
  }
  for (const [field, value] of Object.entries(rest)) lines.push({ field, value: show(value) });
  return lines;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The admin page of an entry's subject, when there is one. */
export function subjectHref(subjectType: string, subjectId: string): string | null {
  if (subjectType === 'order') return `/admin/orders/${encodeURIComponent(subjectId)}`;
  if (subjectType === 'user') return `/admin/users/${encodeURIComponent(subjectId)}`;
  if (subjectType === 'product') return `/admin/products/${encodeURIComponent(subjectId)}`;
  if (subjectType === 'settings') {
    return subjectId.startsWith('page.')
      ? `/admin/settings/pages/${encodeURIComponent(subjectId.slice('page.'.length))}`
      : `/admin/settings#${encodeURIComponent(subjectId)}`;
  }
  return null;
}
