// Is this process ready for traffic (issue 16)? A load balancer asks `/readyz` before sending
// requests and stops sending when it says no: the database must answer, every migration this
// release ships must be applied (a process started against a database an older release made, before
// `db:migrate`, is alive but not ready), and the process must not be draining for a shutdown.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '#server/paths.ts';
import { type Queryable, queryRows } from './client.ts';

export type ReadyState = { ready: true } | { ready: false; reason: string };

export interface Readiness {
  check(): Promise<ReadyState>;
  /** From now on the process says it is not ready: it is shutting down. */
  drain(): void;
  readonly draining: boolean;
}

/** How many migrations this release ships (drizzle's journal). */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export function createReadiness(db: Queryable): Readiness {
  const shipped = shippedMigrations();
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    async check() {
      if (draining) return { ready: false, reason: 'The shop is shutting down.' };
      try {
        const [row] = await queryRows<{ applied: number | string }>(
          db,
          sql`SELECT count(*) AS applied FROM drizzle.__drizzle_migrations`,
        );
        const applied = Number(row?.applied ?? 0);
        if (applied < shipped) {
          return { ready: false, reason: `${shipped - applied} database migration(s) not applied yet.` };
        }
        return { ready: true };
      } catch {
        return { ready: false, reason: 'The database does not answer.' };
      }
    },
  };
}
