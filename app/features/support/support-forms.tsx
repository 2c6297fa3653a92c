// Support tickets on the shop's side (issue 14): the form that opens a ticket (dashboard Support
// tab and the guest page /support), a ticket's thread and the form that adds a message. Plain
// multipart forms: they post, with their photo, without JavaScript.
import { useId } from 'react';
import { Form } from 'react-router';
import { FieldNotes, FormMessage, SubmitButton, TextField } from '#app/features/account/form-fields.tsx';
import {
  type CustomerTicket,
  TICKET_BODY_MAX,
  TICKET_STATUS_LABELS,
  TICKET_SUBJECT_MAX,
  type TicketMessage,
  type TicketStatus,
} from '#core/contract/support.ts';

export interface SupportAnswer {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
}

const when = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function TicketStatusPill({ status }: { status: TicketStatus }) {
  const tone =
    status === 'resolved'
      ? 'bg-ok/10 text-ok'
      : status === 'in-progress'
        ? 'bg-gold-300 text-ink'
        : 'bg-plum-50 text-plum-800';
  return (
    <span className={`rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${tone}`}>
      {TICKET_STATUS_LABELS[status]}
    </span>
  );
}

/** A textarea with its label, hint and error (the description or a reply). */
export function MessageField({
  label,
  defaultValue,
  error,
  hint,
  rows = 5,
}: {
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  rows?: number;
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
        rows={rows}
        maxLength={TICKET_BODY_MAX}
        defaultValue={defaultValue}
        required
        className="input mt-1"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
        }
      />
      <FieldNotes id={id} name="body" hint={hint} error={error} />
    </div>
  );
}

/** The optional photo: images only (the server checks the content too). */
export function PhotoField({ error }: { error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Photo (optional)
      </label>
      <input
        id={id}
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-plum-50 file:px-4 file:font-semibold file:text-plum-800"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <FieldNotes
        id={id}
        name="photo"
        hint="A JPEG, PNG or WebP photo up to 10 MB, for example of the parcel or the hair. Only you and our team can see it."
        error={error}
      />
    </div>
  );
}

/** Opens a ticket. `guest` adds name and email; `orders` (an account's) gives a picker. */
export function NewTicketForm({
  answer,
  guest,
  orders,
  intent,
  initial,
}: {
  answer: SupportAnswer | null;
  guest: boolean;
  /** Values to start with (the tracking number from an order email's link). */
  initial?: Record<string, string>;
  orders?: { trackingNumber: string; createdAt: string }[];
  intent?: string;
}) {
  const failed = answer && !answer.ok ? answer : null;
  const errors = failed?.fieldErrors ?? {};
  const values = failed?.values ?? initial ?? {};
  const orderId = useId();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4"
      noValidate
      aria-label="New support ticket"
    >
      {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
      {guest ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label="Your name"
            autoComplete="name"
            required
            defaultValue={values.name}
            error={errors.name?.[0]}
          />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            error={errors.email?.[0]}
            hint="We answer here, with a private link to your ticket."
          />
        </div>
      ) : null}
      {guest ? (
        <TextField
          name="trackingNumber"
          label="Tracking number (optional)"
          defaultValue={values.trackingNumber}
          error={errors.trackingNumber?.[0]}
          hint="If it is about an order, e.g. CH123456789012 (from your order email)."
        />
      ) : orders && orders.length > 0 ? (
        <div>
          <label htmlFor={orderId} className="block text-sm font-semibold">
            Order (optional)
          </label>
          <select
            id={orderId}
            name="trackingNumber"
            defaultValue={values.trackingNumber ?? ''}
            className="input mt-1"
            aria-invalid={errors.trackingNumber ? true : undefined}
            aria-describedby={errors.trackingNumber ? `${orderId}-error` : undefined}
          >
            <option value="">Not about one order</option>
            {orders.map((o) => (
              <option key={o.trackingNumber} value={o.trackingNumber}>
                {o.trackingNumber} ({when.format(new Date(o.createdAt))})
              </option>
            ))}
          </select>
          <FieldNotes id={orderId} name="trackingNumber" error={errors.trackingNumber?.[0]} />
        </div>
      ) : null}
      <TextField
        name="subject"
        label="Subject"
        required
        maxLength={TICKET_SUBJECT_MAX}
        defaultValue={values.subject}
        error={errors.subject?.[0]}
      />
      <MessageField
        label="Description"
        defaultValue={values.body}
        error={errors.body?.[0]}
        hint="What happened, and what would put it right?"
      />
      <PhotoField error={errors.photo?.[0]} />
      <SubmitButton intent={intent ?? 'ticket'} pendingText="Sending…" className="btn-primary">
        Send to Crown Hair
      </SubmitButton>
    </Form>
  );
}

function Message({ message }: { message: TicketMessage }) {
  const staff = message.author === 'staff';
  return (
    <li className={`rounded-xl p-4 text-sm ${staff ? 'bg-plum-50' : 'bg-white ring-1 ring-ink/10'}`}>
      <p className="font-semibold">
        {staff ? 'Reply from Crown Hair' : message.authorName}{' '}
        <span className="font-normal text-muted">· {when.format(new Date(message.createdAt))}</span>
      </p>
      <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
      {message.photoUrl ? (
        <a href={message.photoUrl} className="mt-2 inline-block" target="_blank" rel="noreferrer">
          <img
            src={message.photoUrl}
            alt="Attached to this message"
            className="max-h-48 rounded-lg border border-ink/10"
            loading="lazy"
          />
        </a>
      ) : null}
    </li>
  );
}

/** A ticket's thread and, below it, the form to add a message. */
export function TicketThread({
  ticket,
  answer,
  intent,
  open,
}: {
  ticket: CustomerTicket;
  answer: SupportAnswer | null;
  intent: string;
  open?: boolean;
}) {
  const failed = answer && !answer.ok ? answer : null;
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby={`ticket-${ticket.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`ticket-${ticket.id}`} className="font-semibold">
            {ticket.subject}
          </h3>
          <p className="text-xs text-muted">
            {ticket.reference} · opened {when.format(new Date(ticket.createdAt))}
            {ticket.trackingNumber ? ` · order ${ticket.trackingNumber}` : ''}
          </p>
        </div>
        <TicketStatusPill status={ticket.status} />
      </div>
      <details className="mt-3" open={open || failed !== null || undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-plum-800">
          Conversation ({ticket.messages.length} {ticket.messages.length === 1 ? 'message' : 'messages'})
        </summary>
        <ol className="mt-3 space-y-3">
          {ticket.messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </ol>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-4 space-y-3"
          noValidate
          aria-label={`Add a message to ${ticket.reference}`}
        >
          {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
          <input type="hidden" name="ticketId" value={ticket.id} />
          <MessageField
            label="Add a message"
            rows={3}
            defaultValue={failed?.values?.body}
            error={failed?.fieldErrors?.body?.[0]}
          />
          <PhotoField error={failed?.fieldErrors?.photo?.[0]} />
          <SubmitButton intent={intent} pendingText="Sending…" className="btn-outline">
            Send message
          </SubmitButton>
        </Form>
      </details>
    </article>
  );
}
