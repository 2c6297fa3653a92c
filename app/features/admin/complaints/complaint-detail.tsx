// /admin/complaints/:id: one ticket — who raised it and about which order, the whole thread
// (the customer's messages and photos, our replies, internal notes marked as such), status,
// assignment, a reply (saved and emailed; "Update Reply" edits the latest), a staff-only note,
// the customer's orders, and the ticket's audit trail. Plain forms: no JavaScript needed.
import { useId } from 'react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { PhotoField } from '#app/features/shared/support-forms.tsx';
import type { AuditPage } from '#core/contract/admin-audit.ts';
import { type AdminTicketDetail, TICKET_BODY_MAX, TICKET_STATUS_LABELS } from '#core/contract/support.ts';
import { formatPrice } from '#core/money.ts';
import { STATUS_LABELS } from '#core/order-status.ts';
import { AuditTrail } from '../audit/audit-trail.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { type ComplaintsAnswer, StatusSelector, TICKET_TONES } from './complaints-page.tsx';

const when = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

function TextArea({
  label,
  hint,
  defaultValue,
  error,
}: {
  label: string;
  hint?: string;
  defaultValue?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name="body"
        rows={4}
        maxLength={TICKET_BODY_MAX}
        defaultValue={defaultValue}
        className="input mt-1 w-full"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
        }
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ComplaintDetail({
  ticket,
  auditTrail,
  answer,
}: {
  ticket: AdminTicketDetail;
  auditTrail: Pick<AuditPage, 'items' | 'hasNext'>;
  answer: ComplaintsAnswer | null;
}) {
  const failedFor = (intent: string) => (answer?.values?.intent === intent ? answer : null);
  const assignId = useId();
  const replyAnswer = failedFor('reply');
  const noteAnswer = failedFor('note');
  return (
    <section className="min-w-0 space-y-6">
      <div>
        <Link to="/admin/complaints" className="text-sm font-semibold text-plum-800 underline">
          ← All complaints
        </Link>
        <h1 className="mt-2 break-words font-display text-3xl font-semibold">{ticket.subject}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span className="font-mono">{ticket.reference}</span>
          <StatusBadge tone={TICKET_TONES[ticket.status]}>{TICKET_STATUS_LABELS[ticket.status]}</StatusBadge>
          <span>opened {when.format(new Date(ticket.createdAt))}</span>
        </p>
      </div>

      {answer && !replyAnswer && !noteAnswer ? (
        <FormMessage tone="error">{answer.message}</FormMessage>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="thread-title" className="rounded-xl bg-white p-4 shadow-sm">
            <h2 id="thread-title" className="text-lg font-semibold">
              Conversation
            </h2>
            <ol className="mt-3 space-y-3">
              {ticket.messages.map((m) => (
                <li
                  key={m.id}
                  className={`rounded-lg p-3 text-sm ${m.internal ? 'border border-dashed border-gold-500 bg-gold-300/30' : m.author === 'staff' ? 'bg-plum-50' : 'bg-sand/40'}`}
                >
                  <p className="font-semibold">
                    {m.internal ? 'Internal note · ' : ''}
                    {m.authorName}{' '}
                    <span className="font-normal text-muted">· {when.format(new Date(m.createdAt))}</span>
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words">{m.body}</p>
                  {m.photoUrl ? (
                    <a href={m.photoUrl} target="_blank" rel="noreferrer" className="mt-2 inline-block">
                      <img
                        src={m.photoUrl}
                        alt={`Sent by ${m.authorName} with this message`}
                        className="max-h-64 rounded-lg border border-ink/10"
                      />
                    </a>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="reply-title" className="rounded-xl bg-white p-4 shadow-sm">
            <h2 id="reply-title" className="text-lg font-semibold">
              Reply to the customer
            </h2>
            <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3" noValidate>
              {replyAnswer ? <FormMessage tone="error">{replyAnswer.message}</FormMessage> : null}
              <TextArea
                label={`New reply (emailed to ${ticket.email})`}
                defaultValue={replyAnswer?.values?.body}
                error={replyAnswer?.fieldErrors?.body?.[0]}
              />
              <PhotoField error={replyAnswer?.fieldErrors?.photo?.[0]} />
              <SubmitButton intent="reply" pendingText="Sending…" className="btn-primary">
                Send Reply
              </SubmitButton>
            </Form>
            {ticket.lastReply !== null ? (
              <details className="mt-4" open={failedFor('update-reply') !== null || undefined}>
                <summary className="cursor-pointer text-sm font-semibold text-plum-800">Update Reply</summary>
                <Form method="post" className="mt-3 space-y-3" noValidate>
                  <TextArea
                    label="Latest reply (the customer is emailed the update)"
                    defaultValue={failedFor('update-reply')?.values?.body ?? ticket.lastReply}
                    error={failedFor('update-reply')?.fieldErrors?.body?.[0]}
                  />
                  <SubmitButton intent="update-reply" pendingText="Sending…" className="btn-outline">
                    Update Reply
                  </SubmitButton>
                </Form>
              </details>
            ) : null}
          </section>

          <section aria-labelledby="note-title" className="rounded-xl bg-white p-4 shadow-sm">
            <h2 id="note-title" className="text-lg font-semibold">
              Internal note
            </h2>
            <Form method="post" className="mt-3 space-y-3" noValidate>
              {noteAnswer ? <FormMessage tone="error">{noteAnswer.message}</FormMessage> : null}
              <TextArea
                label="Note for staff"
                hint="Only staff see it: it is never emailed or shown to the customer."
                defaultValue={noteAnswer?.values?.body}
                error={noteAnswer?.fieldErrors?.body?.[0]}
              />
              <SubmitButton intent="note" pendingText="Saving…" className="btn-outline">
                Save note
              </SubmitButton>
            </Form>
          </section>
        </div>

        <aside className="space-y-6">
          <section aria-labelledby="customer-title" className="rounded-xl bg-white p-4 text-sm shadow-sm">
            <h2 id="customer-title" className="text-lg font-semibold">
              Customer
            </h2>
            <p className="mt-2 font-semibold">{ticket.name}</p>
            <p className="break-all text-muted">{ticket.email}</p>
            <p className="mt-1">
              {ticket.userId !== null ? (
                <Link to={`/admin/users/${ticket.userId}`} className="font-semibold text-plum-800 underline">
                  View account
                </Link>
              ) : (
                <StatusBadge tone="neutral">Guest</StatusBadge>
              )}
            </p>
            {ticket.trackingNumber ? (
              <p className="mt-2">
                About order{' '}
                <Link to={`/admin/orders/${ticket.trackingNumber}`} className="font-mono underline">
                  {ticket.trackingNumber}
                </Link>
              </p>
            ) : null}
          </section>

          <section
            aria-labelledby="manage-title"
            className="space-y-4 rounded-xl bg-white p-4 text-sm shadow-sm"
          >
            <h2 id="manage-title" className="text-lg font-semibold">
              Status and assignment
            </h2>
            <StatusSelector ticket={ticket} />
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={assignId} className="block font-semibold">
                  Assigned to
                </label>
                <select
                  id={assignId}
                  name="assignee"
                  defaultValue={ticket.assigneeId ?? ''}
                  className="mt-1 min-h-11 rounded-lg border border-ink/20 bg-white px-2"
                >
                  <option value="">Nobody</option>
                  {ticket.staff.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" name="intent" value="assign" className="btn-outline min-h-11 px-3">
                Assign
              </button>
            </Form>
          </section>

          <section aria-labelledby="orders-title" className="rounded-xl bg-white p-4 text-sm shadow-sm">
            <h2 id="orders-title" className="text-lg font-semibold">
              Customer’s orders
            </h2>
            {ticket.orders.length === 0 ? (
              <p className="mt-2 text-muted">No orders with this account or email.</p>
            ) : (
              <ul className="mt-2 divide-y divide-ink/10">
                {ticket.orders.map((o) => (
                  <li key={o.trackingNumber} className="py-2">
                    <Link
                      to={`/admin/orders/${o.trackingNumber}`}
                      className="font-mono font-semibold text-plum-800 underline"
                    >
                      {o.trackingNumber}
                    </Link>
                    <div className="text-xs text-muted">
                      {when.format(new Date(o.createdAt))} ·{' '}
                      {STATUS_LABELS[o.status as keyof typeof STATUS_LABELS] ?? o.status} ·{' '}
                      {formatPrice(o.totalKobo)}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>

      <AuditTrail subjectType="support_ticket" subjectId={ticket.id} trail={auditTrail} />
    </section>
  );
}
