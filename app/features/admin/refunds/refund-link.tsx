// The order page's refunds at a glance and its way to the refund page (ADR 097): "Refunded" or
// "Partly refunded" with the amount, the requests waiting for an admin, and "Refund" (admins, who
// approve or reject requests there) or "Request refund" (staff).
import { Link } from 'react-router';
import { formatPrice } from '#core/money.ts';
import { REFUND_STATE_LABELS, type RefundState } from '#core/refunds.ts';
import { StatusBadge } from '../ui/status-badge.tsx';

export interface RefundGlance {
  state: RefundState;
  refundedKobo: number;
  /** Staff requests waiting for an admin. */
  requests: number;
}

export function RefundLink({
  trackingNumber,
  issue,
  glance,
}: {
  trackingNumber: string;
  issue: boolean;
  glance?: RefundGlance | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {glance && glance.state !== 'none' ? (
        <StatusBadge tone={glance.state === 'refunded' ? 'neutral' : 'warning'}>
          {REFUND_STATE_LABELS[glance.state]}: {formatPrice(glance.refundedKobo)}
        </StatusBadge>
      ) : null}
      <Link
        to={`/admin/orders/${encodeURIComponent(trackingNumber)}/refund`}
        className="btn-outline inline-flex"
      >
        {issue ? 'Refund' : 'Request refund'}
      </Link>
      {glance && glance.requests > 0 ? (
        <span className="font-semibold">
          {glance.requests === 1 ? '1 refund request' : `${glance.requests} refund requests`}{' '}
          {issue ? 'to approve or reject on the refund page' : 'waiting for an admin'}
        </span>
      ) : null}
    </div>
  );
}
