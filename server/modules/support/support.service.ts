// Support tickets ("complaints", issue 14), the customer's side: a signed-in customer or a guest
// raises a ticket (subject, description, an optional photo, optionally one of their own orders),
// follows its thread and adds to it. A guest follows it through a private emailed link whose
// SHA-256 alone is stored; when that address later confirms an account, the guest's tickets join
// it (`joinGuestTickets`, the port sign-up calls). Photos are private: checked and re-encoded by
// the media module's `cleanImage`, kept in storage under `private/tickets/`, never in `media`, and
// served only to who may see the ticket (ADR 035). Anything not the viewer's is a 404. What the
// staff's side shares with this one (photos, threads, follow links) is in ticket-shared.ts.
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '#core/contract/account.ts';
import {
  type CustomerTicket,
  GuestTicketInput,
  NewTicketInput,
  TicketMessageInput,
  type TicketStatus,
} from '#core/contract/support.ts';
import { customerEmailKey } from '#core/email-identity.ts';
import { isRowId } from '#core/ids.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { staffNewTicketMail, ticketReceivedMail } from '#server/modules/mail/support-templates.tsx';
import type { CustomerOrdersPort, OrderOwner } from '#server/modules/orders/orders.ports.ts';
import { hashToken } from '#server/platform/auth/tokens.ts';
import { NotFoundError, ValidationError } from '#server/platform/errors.ts';
import type { RateLimiter, RateLimitRule } from '#server/platform/rate-limit.ts';
import { type BlobStorage, putUpload } from '#server/platform/storage.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  countTicketsPerUser,
  findMessage,
  findTicket,
  findTicketByTokenHash,
  insertMessage,
  insertTicket,
  joinGuestTickets,
  listTicketsOfUser,
  messagesOf,
  type TicketRow,
  updateTicket,
} from './support.repository.ts';
import { type CleanPhoto, cleanPhoto, newLink, threadOf } from './ticket-shared.ts';

const NOT_FOUND = 'We could not find that ticket.';
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * How often the guest form may make the shop write to one address (ADR 063), on top of the
 * per-client `support` limits (ABUSE_LIMITS): the form emails whatever address is typed, so the
 * recipient is counted too, by the address as its mailbox sees it (`+tag` and Gmail dots are one
 * mailbox). Tunable by name with RATE_LIMITS (`support:recipient=10/1d`).
 */
export const SUPPORT_RATE_LIMITS = {
  guestPerRecipient: {
    name: 'support:recipient',
    limit: 5,
    windowMs: 24 * 60 * 60 * 1000,
    message:
      'We have already sent several emails about support tickets to that address today. Please wait {wait}, or reply through a link we sent you.',
  },
} satisfies Record<string, RateLimitRule>;

