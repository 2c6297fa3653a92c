// How the admin orders screens write dates (Lagos time), statuses and payment states.
import type { PaymentState } from '#core/contract/admin-orders.ts';
import type { OrderStatus } from '#core/order-status.ts';
import type { BadgeTone } from '../ui/status-badge.tsx';

const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

/** "23 Nov 2026, 17:05" in Lagos time. */
export function lagosTime(iso: string): string {
  return lagosDateTime.format(new Date(iso));
}

export const STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  pending_payment: 'warning',
  awaiting_transfer: 'warning',
  placed: 'info',
  confirmed: 'info',
  packaged: 'info',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'neutral',
  payment_failed: 'danger',
  on_layaway: 'warning',
};

export const PAYMENT_STATE_TONES: Record<PaymentState, BadgeTone> = {
  paid: 'success',
  awaiting: 'warning',
  on_delivery: 'neutral',
  failed: 'danger',
  not_paid: 'neutral',
};
