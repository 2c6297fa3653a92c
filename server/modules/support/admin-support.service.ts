// The admin complaints screen (/admin/complaints): the list with search, status filter and counts
// by status (the sidebar shows them too), a ticket's whole thread with its photos, the customer's
// orders, internal notes, assignment, status changes, and replies that are saved and emailed
// ("Update Reply" edits the latest one and emails the update). Every change checks
// `complaints.handle` again, runs in one transaction with its audit record, and queues its email
// in that transaction. Internal notes are never emailed nor shown to the customer.
import {
  ADMIN_TICKETS_PAGE_SIZE,
  type AdminTicketDetail,
  type AdminTicketRow,
  type AdminTicketsPage,
  AdminTicketsQuery,
  TicketAssignInput,
  type TicketCounts,
  TicketIdInput,
  TicketNoteInput,
  TicketReplyInput,
  type TicketStatus,
  TicketStatusInput,
} from '#core/contract/support.ts';
import { isRowId } from '#core/ids.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { ticketReplyMail, ticketResolvedMail } from '#server/modules/mail/support-templates.tsx';
import type { CustomerOrdersPort } from '#server/modules/orders/orders.ports.ts';
import { NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { type BlobStorage, putUpload } from '#server/platform/storage.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  countByStatus,
  findTicket,
  insertMessage,
  latestReply,
  listForStaff,
  lockTicket,
  type MessageRow,
  messagesOf,
  setMessageBody,
  type TicketRow,
  updateTicket,
} from './support.repository.ts';
import { cleanPhoto, followUrlFor, threadOf } from './ticket-shared.ts';

const DENIED = 'You cannot handle complaints.';

export interface StaffDirectory {
  /** Staff and admins who may be assigned a ticket. */
  list(): Promise<{ id: number; name: string }[]>;
}

