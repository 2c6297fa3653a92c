// The probes a load balancer asks (issue 16): /healthz while the process lives, /readyz only when
// it may take traffic — the database answers, every migration is applied, it is not shutting down.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('the probes', () => {
  it('say alive and ready on a migrated database, never cached', async () => {
    const alive = await shop.app.inject('/healthz');
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'alive' });
    expect(alive.headers['cache-control']).toBe('no-store');
    const ready = await shop.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('say not ready while a migration this release ships is missing', async () => {
    const db = shop.database.db;
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`,
    );
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last!.id}`);
    try {
      const res = await shop.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error: 'not_ready',
        message: '1 database migration(s) not applied yet.',
      });
      // Alive all the same: restarting it would not apply the migration.
      expect((await shop.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await shop.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('say not ready once the process drains for a shutdown, and while the database is gone', async () => {
    const other = await createTestShop();
    try {
      other.readiness.drain();
      const draining = await other.app.inject('/readyz');
      expect(draining.statusCode).toBe(503);
      expect(draining.json().message).toBe('The shop is shutting down.');
    } finally {
      await other.close();
    }
    const lost = await createTestShop();
    await lost.database.close();
    const res = await lost.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The database does not answer.');
    expect((await lost.app.inject('/healthz')).statusCode).toBe(200);
    // Its database is closed already; the rest closes as usual.
    await lost.close().catch(() => {});
  });
});
