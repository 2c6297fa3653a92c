// The embedded database's housekeeping (ADR 055). PostgreSQL's autovacuum gives back the space of
// deleted and replaced rows and keeps the planner's statistics up to date. PGlite runs no
// autovacuum: without this, a shop on the embedded database would grow its files with every
// expired session, pruned cart, rate-limit window and sent email for ever, and would plan every
// query without statistics (a table PGlite has never analysed counts as empty to the planner).
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** How often the embedded database is tidied (a few hundred milliseconds of a small shop's time). */
export const HOUSEKEEPING_EVERY_MS = 6 * 60 * 60_000;
/** The first tidy after the start, once the sample data (or a restored backup) is in. */
export const HOUSEKEEPING_FIRST_AFTER_MS = 2 * 60_000;

/**
 * `VACUUM (ANALYZE)` of the embedded database, returning true when it ran; PostgreSQL's own
 * autovacuum does this there, so nothing is done (false). PGlite answers one statement at a
 * time, so requests wait for it: a small shop's whole database takes a fraction of a second.
 */
export async function tidyEmbeddedDatabase(database: Pick<Database, 'db' | 'kind'>): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.db.execute(sql`VACUUM (ANALYZE)`);
  return true;
}
