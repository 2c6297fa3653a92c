// /admin/complaints: customers' support tickets. Counts by status (each a filter), the filter bar
// (search and status, in the address), a table with a status selector per row, and the reply
// dialog the address opens (`?reply=<id>`): a native <dialog> the server renders open — a panel
// without JavaScript, a modal with it. A ticket with a reply offers "Update Reply".
import { useEffect, useId, useRef } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import {
  type AdminTicketRow,
  type AdminTicketsPage,
  type AdminTicketsQuery,
  TICKET_BODY_MAX,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
} from '#core/contract/support.ts';
import { DataTable, Td, Th } from '../ui/data-table.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterSearch, FilterSelect, optionsOf } from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { type BadgeTone, StatusBadge } from '../ui/status-badge.tsx';

export const TICKET_TONES: Record<TicketStatus, BadgeTone> = {
  pending: 'warning',
  'in-progress': 'info',
  resolved: 'success',
};

export interface ComplaintsAnswer {
  ok: false;
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
}

const when = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

function listQuery(query: AdminTicketsQuery, change: Partial<AdminTicketsQuery> & { reply?: number } = {}) {
  const merged = { ...query, ...change };
  const params = new URLSearchParams();
  if (merged.q) params.set('q', merged.q);
  if (merged.status) params.set('status', merged.status);
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  if (change.reply) params.set('reply', String(change.reply));
  const s = params.toString();
  return `/admin/complaints${s ? `?${s}` : ''}`;
}

/** A row's status selector: a small form (works without JavaScript). */
export function StatusSelector({
  ticket,
  action,
}: {
  ticket: Pick<AdminTicketRow, 'id' | 'status' | 'reference'>;
  action?: string;
}) {
  const id = useId();
  return (
    <Form method="post" action={action} className="flex items-center gap-2" preventScrollReset>
      <input type="hidden" name="id" value={ticket.id} />
      <label htmlFor={id} className="sr-only">
        Status of {ticket.reference}
      </label>
      <select
        id={id}
        name="status"
        defaultValue={ticket.status}
        className="min-h-11 rounded-lg border border-ink/20 bg-white px-2 text-sm"
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TICKET_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      <button type="submit" name="intent" value="status" className="btn-outline min-h-11 px-3">
        Set
      </button>
    </Form>
  );
}

