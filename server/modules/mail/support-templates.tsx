// Support tickets' emails (issue 14): the acknowledgement a customer gets for a new ticket, each
// reply from the shop (and its update), the resolution, and the note staff get for a new ticket.
// A guest's emails carry their private link to the ticket; an account's lead to the dashboard.
// Internal notes never reach these templates.
//
// Not a relay (issue 29, ADR 063): anyone can type any address into the guest form, so no subject
// carries what a customer typed (the ticket's reference names it), and the acknowledgement holds
// nothing the sender wrote: a neutral greeting for a guest (the name is as typed as the rest), no
// subject line and no message, only the link to the ticket.
import type { OutgoingMail } from './mail.service.ts';
import { Action, checkedUrl, greeting, html, Layout, P, SHOP_NAME, text } from './templates.tsx';

interface TicketMailBase {
  to: string;
  /** The customer's name, or null for a neutral "Hello," (a guest's name is whatever was typed). */
  name: string | null;
  reference: string;
  subject: string;
  /** Where the customer follows the ticket (the guest's private link or the dashboard). */
  url: string;
}

/** The message's paragraphs as typed (blank lines separate them). */
function Paragraphs({ body }: { body: string }) {
  return (
    <>
      {body.split(/\n{2,}/).map((para, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static email markup, never re-rendered
        <p key={i} style={{ margin: '0 0 16px', whiteSpace: 'pre-line', fontSize: 16 }}>
          {para}
        </p>
      ))}
    </>
  );
}

/** The acknowledgement: the reference and the link, none of the sender's words (see the header). */
export function ticketReceivedMail(input: Omit<TicketMailBase, 'subject'>): OutgoingMail {
  const url = checkedUrl(input.url);
  const subject = `We have your message (${input.reference})`;
  const lead = `Thank you for writing to ${SHOP_NAME}. Your ticket ${input.reference} is open and someone from our team will answer you soon, usually within one working day.`;
  const follow = 'You can follow it and add to it here:';
  return {
    template: 'support-ticket-received',
    to: input.to,
    subject,
    text: text([greeting(input.name), '', lead, '', follow, url, '', 'Please keep this link to yourself.']),
    html: html(
      <Layout title={subject} preview={lead}>
        <P>{greeting(input.name)}</P>
        <P>{lead}</P>
        <Action href={url} label="View your ticket" />
        <P muted>Please keep this link to yourself: it opens your ticket.</P>
      </Layout>,
    ),
  };
}

export function ticketReplyMail(input: TicketMailBase & { reply: string; updated: boolean }): OutgoingMail {
  const url = checkedUrl(input.url);
  const subject = `${input.updated ? 'Updated reply' : 'Reply'} to your ticket ${input.reference}`;
  const lead = input.updated
    ? `We have updated our reply to your ticket ${input.reference}:`
    : `We have replied to your ticket ${input.reference}:`;
  return {
    template: input.updated ? 'support-reply-updated' : 'support-reply',
    to: input.to,
    subject,
    text: text([greeting(input.name), '', lead, '', input.reply, '', 'To answer, open your ticket:', url]),
    html: html(
      <Layout title={subject} preview={input.reply.slice(0, 120)}>
        <P>{greeting(input.name)}</P>
        <P>{lead}</P>
        <Paragraphs body={input.reply} />
        <Action href={url} label="Open your ticket to answer" />
      </Layout>,
    ),
  };
}

export function ticketResolvedMail(input: TicketMailBase): OutgoingMail {
  const url = checkedUrl(input.url);
  const subject = `Your ticket ${input.reference} is resolved`;
  const lead = `We have marked your ticket ${input.reference} (“${input.subject}”) as resolved. If anything is still not right, add a message to it and we will pick it up again.`;
  return {
    template: 'support-ticket-resolved',
    to: input.to,
    subject,
    text: text([greeting(input.name), '', lead, '', url]),
    html: html(
      <Layout title={subject} preview={lead}>
        <P>{greeting(input.name)}</P>
        <P>{lead}</P>
        <Action href={url} label="View your ticket" />
      </Layout>,
    ),
  };
}

export function staffNewTicketMail(input: {
  to: string;
  reference: string;
  customerName: string;
  customerEmail: string;
  guest: boolean;
  subject: string;
  excerpt: string;
  adminUrl: string;
}): OutgoingMail {
  const adminUrl = checkedUrl(input.adminUrl);
  const subject = `New support ticket ${input.reference}: ${input.subject}`;
  const who = `${input.customerName} <${input.customerEmail}>${input.guest ? ' (guest)' : ''}`;
  return {
    template: 'staff-new-ticket',
    to: input.to,
    subject,
    text: text([
      `From: ${who}`,
      `Subject: ${input.subject}`,
      '',
      input.excerpt,
      '',
      `Answer it: ${adminUrl}`,
    ]),
    html: html(
      <Layout title={subject} preview={input.excerpt.slice(0, 120)}>
        <P>
          <strong>From:</strong> {who}
          <br />
          <strong>Subject:</strong> {input.subject}
        </P>
        <Paragraphs body={input.excerpt} />
        <Action href={adminUrl} label="Open the ticket" />
      </Layout>,
    ),
  };
}
