// How the discounts screen shows a code's value, scope, usage and dates (Lagos time).
import { CATEGORY_NAMES, type CategorySlug } from '#core/catalog.ts';
import type { AdminDiscountRow } from '#core/contract/admin-discounts.ts';
import { formatPrice } from '#core/money.ts';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function formatWhen(iso: string | null, none = '—'): string {
  return iso ? dateTime.format(new Date(iso)) : none;
}

export function formatValue(d: Pick<AdminDiscountRow, 'type' | 'value'>): string {
  return d.type === 'percentage' ? `${d.value}% off` : `${formatPrice(d.value)} off`;
}

export function formatScope(d: Pick<AdminDiscountRow, 'scope' | 'categorySlugs' | 'productIds'>): string {
  if (d.scope === 'category')
    return d.categorySlugs.map((c) => CATEGORY_NAMES[c as CategorySlug] ?? c).join(', ') || 'Categories';
  if (d.scope === 'product')
    return `${d.productIds.length} ${d.productIds.length === 1 ? 'product' : 'products'}`;
  return 'Whole shop';
}

export function formatUsage(d: Pick<AdminDiscountRow, 'usedCount' | 'usageLimit'>): string {
  return d.usageLimit === null ? `${d.usedCount} / no limit` : `${d.usedCount} / ${d.usageLimit}`;
}

export const STATE_LABELS: Record<AdminDiscountRow['state'], string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  scheduled: 'Scheduled',
  'used-up': 'Used up',
};
