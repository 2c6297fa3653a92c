import { lt, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema/accounts.ts';
import type { RateLimitStore } from '#server/platform/rate-limit.ts';

/**
 * Counts one hit against `key` in a fixed window, atomically (one upsert, so concurrent requests
 * in any number of processes each get their own count). A window older than `windowMs` restarts.
 */
export async function hitCounter(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ hits: number; windowStartedAt: Date }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const [row] = await queryRows<{ hits: number; window_started_at: string | Date }>(
    db,
    sql`INSERT INTO rate_limits (key, window_started_at, hits) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_started_at <= now() - ${window} THEN 1 ELSE rate_limits.hits + 1 END,
          window_started_at = CASE WHEN rate_limits.window_started_at <= now() - ${window}
                                   THEN now() ELSE rate_limits.window_started_at END
        RETURNING hits, window_started_at`,
  );
  return { hits: Number(row!.hits), windowStartedAt: new Date(row!.window_started_at) };
}

/**
 * Counts one hit against each key in turn, in one statement (one round trip): a key is counted
 * only when every key before it stayed within its limit, exactly as one `hitCounter` after the
 * other stopping at the first refusal would. Returns the counts taken, in order (fewer than the
 * keys when one was refused: the last one returned is the refused one).
 */
export async function hitCounters(
  db: Queryable,
  counters: readonly { key: string; windowMs: number; limit: number }[],
): Promise<{ hits: number; windowStartedAt: Date }[]> {
  if (counters.length === 0) return [];
  const steps = counters.map(({ key, windowMs }, i) => {
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    // The first key is always counted; each next one only when the one before is within its limit.
    const source =
      i === 0
        ? sql`VALUES (${key}, now(), 1)`
        : sql`SELECT ${key}, now(), 1 FROM ${sql.raw(`h${i - 1}`)} WHERE hits <= ${counters[i - 1]!.limit}`;
    return sql`${sql.raw(`h${i}`)} AS (
        INSERT INTO rate_limits (key, window_started_at, hits) ${source}
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_started_at <= now() - ${window} THEN 1 ELSE rate_limits.hits + 1 END,
          window_started_at = CASE WHEN rate_limits.window_started_at <= now() - ${window}
                                   THEN now() ELSE rate_limits.window_started_at END
        RETURNING hits, window_started_at)`;
  });
  const results = counters.map(
    (_, i) => sql`SELECT ${i}::int AS i, hits, window_started_at FROM ${sql.raw(`h${i}`)}`,
  );
  const rows = await queryRows<{ i: number; hits: number; window_started_at: string | Date }>(
    db,
    sql`WITH ${sql.join(steps, sql`, `)} ${sql.join(results, sql` UNION ALL `)} ORDER BY i`,
  );
  return rows.map((r) => ({ hits: Number(r.hits), windowStartedAt: new Date(r.window_started_at) }));
}

/** The current count without adding to it (0 when the window has passed). */
export async function readCounter(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<{ hits: number; windowStartedAt: Date } | null> {
  const [row] = await queryRows<{ hits: number; window_started_at: string | Date }>(
    db,
    sql`SELECT hits, window_started_at FROM rate_limits
        WHERE key = ${key} AND window_started_at > now() - make_interval(secs => ${windowMs / 1000})`,
  );
  return row ? { hits: Number(row.hits), windowStartedAt: new Date(row.window_started_at) } : null;
}

export async function deleteCounter(db: Queryable, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

export async function deleteCountersOlderThan(db: Queryable, before: Date): Promise<number> {
  const rows = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before)).returning();
  return rows.length;
}

/**
 * One attempt's turn under a growing delay (ADR 049), in one statement: the upsert counts the
 * attempt (failures + 1, `window_started_at` = this attempt's time) only when the subject is not
 * waiting — its failures are under `free`, or the wait after the last one has passed, or they are
 * older than `forgetAfterMs` (the count starts again). Concurrent attempts queue on the row and
 * each sees the one before it. When refused, the row as it stands says how long to wait.
 */
export async function takeDelayedTurn(
  db: Queryable,
  key: string,
  at: Date,
  rule: { free: number; firstWaitMs: number; longestWaitMs: number; forgetAfterMs: number },
): Promise<{ taken: boolean; failures: number; lastAt: Date }> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const forgotten = sql`rate_limits.window_started_at <= ${now} - make_interval(secs => ${rule.forgetAfterMs / 1000})`;
  // The wait after `hits` failures: none under `free`, then doubling from the first wait, capped.
  const wait = sql`make_interval(secs => CASE WHEN rate_limits.hits < ${rule.free} THEN 0
        ELSE least(${rule.firstWaitMs}::float8 * power(2, least(rate_limits.hits - ${rule.free}, 40)),
                   ${rule.longestWaitMs}::float8) / 1000 END)`;
  const rows = await queryRows<{ taken: boolean; hits: number; window_started_at: string | Date }>(
    db,
    sql`WITH turn AS (
          INSERT INTO rate_limits (key, window_started_at, hits) VALUES (${key}, ${now}, 1)
          ON CONFLICT (key) DO UPDATE SET
            hits = CASE WHEN ${forgotten} THEN 1 ELSE rate_limits.hits + 1 END,
            window_started_at = ${now}
          WHERE ${forgotten} OR rate_limits.window_started_at + ${wait} <= ${now}
          RETURNING hits, window_started_at)
        SELECT true AS taken, hits, window_started_at FROM turn
        UNION ALL
        SELECT false, hits, window_started_at FROM rate_limits
        WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM turn)`,
  );
  const row = rows[0];
  // Only when the row went in the same instant (a success's reset): try again in a second.
  if (!row) return { taken: false, failures: 0, lastAt: at };
  return { taken: Boolean(row.taken), failures: Number(row.hits), lastAt: new Date(row.window_started_at) };
}

/** A counter's hits when its last hit came after `since`, else 0. */
export async function readHits(db: Queryable, key: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`SELECT hits FROM rate_limits WHERE key = ${key} AND window_started_at > ${since.toISOString()}::timestamptz`,
  );
  return row ? Number(row.hits) : 0;
}

/** The rate limiter's counters (platform's `RateLimitStore` port) kept in this database's `rate_limits`. */
export function rateLimitStore(db: Queryable): RateLimitStore {
  return {
    hitCounter: (key, windowMs) => hitCounter(db, key, windowMs),
    hitCounters: (counters) => hitCounters(db, counters),
    readCounter: (key, windowMs) => readCounter(db, key, windowMs),
    deleteCounter: (key) => deleteCounter(db, key),
    deleteCountersOlderThan: (before) => deleteCountersOlderThan(db, before),
    takeDelayedTurn: (key, at, rule) => takeDelayedTurn(db, key, at, rule),
    readHits: (key, since) => readHits(db, key, since),
  };
}
