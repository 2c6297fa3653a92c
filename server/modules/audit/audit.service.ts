// The audit trail: who did what to what (ADR 019). Services record an event inside the
// transaction that does the thing, so the record and the change commit or fail together.
import type { Db, Queryable } from '#server/db/client.ts';
import { type AuditEventRow, insertAuditEvent, listAuditEvents } from './audit.repository.ts';

export interface AuditEvent {
  /** Who did it (null: the shop itself, e.g. a scheduled job). */
  actorUserId: number | null;
  /** "<subject>.<verb>", e.g. "two_factor.reset". */
  action: string;
  subjectType: string;
  subjectId: string | number;
  details?: Record<string, unknown>;
}

export function createAuditService(deps: { db: Db }) {
  return {
    /** Records an event, through `q` (the caller's transaction). */
    async record(q: Queryable, event: AuditEvent): Promise<AuditEventRow> {
      return insertAuditEvent(q, { ...event, subjectId: String(event.subjectId) });
    },

    /** The newest events first, optionally about one subject. */
    async list(
      filter: { subjectType?: string; subjectId?: string | number; limit?: number } = {},
    ): Promise<AuditEventRow[]> {
      return listAuditEvents(deps.db, {
        subjectType: filter.subjectType,
        subjectId: filter.subjectId === undefined ? undefined : String(filter.subjectId),
        limit: Math.min(Math.max(filter.limit ?? 50, 1), 500),
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
