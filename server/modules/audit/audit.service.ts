// The audit trail: who did what to what, from where (ADRs 019, 024). Services record an event
// inside the transaction that does the thing, so the record and the change commit or fail
// together. Nothing updates or deletes an entry: this module has no function that could.
import {
  type AuditEntry,
  type AuditFilter,
  AuditFilterSchema,
  type AuditPage,
} from '#core/contract/admin-audit.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import {
  type AuditEventRow,
  insertAuditEvent,
  listAuditEvents,
  listAuditVocabulary,
} from './audit.repository.ts';

export interface AuditEvent {
  /** Who did it (null: the shop itself, e.g. a scheduled job). */
  actorUserId: number | null;
  /** "<subject>.<verb>", e.g. "two_factor.reset". */
  action: string;
  subjectType: string;
  subjectId: string | number;
  /** The actor's client address (the request's `clientIp`); omit for jobs and the command line. */
  ip?: string | null;
  /** Facts about the change; a change of values carries `{ before: {...}, after: {...} }`. */
  details?: Record<string, unknown>;
}

/** Lagos keeps UTC+1 all year (no daylight saving): a Lagos day starts at 23:00 UTC the day before. */
const LAGOS_OFFSET = '+01:00';
export const AUDIT_PAGE_SIZE = 50;

/** The instant a Lagos calendar day (YYYY-MM-DD) starts, plus `days`. */
function lagosDayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00${LAGOS_OFFSET}`);
  return new Date(start.getTime() + days * 86_400_000);
}

export function createAuditService(deps: {
  db: Db;
  actorNames?: (ids: number[]) => Promise<Map<number, string>>;
}) {
  function toEntry(row: AuditEventRow, names: Map<number, string>): AuditEntry {
    return {
      id: row.id,
      at: row.createdAt.toISOString(),
      actorUserId: row.actorUserId,
      actorName: row.actorUserId === null ? null : (names.get(row.actorUserId) ?? `User #${row.actorUserId}`),
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      ip: row.ip,
      details: row.details,
    };
  }

  async function namesOf(rows: AuditEventRow[]): Promise<Map<number, string>> {
    const ids = [...new Set(rows.map((r) => r.actorUserId).filter((id): id is number => id !== null))];
    if (ids.length === 0 || !deps.actorNames) return new Map();
    return deps.actorNames(ids);
  }

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
        offset: 0,
      });
    },

    /**
     * One page of the log (newest first) for the admin portal, with the actors' names. `query` is
     * the URL's (AuditFilterSchema: anything unreadable is dropped, not refused).
     */
    async search(query: unknown, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage & { filter: AuditFilter }> {
      const filter = AuditFilterSchema.parse(query ?? {});
      const page = filter.page ?? 1;
      const rows = await listAuditEvents(deps.db, {
        actorUserId: filter.actor,
        subjectType: filter.subjectType || undefined,
        subjectId: filter.subjectType && filter.subjectId ? filter.subjectId : undefined,
        action: filter.action || undefined,
        from: filter.from ? lagosDayStart(filter.from) : undefined,
        to: filter.to ? lagosDayStart(filter.to, 1) : undefined,
        limit: pageSize + 1,
        offset: (page - 1) * pageSize,
      });
      const shown = rows.slice(0, pageSize);
      const names = await namesOf(shown);
      return {
        items: shown.map((row) => toEntry(row, names)),
        page,
        hasNext: rows.length > pageSize,
        filter,
      };
    },

    /** The actions and subject types recorded so far (choices for the filter form). */
    async vocabulary(): Promise<{ actions: string[]; subjectTypes: string[] }> {
      return listAuditVocabulary(deps.db);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
