// The advisory locks that keep work to one process (ADR 051): a job one process is running is
// skipped by another meanwhile and run again once it is done; a start-up waits for the one before.

import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { createTestDatabase, usingPostgres } from '#tests/helpers/test-db.ts';
import { jobLocks, takeStartupLock } from './process-locks.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.skipIf(!usingPostgres)('locks between processes (PostgreSQL pass only)', () => {
  it('runs a job in one place at a time: a second try meanwhile is skipped, a later one runs', async () => {
    // Two runners with pools of their own on one database, as two processes have.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const other = await openDatabase({ kind: 'postgres', url: pool.options.connectionString!, poolSize: 2 });
    try {
      const here = jobLocks(database.db);
      const there = jobLocks(other.db);
      let release!: () => void;
      const holding = here('sweep', () => new Promise<string>((r) => (release = () => r('done here'))));
      await new Promise((r) => setTimeout(r, 100));
      expect(await there('sweep', async () => 'done there')).toEqual({ ran: false });
      expect(await here('sweep', async () => 'again here')).toEqual({ ran: false });
      expect(await there('another job', async () => 'other job')).toEqual({ ran: true, result: 'other job' });
      release();
      expect(await holding).toEqual({ ran: true, result: 'done here' });
      expect(await there('sweep', async () => 'done there')).toEqual({ ran: true, result: 'done there' });
      // A failing job lets go of the lock too.
      await expect(here('sweep', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await there('sweep', async () => 'after a failure')).toEqual({
        ran: true,
        result: 'after a failure',
      });
    } finally {
      await other.close();
    }
  });
});

describe('the start-up lock', () => {
  it('lets one start settle the database at a time', async () => {
    const order: string[] = [];
    const first = await takeStartupLock(database.db);
    const second = takeStartupLock(database.db).then((lock) => {
      order.push('second has it');
      return lock;
    });
    await new Promise((r) => setTimeout(r, 150));
    order.push('first lets go');
    await first.release();
    await (await second).release();
    // PGlite is one process: nothing to wait for, the second had it at once.
    expect(order).toEqual(
      usingPostgres ? ['first lets go', 'second has it'] : ['second has it', 'first lets go'],
    );
  });
});