/** "T-" and six characters without look-alikes (0/O, 1/I). */
export function newReference(): string {
  const bytes = randomBytes(6);
  return `T-${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/** Who is looking at a ticket's photo. */
export type PhotoViewer =
  | { kind: 'token'; token: string }
  | { kind: 'user'; user: SessionUser; staff: boolean };

export interface SupportDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue'>;
  storage: BlobStorage;
  orders: CustomerOrdersPort;
  publicUrl: string;
  /** Counts the guest form's acknowledgements per recipient (SUPPORT_RATE_LIMITS). */
  limiter: Pick<RateLimiter, 'consume'>;
  /** Who hears of each new ticket (the settings' order-notification addresses). */
  staffEmails: (q: Queryable) => Promise<readonly string[]>;
}

export function createSupportService(deps: SupportDeps) {
  const { db, mail, storage, orders } = deps;
  const link = (path: string) => new URL(path, deps.publicUrl).toString();

  async function customerView(
    ticket: TicketRow,
    photoUrl: (id: number) => string,
    q: Queryable = db,
  ): Promise<CustomerTicket> {
    const [rows, tracking] = await Promise.all([
      messagesOf(q, [ticket.id], { internal: false }),
      ticket.orderId === null
        ? Promise.resolve(new Map<number, string>())
        : orders.trackingNumbersOf(q, [ticket.orderId]),
    ]);
    return {
      id: ticket.id,
      reference: ticket.reference,
      subject: ticket.subject,
      status: ticket.status as TicketStatus,
      trackingNumber: ticket.orderId === null ? null : (tracking.get(ticket.orderId) ?? null),
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
      messages: threadOf(ticket, rows, photoUrl),
    };
  }

  /** Writes a new ticket with its first message, the acknowledgement and the staff note. */
  async function open(
    owner: OrderOwner & { name: string },
    input: NewTicketInput,
    photo: CleanPhoto | null,
    followUrl: (token: string | null) => string,
    guest: boolean,
  ): Promise<{ ticket: TicketRow; token: string | null }> {
    return db.transaction(async (tx) => {
      let orderId: number | null = null;
      if (input.trackingNumber) {
        const order = await orders.owned(tx, input.trackingNumber, owner);
        if (!order) {
          throw new ValidationError('That tracking number is not one of your orders.', {
            trackingNumber: [
              guest
                ? 'We could not find an order with that tracking number for this email address.'
                : 'That tracking number is not one of your orders.',
            ],
          });
        }
        orderId = order.id;
      }
      let ticket: TicketRow | null = null;
      for (let attempt = 0; ticket === null && attempt < 5; attempt++) {
        ticket = await insertTicket(tx, {
          reference: newReference(),
          userId: owner.userId,
          name: owner.name,
          email: owner.email,
          orderId,
          subject: input.subject,
        });
      }
      if (!ticket) throw new Error('Could not draw a free ticket reference');
      const token = guest ? await newLink(tx, ticket.id) : null;
      if (photo) await putUpload(storage, photo.key, photo.data);
      await insertMessage(tx, {
        ticketId: ticket.id,
        authorKind: 'customer',
        authorUserId: owner.userId,
        body: input.body,
        photoKey: photo?.key ?? null,
        photoType: photo?.contentType ?? null,
      });
      await mail.enqueue(
        tx,
        ticketReceivedMail({
          to: owner.email,
          // A guest's name is as typed as the rest of the form: not in a mail to a typed address.
          name: guest ? null : owner.name,
          reference: ticket.reference,
          url: followUrl(token),
        }),
      );
      for (const to of await deps.staffEmails(tx)) {
        await mail.enqueue(
          tx,
          staffNewTicketMail({
            to,
            reference: ticket.reference,
            customerName: owner.name,
            customerEmail: owner.email,
            guest,
            subject: ticket.subject,
            excerpt: input.body.length > 600 ? `${input.body.slice(0, 599)}…` : input.body,
            adminUrl: link(`/admin/complaints/${ticket.id}`),
          }),
        );
      }
      return { ticket, token };
    });
  }

  /** Adds the customer's message; a resolved ticket opens again for staff. */
  async function addCustomerMessage(ticket: TicketRow, body: string, photo: CleanPhoto | null) {
    await db.transaction(async (tx) => {
      if (photo) await putUpload(storage, photo.key, photo.data);
      await insertMessage(tx, {
        ticketId: ticket.id,
        authorKind: 'customer',
        authorUserId: ticket.userId,
        body,
        photoKey: photo?.key ?? null,
        photoType: photo?.contentType ?? null,
      });
      await updateTicket(
        tx,
        ticket.id,
        ticket.status === 'resolved' ? { status: 'pending', resolvedAt: null } : {},
      );
    });
  }

  async function ticketOfToken(token: string): Promise<TicketRow> {
    if (typeof token !== 'string' || token.length < 20 || token.length > 100)
      throw new NotFoundError(NOT_FOUND);
    const ticket = await findTicketByTokenHash(db, hashToken(token));
    if (!ticket) throw new NotFoundError(NOT_FOUND);
    return ticket;
  }

  async function ticketOfUser(user: SessionUser, id: unknown): Promise<TicketRow> {
    const ticketId = Number(id);
    if (!isRowId(ticketId)) throw new NotFoundError(NOT_FOUND);
    const ticket = await findTicket(db, ticketId);
    if (!ticket || ticket.userId !== user.id) throw new NotFoundError(NOT_FOUND);
    return ticket;
  }

  const accountPhotoUrl = (id: number) => `/support/photos/${id}`;
  const tokenPhotoUrl = (token: string) => (id: number) => `/support/t/${token}/photos/${id}`;

  return {
    /** The dashboard's Support tab: the account's tickets with their threads, and its orders. */
    async forAccount(
      user: SessionUser,
    ): Promise<{ tickets: CustomerTicket[]; orders: { trackingNumber: string; createdAt: string }[] }> {
      const [rows, owned] = await Promise.all([
        listTicketsOfUser(db, user.id),
        orders.of(db, { userId: user.id, email: user.email }, 30),
      ]);
      const messages = await messagesOf(
        db,
        rows.map((r) => r.id),
        { internal: false },
      );
      const tracking = await orders.trackingNumbersOf(
        db,
        rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])),
      );
      return {
        tickets: rows.map((t) => ({
          id: t.id,
          reference: t.reference,
          subject: t.subject,
          status: t.status as TicketStatus,
          trackingNumber: t.orderId === null ? null : (tracking.get(t.orderId) ?? null),
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
          messages: threadOf(
            t,
            messages.filter((m) => m.ticketId === t.id),
            accountPhotoUrl,
          ),
        })),
        orders: owned.map((o) => ({
          trackingNumber: o.trackingNumber,
          createdAt: o.createdAt.toISOString(),
        })),
      };
    },

    /** A signed-in customer's new ticket. */
    async openForAccount(
      user: SessionUser,
      input: unknown,
      photoBytes: Buffer | null,
    ): Promise<CustomerTicket> {
      const parsed = parseInput(NewTicketInput, input);
      const photo = await cleanPhoto(photoBytes);
      const { ticket } = await open(
        { userId: user.id, email: user.email, name: user.name },
        parsed,
        photo,
        () => link('/dashboard?tab=support'),
        false,
      );
      return customerView(ticket, accountPhotoUrl);
    },

    /** A guest's new ticket from /support; the private link's token goes out by email only. */
    async openAsGuest(
      input: unknown,
      photoBytes: Buffer | null,
    ): Promise<{ reference: string; email: string }> {
      const parsed = parseInput(GuestTicketInput, input);
      // Counted only for a form that would write (a refused one sends nothing), before the photo's work.
      await deps.limiter.consume(SUPPORT_RATE_LIMITS.guestPerRecipient, customerEmailKey(parsed.email));
      const photo = await cleanPhoto(photoBytes);
      const { ticket } = await open(
        { userId: null, email: parsed.email, name: parsed.name },
        parsed,
        photo,
        (token) => link(`/support/t/${token}`),
        true,
      );
      return { reference: ticket.reference, email: ticket.email };
    },

    /** The ticket behind a guest's private link (404 for any other token). */
    async byToken(token: string): Promise<CustomerTicket> {
      const ticket = await ticketOfToken(token);
      return customerView(ticket, tokenPhotoUrl(token));
    },

    async replyByToken(token: string, input: unknown, photoBytes: Buffer | null): Promise<void> {
      const ticket = await ticketOfToken(token);
      const { body } = parseInput(TicketMessageInput, input);
      await addCustomerMessage(ticket, body, await cleanPhoto(photoBytes));
    },

    /** A signed-in customer adds to one of their tickets (anyone else's is a 404). */
    async replyForAccount(
      user: SessionUser,
      ticketId: unknown,
      input: unknown,
      photoBytes: Buffer | null,
    ): Promise<void> {
      const ticket = await ticketOfUser(user, ticketId);
      const { body } = parseInput(TicketMessageInput, input);
      await addCustomerMessage(ticket, body, await cleanPhoto(photoBytes));
    },

    /**
     * A ticket's photo for who may see it: the ticket's account, the holder of its private link,
     * or staff who handle complaints. Anything else is the same 404 as a photo that does not exist.
     */
    async photo(viewer: PhotoViewer, messageId: unknown): Promise<{ body: Buffer; contentType: string }> {
      const id = Number(messageId);
      if (!isRowId(id)) throw new NotFoundError('No such photo.');
      const message = await findMessage(db, id);
      if (!message?.photoKey) throw new NotFoundError('No such photo.');
      const ticket = await findTicket(db, message.ticketId);
      if (!ticket) throw new NotFoundError('No such photo.');
      let allowed = false;
      if (viewer.kind === 'token') {
        const linked = await findTicketByTokenHash(db, hashToken(viewer.token));
        allowed = linked?.id === ticket.id && !message.internal;
      } else {
        allowed = viewer.staff || (ticket.userId === viewer.user.id && !message.internal);
      }
      if (!allowed) throw new NotFoundError('No such photo.');
      const body = await storage.get(message.photoKey);
      if (!body) throw new NotFoundError('No such photo.');
      return { body, contentType: message.photoType ?? 'application/octet-stream' };
    },

    /**
     * The port sign-up calls inside its confirmation: the guest tickets raised with this (now
     * confirmed) address join the account.
     */
    joinGuestTickets(q: Queryable, userId: number, email: string): Promise<number> {
      return joinGuestTickets(q, userId, email);
    },

    /** The port the admin users list asks: tickets per account. */
    countsPerAccount(userIds: number[]): Promise<Map<number, number>> {
      return countTicketsPerUser(db, [...new Set(userIds)]);
    },
  };
}
