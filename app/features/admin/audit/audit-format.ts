// How an audit entry reads on screen: what happened in words, Lagos time, and its details as
// "Field name: before → after" with values in words (money, times, yes/no), never raw keys or JSON.
import type { AuditEntry } from '#core/contract/admin-audit.ts';
import { formatPrice } from '#core/money.ts';

const lagosTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** "23 Nov 2026, 17:05" in Lagos time. */
export function formatAuditTime(iso: string): string {
  return lagosTime.format(new Date(iso));
}

/** Names an admin reads for the actions the shop records; any other reads from its code. */
const ACTION_LABELS: Record<string, string> = {
  'session.sign_in': 'Signed in',
  'session.second_factor': 'Gave the second factor',
  'session.second_factor_failed': 'Second factor refused',
  'two_factor.reset': 'Second factor reset',
  'order.status_changed': 'Order status changed',
  'order.status_corrected': 'Order status corrected',
  'order.payment_confirmed': 'Payment confirmed',
  'order.note_added': 'Note added',
  'order.confirmation_resent': 'Confirmation sent again',
  'product.create': 'Product created',
  'product.update': 'Product changed',
  'product.archive': 'Product archived',
  'product.restore': 'Product restored',
  'settings.update': 'Settings changed',
  'media.upload': 'Photo uploaded',
  'mail.retry': 'Email sent again',
  'launch.test_email': 'Test email sent',
  'newsletter.export': 'Subscribers exported',
};

/** "Order status changed" for `order.status_changed`. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? sentence(action.replace(/[._]+/g, ' '));
}

/** Field names that read better than their words split apart. */
const FIELD_LABELS: Record<string, string> = {
  isActive: 'Active',
  ip: 'IP address',
  sku: 'SKU',
  url: 'Address',
  noteId: 'Note number',
  compareAtPriceKobo: 'Was price',
  mimeType: 'File type',
  type: 'File type',
  bytes: 'Size (bytes)',
};

function sentence(text: string): string {
  const t = text.trim().toLowerCase();
  return t ? t[0]!.toUpperCase() + t.slice(1) : t;
}

/** "Paid at" for `paidAt`, "Price" for `priceKobo`, "Delivery days" for `delivery_days`. */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Kobo$/, '')
    .replace(/^is(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ');
  return sentence(words) || key;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as words: money in naira, instants in Lagos time, yes/no, lists and groups. */
export function showValue(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    return /Kobo$/.test(key) && Number.isInteger(value) ? formatPrice(value) : String(value);
  }
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatAuditTime(value);
    // Codes such as awaiting_transfer or pay_on_delivery read as words.
    return /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replaceAll('_', ' ') : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value
      .map((v) => (isRecord(v) ? `(${showRecord(v)})` : showValue(v, key)))
      .join(value.some(isRecord) ? '; ' : ', ');
  }
  if (isRecord(value)) return Object.keys(value).length === 0 ? 'none' : showRecord(value);
  return String(value);
}

function showRecord(record: Record<string, unknown>): string {
  return Object.entries(record)
    .map(([k, v]) => `${fieldLabel(k)}: ${isRecord(v) ? `(${showValue(v, k)})` : showValue(v, k)}`)
    .join(', ');
}

export interface DetailLine {
  field: string;
  /** Present for a change: the value before it. */
  before?: string;
  value: string;
}

/**
 * The details of an entry, one line per field with its name in words; `{ before, after }` become
 * "before → after" (a group such as a setting's delivery fees, one line per part that changed).
 */
export function detailLines(details: AuditEntry['details']): DetailLine[] {
  const { before, after, ...rest } = details as {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  } & Record<string, unknown>;
  const lines: DetailLine[] = [];
  const change = isRecord(before) || isRecord(after);
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  if (change && Object.keys(b).length === 0) {
    // Something added (a note): what it is, with no "before".
    for (const [key, value] of Object.entries(a))
      lines.push({ field: fieldLabel(key), value: showValue(value, key) });
  } else if (change) {
    changeLines(b, a, [], lines);
  }
  for (const [key, value] of Object.entries(rest)) {
    // An order's move is already the status line's "before → after".
    if (change && (key === 'from' || key === 'to')) continue;
    lines.push({ field: fieldLabel(key), value: showValue(value, key) });
  }
  return lines;
}

function changeLines(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  path: string[],
  lines: DetailLine[],
  /** A group of amounts in kobo (`deliveryFeesKobo: { Lagos: … }`): its parts are money too. */
  money = false,
): void {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key];
    const a = after[key];
    const here = [...path, fieldLabel(key)];
    const asKey = money ? 'Kobo' : key;
    if (isRecord(b) && isRecord(a) && path.length < 2) {
      changeLines(b, a, here, lines, money || /Kobo$/.test(key));
      continue;
    }
    // Inside a group, only the parts that changed.
    if (path.length > 0 && JSON.stringify(b) === JSON.stringify(a)) continue;
    lines.push({ field: here.join(' › '), before: showValue(b, asKey), value: showValue(a, asKey) });
  }
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
