// SQL for the audit trail: append and read, never update or delete.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { auditEvents } from '#server/db/schema/audit.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function insertAuditEvent(
  q: Queryable,
  values: {
    actorUserId: number | null;
    action: string;
    subjectType: string;
    subjectId: string;
    ip?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<AuditEventRow> {
  const [row] = await q
    .insert(auditEvents)
    .values({ ...values, ip: values.ip || null, details: values.details ?? {} })
    .returning();
  return row!;
}

export interface AuditEventQuery {
  actorUserId?: number;
  subjectType?: string;
  subjectId?: string;
  action?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  limit: number;
  offset: number;
}

/** Newest first; `limit` rows from `offset` (the caller asks one more to know whether a next page exists). */
export async function listAuditEvents(q: Queryable, filter: AuditEventQuery): Promise<AuditEventRow[]> {
  const conditions: SQL[] = [];
  if (filter.actorUserId !== undefined) conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.subjectType) conditions.push(eq(auditEvents.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(auditEvents.subjectId, filter.subjectId));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.from) conditions.push(gte(auditEvents.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, filter.to));
  return q
    .select()
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The distinct actions and subject types recorded so far (the filter form's choices). */
export async function listAuditVocabulary(
  q: Queryable,
): Promise<{ actions: string[]; subjectTypes: string[] }> {
  const [actions, subjectTypes] = await Promise.all([
    q.selectDistinct({ v: auditEvents.action }).from(auditEvents).orderBy(auditEvents.action),
    q.selectDistinct({ v: auditEvents.subjectType }).from(auditEvents).orderBy(auditEvents.subjectType),
  ]);
  return { actions: actions.map((r) => r.v), subjectTypes: subjectTypes.map((r) => r.v) };
}
