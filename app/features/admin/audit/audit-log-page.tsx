// /admin/audit: the log of staff actions, newest first, filtered by person, subject, action and
// Lagos day. The filter is the admin lists' filter bar, a plain GET form (the URL carries it; works
// without JavaScript).
import { Link } from 'react-router';
import type { AuditFilter, AuditPage } from '#core/contract/admin-audit.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterDate, FilterField, FilterSelect, inputClass } from '../ui/filter-bar.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { AuditEntries } from './audit-entries.tsx';

export interface AuditLogPageProps {
  page: AuditPage;
  filter: AuditFilter;
  people: { id: number; name: string }[];
  actions: string[];
  subjectTypes: string[];
}

export function AuditLogPage({ page, filter, people, actions, subjectTypes }: AuditLogPageProps) {
  const pending = usePendingHere();
  const filtered = Object.entries(filter).some(([k, v]) => k !== 'page' && v !== undefined && v !== '');
  return (
    <section className="min-w-0">
      <h1 className="font-display text-3xl font-semibold">Audit log</h1>
      <p className="mt-1 text-sm text-muted">
        Every change staff make, sign-ins and failed second factors: who, when (Lagos time), from where, and
        what changed. Entries are never edited or deleted.
      </p>
      <div className="mt-5">
        <FilterBar
          label="Filter the audit log"
          resetHref="/admin/audit"
          filtered={filtered}
          active={countSet([
            filter.actor,
            filter.action,
            filter.subjectType,
            filter.subjectId,
            filter.from,
            filter.to,
          ])}
        >
          <FilterSelect
            label="Person"
            id="audit-actor"
            name="actor"
            defaultValue={filter.actor}
            any="Anyone"
            options={people.map((p) => ({ value: String(p.id), label: p.name }))}
          />
          <FilterSelect
            label="Action"
            id="audit-action"
            name="action"
            defaultValue={filter.action}
            any="Any action"
            options={actions.map((a) => ({ value: a, label: a }))}
          />
          <FilterSelect
            label="Entity"
            id="audit-subject-type"
            name="subjectType"
            defaultValue={filter.subjectType}
            any="Any entity"
            options={subjectTypes.map((t) => ({ value: t, label: t }))}
          />
          <FilterField label="Entity id or number" htmlFor="audit-subject-id">
            <input
              id="audit-subject-id"
              name="subjectId"
              defaultValue={filter.subjectId ?? ''}
              className={inputClass}
              inputMode="text"
            />
          </FilterField>
          <FilterDate label="From" id="audit-from" name="from" defaultValue={filter.from} />
          <FilterDate label="To" id="audit-to" name="to" defaultValue={filter.to} />
        </FilterBar>
      </div>
      <PendingRegion pending={pending} label="Loading entries…" className="mt-6">
        {page.items.length === 0 ? (
          <EmptyState title={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}>
            {filtered
              ? 'Try a wider date range or another person.'
              : 'Staff sign-ins and every change made in the admin portal will appear here.'}
          </EmptyState>
        ) : (
          <AuditEntries entries={page.items} />
        )}
        <Pager filter={filter} page={page.page} hasNext={page.hasNext} />
      </PendingRegion>
    </section>
  );
}

function Pager({ filter, page, hasNext }: { filter: AuditFilter; page: number; hasNext: boolean }) {
  if (page === 1 && !hasNext) return null;
  const href = (p: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filter))
      if (k !== 'page' && v !== undefined && v !== '') params.set(k, String(v));
    if (p > 1) params.set('page', String(p));
    const qs = params.toString();
    return qs ? `/admin/audit?${qs}` : '/admin/audit';
  };
  return (
    <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-outline" rel="prev">
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">Page {page}</span>
      {hasNext ? (
        <Link to={href(page + 1)} className="btn-outline" rel="next">
          Older
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
