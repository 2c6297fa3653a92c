// <AuditTrail>: an order's or a user's own audit entries, for their detail pages. The loader gets
// them with `loadAuditTrail` (audit-trail.server.ts) and passes them in:
//   loader:  auditTrail: await loadAuditTrail(context, user, 'order', order.trackingNumber)
//   page:    <AuditTrail subjectType="order" subjectId={order.trackingNumber} trail={loaderData.auditTrail} />
import { Link } from 'react-router';
import type { AuditPage } from '#core/contract/admin-audit.ts';
import { AuditEntries } from './audit-entries.tsx';

export function AuditTrail({
  subjectType,
  subjectId,
  trail,
  title = 'Audit trail',
}: {
  subjectType: string;
  subjectId: string | number;
  trail: Pick<AuditPage, 'items' | 'hasNext'>;
  title?: string;
}) {
  const all = `/admin/audit?${new URLSearchParams({ subjectType, subjectId: String(subjectId) })}`;
  return (
    <section aria-labelledby="audit-trail-heading" className="mt-8">
      <h2 id="audit-trail-heading" className="font-display text-xl font-semibold">
        {title}
      </h2>
      {trail.items.length === 0 ? (
        <p className="mt-3 rounded-xl bg-white px-4 py-6 text-sm text-muted shadow-sm">
          No staff action has been recorded here yet.
        </p>
      ) : (
        <div className="mt-3">
          <AuditEntries entries={trail.items} showSubject={false} />
        </div>
      )}
      <p className="mt-3 text-sm">
        <Link to={all} className="font-semibold underline underline-offset-2">
          {trail.hasNext ? 'See every entry in the audit log' : 'Open in the audit log'}
        </Link>
      </p>
    </section>
  );
}
