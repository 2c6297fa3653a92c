import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Who did what to what, for the record (ADR 019): written by services in the transaction that
 * does the thing. The admin portal reads it; nothing updates or deletes a row.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null when the actor's account was later deleted (the event stays). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. "two_factor.reset". */
    action: text('action').notNull(),
    /** e.g. "user", "order". */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Where the actor was: the client address of the request (null for jobs and the command line). */
    ip: text('ip'),
    /** Free-form facts; a change carries `{ before: {...}, after: {...} }` (ADR 024). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);
