// The dashboard's Support tab: open a ticket (subject, description, an optional photo and one of
// the shopper's orders), and the tickets they raised (or raised as a guest with this address
// before signing up) with their status and thread, each with a form to add a message.
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { NewTicketForm, type SupportAnswer, TicketThread } from '#app/features/shared/support-forms.tsx';
import type { CustomerTicket } from '#core/contract/support.ts';

export function SupportTickets({
  tickets,
  orders,
  newAnswer,
  messageAnswer,
  contacts,
}: {
  tickets: CustomerTicket[];
  orders: { trackingNumber: string; createdAt: string }[];
  newAnswer: SupportAnswer | null;
  messageAnswer: SupportAnswer | null;
  /** Other ways to reach the shop, shown while there is no ticket. */
  contacts: React.ReactNode;
}) {
  const answeredTicket = messageAnswer?.values?.ticketId ? Number(messageAnswer.values.ticketId) : null;
  const success = [newAnswer, messageAnswer].find((a) => a?.ok);
  return (
    <div className="space-y-10">
      {success ? <FormMessage tone="success">{success.message}</FormMessage> : null}
      <section aria-labelledby="new-ticket-title" className="rounded-2xl bg-white p-5 shadow-sm">
        <h3 id="new-ticket-title" className="text-lg font-semibold">
          Tell us about a problem
        </h3>
        <p className="mt-1 text-sm text-muted">
          We answer by email and here, usually within one working day.
        </p>
        <div className="mt-4">
          <NewTicketForm
            answer={newAnswer?.ok ? null : newAnswer}
            guest={false}
            orders={orders}
            intent="ticket"
          />
        </div>
      </section>
      <section aria-labelledby="tickets-title">
        <h3 id="tickets-title" className="text-lg font-semibold">
          Your tickets
        </h3>
        {tickets.length === 0 ? (
          <div className="mt-4">{contacts}</div>
        ) : (
          <ul className="mt-4 space-y-4">
            {tickets.map((t) => (
              <li key={t.id}>
                <TicketThread
                  ticket={t}
                  intent="ticket-message"
                  answer={answeredTicket === t.id && !messageAnswer?.ok ? messageAnswer : null}
                  open={answeredTicket === t.id}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
