// SQL for the audit trail: append and read, never update or delete.
import { and, desc, eq } from 'drizzle-orm';
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
    details?: Record<string, unknown>;
  },
): Promise<AuditEventRow> {
  const [row] = await q
    .insert(auditEvents)
    .values({ ...values, details: values.details ?? {} })
    .returning();
  return row!;
}

export async function listAuditEvents(
  q: Queryable,
  filter: { subjectType?: string; subjectId?: string; limit: number },
): Promise<AuditEventRow[]> {
  const conditions = [
    filter.subjectType ? eq(auditEvents.subjectType, filter.subjectType) : undefined,
    filter.subjectId ? eq(auditEvents.subjectId, filter.subjectId) : undefined,
  ].filter((c) => c !== undefined);
  return q
    .select()
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filter.limit);
}
