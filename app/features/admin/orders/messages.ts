// What the orders screens say once an action has worked (a toast on the next page, ADR 024).
import type { BulkStatusResult } from '#core/contract/admin-orders.ts';

/** Refused orders named in the bulk toast (it must fit a small one-time cookie). */
const REFUSED_SHOWN = 10;

export const ORDER_TOASTS = {
  /** A status change from the list's selector or the detail page. */
  moved(move: { trackingNumber: string; changed: boolean; paymentConfirmed: boolean; emailed: boolean }) {
    if (!move.changed) return `Order ${move.trackingNumber} already had that status: nothing changed.`;
    return (
      `Order ${move.trackingNumber} moved on.` +
      (move.paymentConfirmed ? ' Its payment is recorded as received.' : '') +
      (move.emailed ? ' The shopper has been emailed.' : '')
    );
  },
  bulk(result: BulkStatusResult) {
    const moved = result.moved.length;
    const refused = result.refused.map((r) => r.trackingNumber);
    const named = refused.slice(0, REFUSED_SHOWN).join(', ');
    const more = refused.length > REFUSED_SHOWN ? ` and ${refused.length - REFUSED_SHOWN} more` : '';
    return (
      `${moved} ${moved === 1 ? 'order' : 'orders'} moved.` +
      (refused.length > 0 ? ` Not moved (not an allowed next step): ${named}${more}.` : '')
    );
  },
  note: 'Note added.',
  payment: 'Payment confirmed.',
  cancelled: 'Order cancelled. Its items are back on sale.',
  alreadyCancelled: 'This order was already cancelled: nothing changed.',
  resent: 'Confirmation email sent again.',
} as const;