export function ComplaintsPage({
  data,
  replying,
  answer,
}: {
  data: AdminTicketsPage & { query: AdminTicketsQuery };
  replying: AdminTicketRow | null;
  answer: ComplaintsAnswer | null;
}) {
  const { items, total, page, pageCount, counts, query } = data;
  const pending = usePendingHere();
  const filtered = Boolean(query.q || query.status);
  const replyFailed =
    answer && (answer.values?.intent === 'reply' || answer.values?.intent === 'update-reply');
  return (
    <section className="min-w-0">
      <h1 className="font-display text-3xl font-semibold">Complaints</h1>
      <p className="mt-1 text-sm text-muted">
        Customers’ support tickets, from their account or the Get Support page. Replies are emailed to them.
      </p>

      <div className="mt-6 grid grid-cols-3 gap-3" data-testid="complaints-counts">
        {TICKET_STATUSES.map((s) => (
          <Link
            key={s}
            to={listQuery({ page: 1 }, { status: s })}
            className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-plum-700/30"
          >
            <span className="block text-xs font-semibold uppercase text-muted">
              {TICKET_STATUS_LABELS[s]}
            </span>
            <span className="mt-1 block text-2xl font-semibold tabular-nums">{counts[s]}</span>
          </Link>
        ))}
      </div>

      {answer && !replyFailed ? (
        <div className="mt-4">
          <FormMessage tone="error">{answer.message}</FormMessage>
        </div>
      ) : null}

      {replying ? (
        <ReplyDialog
          key={`${replying.id}-${answer?.message ?? ''}`}
          ticket={replying}
          closeHref={listQuery(query)}
          action={listQuery(query, { reply: replying.id })}
          answer={replyFailed ? answer : null}
        />
      ) : null}

      <div className="mt-6">
        <FilterBar
          label="Filter complaints"
          resetHref="/admin/complaints"
          filtered={filtered}
          active={countSet([query.status])}
          search={
            <FilterSearch
              id="complaints-q"
              defaultValue={query.q}
              placeholder="Subject, name, email or T-reference"
            />
          }
        >
          <FilterSelect
            label="Status"
            id="complaints-status"
            name="status"
            defaultValue={query.status}
            any="Any"
            options={optionsOf(TICKET_STATUSES, TICKET_STATUS_LABELS)}
          />
        </FilterBar>
      </div>

      <PendingRegion pending={pending} label="Loading complaints…">
        {total === 0 ? (
          <div className="mt-6">
            <EmptyState title={filtered ? 'No complaints match these filters' : 'No complaints yet'}>
              {filtered ? (
                <Link to="/admin/complaints" className="underline">
                  Show all complaints
                </Link>
              ) : (
                'When a customer writes to us from their account or the Get Support page, it shows here.'
              )}
            </EmptyState>
          </div>
        ) : (
          <div className="mt-6">
            <DataTable caption="Complaints">
              <thead className="border-b border-ink/10">
                <tr>
                  <Th>Complaint</Th>
                  <Th>Customer</Th>
                  <Th>Date</Th>
                  <Th>Status</Th>
                  <Th>Reply</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink/10">
                {items.map((t) => (
                  <tr key={t.id} data-ticket-ref={t.reference} data-testid="complaint-row">
                    <Td className="max-w-[22rem]">
                      <Link
                        to={`/admin/complaints/${t.id}`}
                        className="font-semibold text-plum-800 underline-offset-2 hover:underline"
                      >
                        {t.subject}
                      </Link>
                      <div className="text-xs text-muted">
                        {t.reference}
                        {t.trackingNumber ? ` · order ${t.trackingNumber}` : ''}
                        {t.hasPhoto ? ' · photo' : ''}
                        {t.assigneeName ? ` · ${t.assigneeName}` : ''}
                      </div>
                      <p className="mt-1 line-clamp-2 break-words text-xs">{t.excerpt}</p>
                    </Td>
                    <Td>
                      <div className="font-semibold">{t.name}</div>
                      <div className="break-all text-xs text-muted">{t.email}</div>
                      {t.guest ? <StatusBadge tone="neutral">Guest</StatusBadge> : null}
                    </Td>
                    <Td className="whitespace-nowrap">{when.format(new Date(t.createdAt))}</Td>
                    <Td>
                      <div className="mb-2">
                        <StatusBadge tone={TICKET_TONES[t.status]}>
                          {TICKET_STATUS_LABELS[t.status]}
                        </StatusBadge>
                      </div>
                      <StatusSelector ticket={t} />
                    </Td>
                    <Td>
                      <Link
                        id={`reply-${t.id}`}
                        to={listQuery(query, { reply: t.id })}
                        preventScrollReset
                        className={
                          t.lastReply ? 'btn-outline whitespace-nowrap' : 'btn-primary whitespace-nowrap'
                        }
                      >
                        {t.lastReply ? 'Update Reply' : 'Reply'}
                      </Link>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pagination
              page={page}
              pageCount={pageCount}
              total={total}
              noun="complaints"
              hrefFor={(n) => listQuery(query, { page: n })}
            />
          </div>
        )}
      </PendingRegion>
    </section>
  );
}

function ReplyDialog({
  ticket,
  closeHref,
  action,
  answer,
}: {
  ticket: AdminTicketRow;
  closeHref: string;
  action: string;
  answer: ComplaintsAnswer | null;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reopening = useRef(false);
  const navigate = useNavigate();
  const titleId = useId();
  const fieldId = useId();
  const updating = ticket.lastReply !== null;
  useEffect(() => {
    const d = dialog.current;
    if (!d || typeof d.showModal !== 'function') return;
    if (!d.matches(':modal')) {
      if (d.open) {
        reopening.current = true;
        d.close();
      }
      d.showModal();
    }
    d.querySelector<HTMLElement>('textarea')?.focus();
  }, []);
  const error = answer?.fieldErrors?.body?.[0];
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={titleId}
      data-testid="reply-dialog"
      className="inset-x-0 z-30 mx-auto my-4 w-[min(40rem,calc(100vw-1rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-cream p-0 text-ink shadow-2xl"
      onClose={() => {
        if (reopening.current) {
          reopening.current = false;
          return;
        }
        navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <Form method="post" action={action} className="space-y-4 p-5 sm:p-6" noValidate preventScrollReset>
        <h2 id={titleId} className="font-display text-2xl font-semibold">
          {updating ? 'Update reply' : 'Reply'} to {ticket.name}
        </h2>
        <div className="rounded-lg bg-white p-3 text-sm">
          <p className="font-semibold">{ticket.subject}</p>
          <p className="mt-1 whitespace-pre-line break-words text-muted">{ticket.excerpt}</p>
        </div>
        {answer ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
        <input type="hidden" name="id" value={ticket.id} />
        <div>
          <label htmlFor={fieldId} className="block text-sm font-semibold">
            Your reply (emailed to {ticket.email})
          </label>
          <textarea
            id={fieldId}
            name="body"
            rows={6}
            maxLength={TICKET_BODY_MAX}
            defaultValue={answer?.values?.body ?? ticket.lastReply ?? ''}
            className="input mt-1 w-full"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {error ? (
            <p id={`${fieldId}-error`} className="mt-1 text-sm font-medium text-sale">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-ink/10 pt-4">
          <Link to={closeHref} className="btn-outline" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton
            intent={updating ? 'update-reply' : 'reply'}
            pendingText="Sending…"
            className="btn-primary"
          >
            {updating ? 'Update Reply' : 'Send Reply'}
          </SubmitButton>
        </div>
      </Form>
    </dialog>
  );
}
