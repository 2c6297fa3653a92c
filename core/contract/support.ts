// Support tickets ("complaints", issue 14) as the forms, pages and admin screen see them: what a
// customer or guest sends, what staff send, and what each side is shown. Types are inferred.
// Browser code imports only types and the zod-free constants from here (ADR 009).
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';
import { EmailField } from './account.ts';

export const TICKET_STATUSES = ['pending', 'in-progress', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  resolved: 'Resolved',
};
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_BODY_MAX = 4000;
export const ADMIN_TICKETS_PAGE_SIZE = 20;

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const Subject = z
  .string({ error: 'Please give your message a subject.' })
  .trim()
  .min(3, 'Please give your message a subject.')
  .max(TICKET_SUBJECT_MAX, `Please keep the subject under ${TICKET_SUBJECT_MAX} characters.`);

const Body = z
  .string({ error: 'Please tell us what happened.' })
  .trim()
  .min(10, 'Please tell us what happened (10 characters or more).')
  .max(TICKET_BODY_MAX, `Please keep your message under ${TICKET_BODY_MAX} characters.`);

const TrackingNumber = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .trim()
    .max(40, 'That tracking number is too long.')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .optional(),
);

/** A signed-in customer's new ticket: the order is one of theirs, picked by tracking number. */
export const NewTicketInput = z.object({
  subject: Subject,
  body: Body,
  trackingNumber: TrackingNumber,
});
export type NewTicketInput = z.infer<typeof NewTicketInput>;

/** A guest's new ticket from /support: who they are, so we can answer by email. */
export const GuestTicketInput = NewTicketInput.extend({
  name: z
    .string({ error: 'Please tell us your name.' })
    .trim()
    .min(2, 'Please tell us your name.')
    .max(100, 'That name is too long.'),
  email: EmailField,
});
export type GuestTicketInput = z.infer<typeof GuestTicketInput>;

/** How long each field of the guest form may be: what a refused form sends back is cut to these. */
export const GUEST_TICKET_FIELD_LIMITS = {
  name: 100,
  email: 254,
  trackingNumber: 40,
  subject: TICKET_SUBJECT_MAX,
  body: TICKET_BODY_MAX,
} as const;

/** A message added to a ticket's thread (customer or staff). */
export const TicketMessageInput = z.object({ body: Body });

export const TicketIdInput = z.object({
  id: z.coerce
    .number({ error: 'Choose a ticket.' })
    .int()
    .positive('Choose a ticket.')
    .max(MAX_ROW_ID, 'Choose a ticket.'),
});

export const TicketReplyInput = TicketIdInput.extend({
  body: z
    .string({ error: 'Please write the reply.' })
    .trim()
    .min(2, 'Please write the reply.')
    .max(TICKET_BODY_MAX, `Keep the reply under ${TICKET_BODY_MAX} characters.`),
});

export const TicketNoteInput = TicketIdInput.extend({
  body: z
    .string({ error: 'Please write the note.' })
    .trim()
    .min(2, 'Please write the note.')
    .max(TICKET_BODY_MAX, `Keep the note under ${TICKET_BODY_MAX} characters.`),
});

export const TicketStatusInput = TicketIdInput.extend({
  status: z.enum(TICKET_STATUSES, { error: 'Choose pending, in progress or resolved.' }),
});

export const TicketAssignInput = TicketIdInput.extend({
  /** Empty: nobody. */
  assignee: z.preprocess(blankIsAbsent, z.coerce.number().int().positive().max(MAX_ROW_ID).optional()),
});

/** The admin list's filter (bookmarkable; unknown values fall back to "any"). */
export const AdminTicketsQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()).catch(undefined),
  status: z.preprocess(blankIsAbsent, z.enum(TICKET_STATUSES).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminTicketsQuery = z.infer<typeof AdminTicketsQuery>;

/** One message as the customer sees it (internal notes never reach them). */
export interface TicketMessage {
  id: number;
  author: 'customer' | 'staff';
  /** Staff: the shop's name; the customer: their own. */
  authorName: string;
  body: string;
  /** The private photo's address (served only to who may see the ticket), or null. */
  photoUrl: string | null;
  internal: boolean;
  createdAt: string;
}

/** A ticket as its customer (account or guest link) sees it. */
export interface CustomerTicket {
  id: number;
  reference: string;
  subject: string;
  status: TicketStatus;
  trackingNumber: string | null;
  createdAt: string;
  updatedAt: string;
  messages: TicketMessage[];
}

/** A row of the admin list. */
export interface AdminTicketRow {
  id: number;
  reference: string;
  subject: string;
  status: TicketStatus;
  name: string;
  email: string;
  guest: boolean;
  trackingNumber: string | null;
  /** The first message (the complaint itself), shortened. */
  excerpt: string;
  /** The latest staff reply (the reply modal edits it as "Update Reply"). */
  lastReply: string | null;
  hasPhoto: boolean;
  assigneeName: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketCounts {
  pending: number;
  'in-progress': number;
  resolved: number;
}

export interface AdminTicketsPage {
  items: AdminTicketRow[];
  total: number;
  page: number;
  pageCount: number;
  counts: TicketCounts;
}

/** The admin detail page: the whole thread (notes included), the customer's orders, staff list. */
export interface AdminTicketDetail extends AdminTicketRow {
  userId: number | null;
  messages: TicketMessage[];
  assigneeId: number | null;
  orders: { trackingNumber: string; status: string; totalKobo: number; createdAt: string }[];
  staff: { id: number; name: string }[];
}
