// The support module's SQL: tickets and their threads (messages, staff replies, internal notes),
// the guest's private link (its hash), the staff list with its search and counts by status.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { supportMessages, supportTicketLinks, supportTickets } from '#server/db/schema/support.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type NewTicket = typeof supportTickets.$inferInsert;
export type NewMessage = typeof supportMessages.$inferInsert;

/** Inserts the ticket; null when its reference is taken (the caller draws another). */
export async function insertTicket(q: Queryable, values: NewTicket): Promise<TicketRow | null> {
  const [row] = await q
    .insert(supportTickets)
    .values(values)
    .onConflictDoNothing({
      target: supportTickets.reference,
    })
    .returning();
  return row ?? null;
}

export async function insertMessage(q: Queryable, values: NewMessage): Promise<MessageRow> {
  const [row] = await q.insert(supportMessages).values(values).returning();
  return row!;
}

export async function findTicket(q: Queryable, id: number): Promise<TicketRow | null> {
  const [row] = await q.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row ?? null;
}

export async function lockTicket(q: Queryable, id: number): Promise<TicketRow | null> {
  const [row] = await q.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row ?? null;
}

export async function insertLink(q: Queryable, ticketId: number, tokenHash: string): Promise<void> {
  await q.insert(supportTicketLinks).values({ ticketId, tokenHash });
}

export async function findTicketByTokenHash(q: Queryable, hash: string): Promise<TicketRow | null> {
  const [row] = await q
    .select({ ticket: supportTickets })
    .from(supportTicketLinks)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketLinks.ticketId))
    .where(eq(supportTicketLinks.tokenHash, hash));
  return row?.ticket ?? null;
}

export async function listTicketsOfUser(q: Queryable, userId: number): Promise<TicketRow[]> {
  return q
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(100);
}

/** The threads of these tickets, oldest message first; internal notes only when asked. */
export async function messagesOf(
  q: Queryable,
  ticketIds: number[],
  options: { internal: boolean },
): Promise<MessageRow[]> {
  if (ticketIds.length === 0) return [];
  return q
    .select()
    .from(supportMessages)
    .where(
      and(
        inArray(supportMessages.ticketId, ticketIds),
        options.internal ? undefined : eq(supportMessages.internal, false),
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

export async function findMessage(q: Queryable, id: number): Promise<MessageRow | null> {
  const [row] = await q.select().from(supportMessages).where(eq(supportMessages.id, id));
  return row ?? null;
}

/** The latest reply the customer can see (what "Update Reply" edits), or null. */
export async function latestReply(q: Queryable, ticketId: number): Promise<MessageRow | null> {
  const [row] = await q
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.ticketId, ticketId),
        eq(supportMessages.authorKind, 'staff'),
        eq(supportMessages.internal, false),
      ),
    )
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(1);
  return row ?? null;
}

export async function setMessageBody(q: Queryable, id: number, body: string): Promise<void> {
  await q.update(supportMessages).set({ body }).where(eq(supportMessages.id, id));
}

export async function updateTicket(
  q: Queryable,
  id: number,
  set: Partial<Pick<TicketRow, 'status' | 'assignedTo' | 'resolvedAt' | 'userId'>>,
): Promise<void> {
  await q
    .update(supportTickets)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(supportTickets.id, id));
}

/** Guest tickets raised with this email join the account; returns how many did. */
export async function joinGuestTickets(q: Queryable, userId: number, email: string): Promise<number> {
  const rows = await q
    .update(supportTickets)
    .set({ userId })
    .where(and(isNull(supportTickets.userId), sql`lower(${supportTickets.email}) = ${email.toLowerCase()}`))
    .returning({ id: supportTickets.id });
  return rows.length;
}

export interface StaffTicketFilter {
  text?: string;
  status?: string;
  limit: number;
  offset: number;
}

export async function listForStaff(
  q: Queryable,
  filter: StaffTicketFilter,
): Promise<{ rows: TicketRow[]; total: number }> {
  let search: SQL | undefined;
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    search = or(
      ilike(supportTickets.subject, pattern),
      ilike(supportTickets.name, pattern),
      ilike(supportTickets.email, pattern),
      ilike(supportTickets.reference, pattern),
    );
  }
  const where = and(search, filter.status ? eq(supportTickets.status, filter.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    q
      .select()
      .from(supportTickets)
      .where(where)
      .orderBy(
        sql`CASE ${supportTickets.status} WHEN 'pending' THEN 0 WHEN 'in-progress' THEN 1 ELSE 2 END`,
        desc(supportTickets.updatedAt),
        desc(supportTickets.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    q.select({ n: count() }).from(supportTickets).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function countByStatus(q: Queryable): Promise<Map<string, number>> {
  const rows = await q
    .select({ status: supportTickets.status, n: count() })
    .from(supportTickets)
    .groupBy(supportTickets.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function countTicketsPerUser(q: Queryable, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ userId: supportTickets.userId, n: count() })
    .from(supportTickets)
    .where(inArray(supportTickets.userId, userIds))
    .groupBy(supportTickets.userId);
  return new Map(rows.map((r) => [r.userId!, Number(r.n)]));
}
