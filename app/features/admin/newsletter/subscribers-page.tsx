// /admin/newsletter: the counts (confirmed, waiting, unsubscribed), the campaigns (newest first,
// with their progress), and the subscriber list with its filters in the URL (search, status,
// source, sign-up dates) and a CSV export of exactly what the filters show. Works without JavaScript.
import { Download, Plus } from 'lucide-react';
import { Link } from 'react-router';
import {
  type AdminSubscribersPage,
  type AdminSubscribersQuery,
  adminSubscribersQuery,
  CAMPAIGN_STATUS_LABELS,
  type CampaignStatus,
  type CampaignSummary,
  SUBSCRIBER_SOURCE_LABELS,
  SUBSCRIBER_SOURCES,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberSource,
  type SubscriberStatus,
} from '#core/contract/admin-newsletter.ts';
import { DataTable, Td, Th } from '../ui/data-table.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterDate, FilterSearch, FilterSelect, optionsOf } from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import type { BadgeTone } from '../ui/status-badge.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

export const SUBSCRIBER_TONES: Record<SubscriberStatus, BadgeTone> = {
  confirmed: 'success',
  pending: 'warning',
  unsubscribed: 'neutral',
};
export const CAMPAIGN_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  sending: 'info',
  sent: 'success',
};

export const lagosDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
export const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function NewsletterPage({
  data,
  campaigns,
  canSend,
}: {
  data: AdminSubscribersPage & { query: AdminSubscribersQuery };
  campaigns: CampaignSummary[];
  canSend: boolean;
}) {
  const { items, total, page, pageCount, counts, query } = data;
  const pending = usePendingHere();
  const filtered = Boolean(query.q || query.status || query.source || query.from || query.to);
  const listHref = (change: Partial<AdminSubscribersQuery>) => {
    const q = adminSubscribersQuery(query, { page: 1, ...change });
    return `/admin/newsletter${q ? `?${q}` : ''}`;
  };
  const csvQuery = adminSubscribersQuery(query, { page: 1 });
  return (
    <section className="min-w-0">
      <h1 className="font-display text-3xl font-semibold">Newsletter</h1>
      <p className="mt-1 text-sm text-muted">
        Only addresses confirmed from their inbox receive campaigns; every email carries a one-click
        unsubscribe.
      </p>

      <div className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="newsletter-counts">
        {SUBSCRIBER_STATUSES.map((status) => (
          <Link
            key={status}
            to={listHref({ status })}
            className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-plum-700/30"
            data-testid={`newsletter-count-${status}`}
          >
            <span className="block text-xs font-semibold uppercase text-muted">
              {SUBSCRIBER_STATUS_LABELS[status]}
            </span>
            <span className="mt-1 block text-2xl font-semibold tabular-nums">
              {counts[status].toLocaleString('en-NG')}
            </span>
          </Link>
        ))}
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-semibold">Campaigns</h2>
        {canSend ? (
          <Link to="/admin/newsletter/campaigns/new" className="btn-primary">
            <Plus className="h-4 w-4" aria-hidden="true" /> New campaign
          </Link>
        ) : null}
      </div>
      <div className="mt-3">
        {campaigns.length === 0 ? (
          <EmptyState title="No campaigns yet">
            {canSend
              ? 'Write one with "New campaign": you can preview it and send yourself a test first.'
              : null}
          </EmptyState>
        ) : (
          <DataTable caption="Campaigns">
            <thead>
              <tr>
                <Th>Subject</Th>
                <Th>Status</Th>
                <Th>Sent</Th>
                <Th>Written by</Th>
                <Th>Created</Th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((c) => (
                <tr key={c.id} className="border-t border-ink/10">
                  <Td>
                    <Link
                      to={`/admin/newsletter/campaigns/${c.id}`}
                      className="font-semibold text-plum-700 underline"
                    >
                      {c.subject}
                    </Link>
                  </Td>
                  <Td>
                    <StatusBadge tone={CAMPAIGN_TONES[c.status]}>
                      {CAMPAIGN_STATUS_LABELS[c.status]}
                    </StatusBadge>
                  </Td>
                  <Td className="tabular-nums">
                    {c.status === 'draft' ? '–' : `${c.sentCount} of ${c.recipientCount}`}
                  </Td>
                  <Td>{c.createdByName ?? '–'}</Td>
                  <Td>{lagosDate.format(new Date(c.createdAt))}</Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-semibold">Subscribers</h2>
        <a
          href={`/admin/newsletter.csv${csvQuery ? `?${csvQuery}` : ''}`}
          className="btn-outline"
          download
          data-testid="newsletter-csv"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
      </div>
      <div className="mt-3">
        <FilterBar
          label="Filter subscribers"
          resetHref="/admin/newsletter"
          filtered={filtered}
          active={countSet([query.status, query.source, query.from, query.to])}
          search={<FilterSearch id="subscribers-q" defaultValue={query.q} placeholder="Email address" />}
        >
          <FilterSelect
            label="Status"
            id="subscribers-status"
            name="status"
            defaultValue={query.status}
            options={optionsOf(SUBSCRIBER_STATUSES, SUBSCRIBER_STATUS_LABELS)}
            any="Any status"
          />
          <FilterSelect
            label="Source"
            id="subscribers-source"
            name="source"
            defaultValue={query.source}
            options={optionsOf(SUBSCRIBER_SOURCES, SUBSCRIBER_SOURCE_LABELS)}
            any="Any source"
          />
          <FilterDate label="Signed up from" id="subscribers-from" name="from" defaultValue={query.from} />
          <FilterDate label="Signed up to" id="subscribers-to" name="to" defaultValue={query.to} />
        </FilterBar>
      </div>
      <PendingRegion pending={pending} label="Loading subscribers…" className="mt-4">
        {items.length === 0 ? (
          <EmptyState title={filtered ? 'No subscribers match these filters' : 'No subscribers yet'}>
            {filtered ? <Link to="/admin/newsletter">Show every subscriber</Link> : null}
          </EmptyState>
        ) : (
          <>
            <DataTable caption="Newsletter subscribers">
              <thead>
                <tr>
                  <Th>Email</Th>
                  <Th>Status</Th>
                  <Th>Source</Th>
                  <Th>Signed up</Th>
                  <Th>Confirmed</Th>
                </tr>
              </thead>
              <tbody>
                {items.map((s) => (
                  <tr key={s.id} className="border-t border-ink/10">
                    <Td className="break-all">{s.email}</Td>
                    <Td>
                      <StatusBadge tone={SUBSCRIBER_TONES[s.status]}>
                        {SUBSCRIBER_STATUS_LABELS[s.status]}
                      </StatusBadge>
                    </Td>
                    <Td>{SUBSCRIBER_SOURCE_LABELS[s.source as SubscriberSource] ?? s.source}</Td>
                    <Td>{lagosDate.format(new Date(s.createdAt))}</Td>
                    <Td>{s.confirmedAt ? lagosDate.format(new Date(s.confirmedAt)) : '–'}</Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pagination
              page={page}
              pageCount={pageCount}
              total={total}
              noun="addresses"
              hrefFor={(n) => listHref({ page: n })}
            />
          </>
        )}
      </PendingRegion>
    </section>
  );
}