export function createAdminSupportService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  mail: Pick<MailService, 'enqueue'>;
  orders: CustomerOrdersPort;
  staff: StaffDirectory;
  publicUrl: string;
  storage: BlobStorage;
}) {
  const { db, audit, mail } = deps;

  function recorded(row: TicketRow) {
    return { status: row.status, assignedTo: row.assignedTo, subject: row.subject, reference: row.reference };
  }

  async function record(
    tx: Queryable,
    actor: StaffActor,
    action: string,
    row: TicketRow,
    details: Record<string, unknown>,
  ) {
    await audit.record(tx, {
      actorUserId: actor.user.id,
      action,
      subjectType: 'support_ticket',
      subjectId: row.id,
      ip: actor.ip ?? null,
      details,
    });
  }

  async function locked<T>(id: number, work: (tx: Queryable, row: TicketRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await lockTicket(tx, id);
      if (!row) throw new NotFoundError('That ticket no longer exists.');
      return work(tx, row);
    });
  }

  async function counts(): Promise<TicketCounts> {
    const map = await countByStatus(db);
    return {
      pending: map.get('pending') ?? 0,
      'in-progress': map.get('in-progress') ?? 0,
      resolved: map.get('resolved') ?? 0,
    };
  }

  async function rowsOf(rows: TicketRow[]): Promise<AdminTicketRow[]> {
    const ids = rows.map((r) => r.id);
    const [messages, tracking, staff] = await Promise.all([
      messagesOf(db, ids, { internal: false }),
      deps.orders.trackingNumbersOf(
        db,
        rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])),
      ),
      deps.staff.list(),
    ]);
    const names = new Map(staff.map((s) => [s.id, s.name]));
    return rows.map((r) => {
      const thread = messages.filter((m) => m.ticketId === r.id);
      const first = thread[0];
      const reply = thread.filter((m) => m.authorKind === 'staff').at(-1);
      return {
        id: r.id,
        reference: r.reference,
        subject: r.subject,
        status: r.status as TicketStatus,
        name: r.name,
        email: r.email,
        guest: r.userId === null,
        trackingNumber: r.orderId === null ? null : (tracking.get(r.orderId) ?? null),
        excerpt: first ? (first.body.length > 280 ? `${first.body.slice(0, 279)}…` : first.body) : '',
        lastReply: reply?.body ?? null,
        hasPhoto: thread.some((m) => m.photoKey !== null),
        assigneeName: r.assignedTo === null ? null : (names.get(r.assignedTo) ?? 'Former staff member'),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async function emailReply(tx: Queryable, row: TicketRow, reply: string, updated: boolean) {
    await mail.enqueue(
      tx,
      ticketReplyMail({
        to: row.email,
        name: row.name,
        reference: row.reference,
        subject: row.subject,
        url: await followUrlFor(tx, row, deps.publicUrl),
        reply,
        updated,
      }),
    );
  }

  return {
    /** Counts by status, for the admin sidebar (staff without the permission get null). */
    async sidebarCounts(actor: StaffActor): Promise<TicketCounts | null> {
      try {
        assertCan(actor, 'complaints.handle', DENIED);
      } catch {
        return null;
      }
      return counts();
    },

    async list(actor: StaffActor, query: unknown): Promise<AdminTicketsPage & { query: AdminTicketsQuery }> {
      assertCan(actor, 'complaints.handle', DENIED);
      const filter = parseInput(AdminTicketsQuery, query);
      const [{ rows, total }, byStatus] = await Promise.all([
        listForStaff(db, {
          text: filter.q,
          status: filter.status,
          limit: ADMIN_TICKETS_PAGE_SIZE,
          offset: (filter.page - 1) * ADMIN_TICKETS_PAGE_SIZE,
        }),
        counts(),
      ]);
      return {
        query: filter,
        items: await rowsOf(rows),
        total,
        page: filter.page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_TICKETS_PAGE_SIZE)),
        counts: byStatus,
      };
    },

    async detail(actor: StaffActor, id: unknown): Promise<AdminTicketDetail> {
      assertCan(actor, 'complaints.handle', DENIED);
      const ticketId = Number(id);
      if (!isRowId(ticketId)) throw new NotFoundError('No such ticket.');
      const ticket = await findTicket(db, ticketId);
      if (!ticket) throw new NotFoundError('No such ticket.');
      const [[row], messages, orders, staff] = await Promise.all([
        rowsOf([ticket]),
        messagesOf(db, [ticket.id], { internal: true }),
        deps.orders.of(db, { userId: ticket.userId, email: ticket.email }, 20),
        deps.staff.list(),
      ]);
      const names = new Map(staff.map((s) => [s.id, s.name]));
      return {
        ...row!,
        userId: ticket.userId,
        assigneeId: ticket.assignedTo,
        messages: threadOf(
          ticket,
          messages,
          (mid) => `/support/photos/${mid}`,
          (uid) => (uid === null ? 'Crown Hair' : (names.get(uid) ?? 'Crown Hair')),
        ),
        orders: orders.map((o) => ({
          trackingNumber: o.trackingNumber,
          status: o.status,
          totalKobo: o.totalKobo,
          createdAt: o.createdAt.toISOString(),
        })),
        staff,
      };
    },

    /** Any status, as the spec says; resolving emails the customer. */
    async setStatus(actor: StaffActor, input: unknown): Promise<{ changed: boolean }> {
      assertCan(actor, 'complaints.handle', DENIED);
      const { id, status } = parseInput(TicketStatusInput, input);
      return locked(id, async (tx, row) => {
        if (row.status === status) return { changed: false };
        await updateTicket(tx, row.id, { status, resolvedAt: status === 'resolved' ? new Date() : null });
        await record(tx, actor, 'support_ticket.status_changed', row, {
          before: recorded(row),
          after: recorded({ ...row, status }),
        });
        if (status === 'resolved') {
          await mail.enqueue(
            tx,
            ticketResolvedMail({
              to: row.email,
              name: row.name,
              reference: row.reference,
              subject: row.subject,
              url: await followUrlFor(tx, row, deps.publicUrl),
            }),
          );
        }
        return { changed: true };
      });
    },

    /**
     * A reply the customer sees and is emailed. `update` edits the latest reply (the spec's
     * "Update Reply") and emails the update; otherwise a new reply joins the thread. A pending
     * ticket moves to in progress.
     */
    async reply(
      actor: StaffActor,
      input: unknown,
      options: { update?: boolean; photo?: Buffer | null } = {},
    ): Promise<{ updated: boolean }> {
      assertCan(actor, 'complaints.handle', DENIED);
      const { id, body } = parseInput(TicketReplyInput, input);
      const photo = await cleanPhoto(options.photo);
      return locked(id, async (tx, row) => {
        const previous: MessageRow | null = options.update ? await latestReply(tx, row.id) : null;
        if (previous) {
          await setMessageBody(tx, previous.id, body);
        } else {
          if (photo) await putUpload(deps.storage, photo.key, photo.data);
          await insertMessage(tx, {
            ticketId: row.id,
            authorKind: 'staff',
            authorUserId: actor.user.id,
            body,
            photoKey: photo?.key ?? null,
            photoType: photo?.contentType ?? null,
          });
        }
        const status = row.status === 'pending' ? 'in-progress' : row.status;
        await updateTicket(tx, row.id, { status });
        await record(tx, actor, previous ? 'support_ticket.reply_updated' : 'support_ticket.replied', row, {
          before: previous ? { reply: previous.body } : null,
          after: { reply: body, status },
        });
        await emailReply(tx, row, body, previous !== null);
        return { updated: previous !== null };
      });
    },

    /** A note for staff only: never emailed, never shown to the customer. */
    async note(actor: StaffActor, input: unknown): Promise<void> {
      assertCan(actor, 'complaints.handle', DENIED);
      const { id, body } = parseInput(TicketNoteInput, input);
      await locked(id, async (tx, row) => {
        await insertMessage(tx, {
          ticketId: row.id,
          authorKind: 'staff',
          authorUserId: actor.user.id,
          body,
          internal: true,
        });
        await record(tx, actor, 'support_ticket.noted', row, { note: body });
      });
    },

    async assign(actor: StaffActor, input: unknown): Promise<{ assigneeName: string | null }> {
      assertCan(actor, 'complaints.handle', DENIED);
      const { id, assignee } = parseInput(TicketAssignInput, input);
      const staff = await deps.staff.list();
      const member = assignee === undefined ? null : staff.find((s) => s.id === assignee);
      if (member === undefined) {
        throw new ValidationError('Choose a staff member from the list.', {
          assignee: ['Choose a staff member from the list.'],
        });
      }
      return locked(id, async (tx, row) => {
        const assignedTo = member?.id ?? null;
        await updateTicket(tx, row.id, { assignedTo });
        await record(tx, actor, 'support_ticket.assigned', row, {
          before: recorded(row),
          after: recorded({ ...row, assignedTo }),
        });
        return { assigneeName: member?.name ?? null };
      });
    },

    /** For forms that name a ticket by id only (the id is checked again by each change). */
    parseId: (input: unknown) => parseInput(TicketIdInput, input).id,
  };
}
