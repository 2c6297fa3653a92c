// Work that only one process of the shop may do at a time, when several run against one
// PostgreSQL (ADR 051). Two kinds, both PostgreSQL advisory locks on a connection of their own:
//
// - the start-up lock (`takeStartupLock`): migrations, reference data, the sample catalogue and the
//   admin from ADMIN_EMAIL are settled by one starting process while the others wait for it, so
//   two processes started together never run the same migration twice or create one admin twice;
// - a job's lock (`runAlone`): a background job that is not already safe row by row (its rows are
//   not claimed FOR UPDATE SKIP LOCKED) runs in one process per tick; a process whose tick finds
//   the lock taken skips that tick. The lock is a transaction-level one, so it cannot outlive the
//   run, and a process killed mid-run loses it with its connection.
//
// PGlite is one process by construction: it has nothing to share, so both run the work directly.
import pg from 'pg';
import type { Db } from './client.ts';

/** The first key of every advisory lock taken here (the second names the work): ADR 051. */
const LOCK_SPACE = 51;
const STARTUP = 'start-up';

function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export interface StartupLock {
  /** Lets the next starting process in (also when this start failed). */
  release(): Promise<void>;
}

/** Takes the start-up lock, waiting while another starting process holds it. */
export async function takeStartupLock(db: Db): Promise<StartupLock> {
  const pool = poolOf(db);
  if (!pool) return { release: async () => {} };
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE, STARTUP]);
  } catch (error) {
    connection.release(true);
    throw error;
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      // A connection whose unlock failed is closed instead: that frees the lock too.
      const unlocked = await connection
        .query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, STARTUP])
        .then(
          () => true,
          () => false,
        );
      connection.release(!unlocked);
    },
  };
}

export type RunAlone = <T>(
  job: string,
  work: () => Promise<T>,
) => Promise<{ ran: true; result: T } | { ran: false }>;

/**
 * A runner for jobs one process at a time: `run(job, work)` runs `work` if no other process is
 * running `job` now, holding a transaction-level advisory lock on a connection of its own until
 * `work` settles, and answers `{ ran: false }` at once otherwise.
 */
export function jobLocks(db: Db): RunAlone {
  const pool = poolOf(db);
  return async (job, work) => {
    if (!pool) return { ran: true, result: await work() };
    const connection = await pool.connect();
    let broken: Error | undefined;
    try {
      await connection.query('BEGIN');
      const { rows } = await connection.query<{ got: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS got',
        [LOCK_SPACE, job],
      );
      if (!rows[0]?.got) return { ran: false };
      return { ran: true, result: await work() };
    } finally {
      // Ending the transaction frees the lock; a connection that cannot end it is closed instead.
      await connection.query('COMMIT').catch((error: Error) => {
        broken = error;
      });
      connection.release(broken ?? false);
    }
  };
}
