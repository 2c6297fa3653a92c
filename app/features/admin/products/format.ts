// Words and tones of the admin products screens.
import type { ProductStatus, StockLevel } from '#core/contract/admin-products.ts';
import type { BadgeTone } from '../ui/status-badge.tsx';

export const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  archived: 'Archived',
};
export const STATUS_TONES: Record<ProductStatus, BadgeTone> = {
  draft: 'neutral',
  active: 'success',
  archived: 'danger',
};
export const STOCK_LABELS: Record<StockLevel, string> = {
  in: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
};
export const STOCK_TONES: Record<StockLevel, BadgeTone> = { in: 'success', low: 'warning', out: 'danger' };

/** What each product action says once it has worked (a toast on the next page). */
export const PRODUCT_DONE = {
  created: 'Product added. It is on the storefront now if its status is Active.',
  saved: 'Product saved. The storefront shows the change now.',
  archived:
    'Product deleted: it has left the storefront. Orders, reviews and the audit log keep it; an admin can restore it.',
  restored: 'Product restored: it is on the storefront again.',
} as const;

export const DELETE_QUESTION = 'Are you sure you want to delete this product?';
