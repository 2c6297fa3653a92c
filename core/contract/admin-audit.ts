// The audit log as the admin portal reads it (/admin/audit): the filter in the URL and the entries.
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A calendar day in Lagos time, YYYY-MM-DD');

/** The filter of /admin/audit, as the URL carries it. Anything unreadable is dropped, not refused. */
export const AuditFilterSchema = z.object({
  actor: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_ROW_ID)
    .optional()
    .catch(undefined)
    .describe("The actor's user id"),
  subjectType: z.string().trim().max(40).optional().catch(undefined),
  subjectId: z.string().trim().max(80).optional().catch(undefined),
  action: z.string().trim().max(80).optional().catch(undefined),
  from: day.optional().catch(undefined).describe('First day, inclusive'),
  to: day.optional().catch(undefined).describe('Last day, inclusive'),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601 instant'),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable().describe('Null: the shop itself (a job, the command line)'),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  page: z.number().int(),
  hasNext: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
