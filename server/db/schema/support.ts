import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

/**
 * A customer's support ticket ("complaint", issue 14): raised from the dashboard by an account or
 * from /support by a guest (name and email; private emailed links, `support_ticket_links`, let the
 * guest follow it). A guest's tickets join the account that later signs up with that address.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** "T-" and six characters: what the customer and staff call it (never an access key). */
    reference: text('reference').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who raised it, as typed (a guest) or from the account at the time. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The customer's own order it is about, if they named one. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('pending'),
    /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
    sample: boolean('sample').notNull().default(false),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId),
    index('support_tickets_status_idx').on(t.status, t.updatedAt),
    index('support_tickets_email_idx').on(sql`lower(${t.email})`),
    check('support_tickets_status_valid', sql`${t.status} IN ('pending', 'in-progress', 'resolved')`),
  ],
);

/** A ticket's thread: the customer's messages, staff replies and staff-only internal notes. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Storage key of the private photo (never in `media`; served only to who may see the ticket). */
    photoKey: text('photo_key'),
    photoType: text('photo_type'),
    /** Staff-only: never emailed, never shown to the customer. */
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_messages_author_valid', sql`${t.authorKind} IN ('customer', 'staff')`),
    check('support_messages_internal_staff', sql`NOT ${t.internal} OR ${t.authorKind} = 'staff'`),
  ],
);

/**
 * A guest's private links to a ticket: each email to a guest carries a fresh random token, of
 * which only the SHA-256 is kept (as for the accounts module's links), so every link they were
 * sent keeps working and a copy of the tables opens nothing.
 */
export const supportTicketLinks = pgTable(
  'support_ticket_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_links_ticket_idx').on(t.ticketId)],
);
