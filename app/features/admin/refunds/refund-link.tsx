// The order page's way to its refund page (ADR 097): "Refund" for admins, who also approve
// requests there; "Request refund" for staff.
import { Link } from 'react-router';

export function RefundLink({ trackingNumber, issue }: { trackingNumber: string; issue: boolean }) {
  return (
    <p className="text-sm">
      <Link
        to={`/admin/orders/${encodeURIComponent(trackingNumber)}/refund`}
        className="btn-outline inline-flex"
      >
        {issue ? 'Refund' : 'Request refund'}
      </Link>{' '}
      <span className="text-muted">{issue ? 'Refunds and requests to approve are on that page.' : null}</span>
    </p>
  );
}
