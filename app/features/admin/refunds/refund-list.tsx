// The refunds of an order on its refund page (ADR 097): each with its amount, status, method,
// reason and who asked and approved; an admin approves or rejects a request, tries a failed one
// again, or asks the provider about one still on its way.
import { Form } from 'react-router';
import type { RefundView } from '#core/contract/refunds.ts';
import { formatPrice } from '#core/money.ts';
import { REFUND_REASONS, REFUND_STATUS_LABELS, type RefundReason, type RefundStatus } from '#core/refunds.ts';
import { lagosTime } from '../orders/format.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { inputClass } from '../ui/filter-bar.tsx';
import { type BadgeTone, StatusBadge } from '../ui/status-badge.tsx';

const TONES: Record<RefundStatus, BadgeTone> = {
  requested: 'warning',
  pending: 'info',
  processed: 'success',
  failed: 'danger',
  rejected: 'neutral',
};

const METHODS: Record<string, string> = {
  paystack: 'Paystack',
  sandbox: 'Sandbox',
  bank_transfer: 'Bank transfer',
};

function Decide({ refund }: { refund: RefundView }) {
  const id = String(refund.id);
  if (refund.status === 'requested') {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <Form method="post">
          <input type="hidden" name="refundId" value={id} />
          <button type="submit" name="intent" value="approve" className="btn-primary">
            Approve refund of {formatPrice(refund.amountKobo)}
          </button>
        </Form>
        <ConfirmStep
          label="Reject"
          question="Reject this refund request?"
          confirmLabel="Reject request"
          intent="reject"
        >
          <input type="hidden" name="refundId" value={id} />
          <label className="block text-sm">
            Why (shown to staff)
            <input name="why" maxLength={500} className={inputClass} />
          </label>
        </ConfirmStep>
      </div>
    );
  }
  if (refund.status === 'failed' || refund.status === 'pending') {
    return (
      <Form method="post">
        <input type="hidden" name="refundId" value={id} />
        <button
          type="submit"
          name="intent"
          value={refund.status === 'failed' ? 'retry' : 'check'}
          className="btn-outline"
        >
          {refund.status === 'failed' ? 'Try the refund again' : 'Check its status'}
        </button>
      </Form>
    );
  }
  return null;
}

export function RefundList({ refunds, canIssue }: { refunds: RefundView[]; canIssue: boolean }) {
  if (refunds.length === 0) return <p className="text-sm text-muted">No refunds yet.</p>;
  return (
    <ul className="divide-y divide-ink/10">
      {refunds.map((r) => (
        <li key={r.id} className="space-y-2 py-3 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{formatPrice(r.amountKobo)}</span>
            <StatusBadge tone={TONES[r.status]}>{REFUND_STATUS_LABELS[r.status]}</StatusBadge>
            <span className="text-muted">
              {METHODS[r.method] ?? r.method} · {lagosTime(r.createdAt)}
            </span>
          </p>
          <p>
            {REFUND_REASONS[r.reason as RefundReason] ?? r.reason}
            {r.reasonText ? `: ${r.reasonText}` : ''}
            {r.includesDeliveryFee ? ' · includes the delivery fee' : ''}
          </p>
          {r.failureMessage ? <p className="text-sale">Why: {r.failureMessage}</p> : null}
          <p className="text-muted">
            Asked by {r.requestedBy ?? 'staff'}
            {r.approvedBy ? ` · approved by ${r.approvedBy}` : ''}
          </p>
          {canIssue ? <Decide refund={r} /> : null}
        </li>
      ))}
    </ul>
  );
}
