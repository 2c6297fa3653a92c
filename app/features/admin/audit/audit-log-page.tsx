// /admin/audit: the log of staff actions, newest first, filtered by person, subject, action and
// Lagos day. The filter is a plain GET form (the URL carries it; works without JavaScript).
import { Link, useNavigation } from 'react-router';
import type { AuditFilter, AuditPage } from '#core/contract/admin-audit.ts';
import { AuditEntries } from './audit-entries.tsx';

export interface AuditLogPageProps {
  page: AuditPage;
  filter: AuditFilter;
  people: { id: number; name: string }[];
  actions: string[];
  subjectTypes: string[];
}

const field = 'mt-1 block min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 text-sm';

export function AuditLogPage({ page, filter, people, actions, subjectTypes }: AuditLogPageProps) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/audit';
  const filtered = Object.entries(filter).some(([k, v]) => k !== 'page' && v !== undefined && v !== '');
  return (
    <section>
      <h1 className="font-display text-3xl font-semibold">Audit log</h1>
      <p className="mt-1 text-sm text-muted">
        Every change staff make, sign-ins and failed second factors: who, when (Lagos time), from where, and
        what changed. Entries are never edited or deleted.
      </p>
      <form
        method="get"
        className="mt-5 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      >
        <label className="text-sm font-medium">
          Person
          <select name="actor" defaultValue={filter.actor ?? ''} className={field}>
            <option value="">Anyone</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Action
          <select name="action" defaultValue={filter.action ?? ''} className={field}>
            <option value="">Any action</option>
            {actions.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Entity
          <select name="subjectType" defaultValue={filter.subjectType ?? ''} className={field}>
            <option value="">Any entity</option>
            {subjectTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Entity id or number
          <input name="subjectId" defaultValue={filter.subjectId ?? ''} className={field} inputMode="text" />
        </label>
        <label className="text-sm font-medium">
          From
          <input type="date" name="from" defaultValue={filter.from ?? ''} className={field} />
        </label>
        <label className="text-sm font-medium">
          To
          <input type="date" name="to" defaultValue={filter.to ?? ''} className={field} />
        </label>
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3">
          <button type="submit" className="btn-primary">
            Show entries
          </button>
          {filtered ? (
            <Link to="/admin/audit" className="btn-outline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>
      <div className="mt-6" aria-busy={loading}>
        {loading ? (
          <p role="status" className="mb-3 text-sm text-muted">
            Loading entries…
          </p>
        ) : null}
        {page.items.length === 0 ? (
          <p
            className="rounded-xl bg-white px-4 py-10 text-center text-sm text-muted shadow-sm"
            data-testid="audit-empty"
          >
            {filtered
              ? 'No entries match these filters. Try a wider date range or another person.'
              : 'Nothing has been recorded yet. Staff sign-ins and every change made in the admin portal will appear here.'}
          </p>
        ) : (
          <div className={loading ? 'opacity-60' : undefined}>
            <AuditEntries entries={page.items} />
          </div>
        )}
      </div>
      <Pager filter={filter} page={page.page} hasNext={page.hasNext} />
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
