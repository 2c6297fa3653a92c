// Audit entries as a list that reads on a laptop and a phone alike (each entry a stacked card,
// no table to scroll sideways).
import { Link } from 'react-router';
import type { AuditEntry } from '#core/contract/admin-audit.ts';
import { actionLabel, detailLines, formatAuditTime, subjectHref } from './audit-format.ts';

export function AuditEntries({
  entries,
  showSubject = true,
}: {
  entries: AuditEntry[];
  showSubject?: boolean;
}) {
  return (
    <ol aria-label="Audit entries" className="divide-y divide-ink/10 rounded-xl bg-white shadow-sm">
      {entries.map((e) => (
        <li key={e.id} className="px-4 py-3 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <strong className="font-semibold text-plum-900">{actionLabel(e.action)}</strong>
            {/* The recorded code, as the filter's Action field takes it. */}
            <code className="rounded bg-plum-50 px-1 py-0.5 text-xs text-plum-900">{e.action}</code>
            {showSubject ? <Subject type={e.subjectType} id={e.subjectId} /> : null}
            <time dateTime={e.at} className="ml-auto text-muted">
              {formatAuditTime(e.at)}
            </time>
          </div>
          <p className="mt-1 text-muted">
            by <span className="font-medium text-ink">{e.actorName ?? 'the shop (automatic)'}</span>
            {e.ip ? <> from {e.ip}</> : null}
          </p>
          <Details details={e.details} />
        </li>
      ))}
    </ol>
  );
}

function Subject({ type, id }: { type: string; id: string }) {
  const href = subjectHref(type, id);
  const text = `${type} ${id}`;
  return href ? (
    <Link to={href} className="font-medium underline underline-offset-2">
      {text}
    </Link>
  ) : (
    <span className="font-medium">{text}</span>
  );
}

function Details({ details }: { details: AuditEntry['details'] }) {
  const lines = detailLines(details);
  if (lines.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
      {lines.map((line) => (
        <div key={line.field} className="contents">
          <dt className="text-muted">{line.field}</dt>
          <dd className="break-words">
            {line.before !== undefined ? (
              <>
                <del className="text-muted">{line.before}</del> <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span> <ins className="no-underline">{line.value}</ins>
              </>
            ) : (
              line.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
