// Cache invalidation across the caches of a process and across processes (ADR 033). Every cache
// of the process joins its bus; `invalidate(prefix)` in one forgets the prefix in all of them (the
// data caches and the page cache, ADR 038). When the shop runs several processes on one
// PostgreSQL, `invalidate(prefix)` in one of them also sends `pg_notify('cache_invalidate', …)`; each
// process LISTENs on its own dedicated connection and forgets the same prefix in every cache on
// its bus. The message is sent after the change has committed (services invalidate after their
// transaction), so a process that hears it reloads committed data. If the listening connection
// drops, the process forgets everything once it is back (it may have missed messages) and keeps
// retrying meanwhile; the caches' TTLs bound staleness in that window.
//
// The database speaks on the same channel (ADR 038): a trigger on product_variants (migration
// 0017) announces a stock change with origin "db" when its transaction commits, whichever path
// changed it (a sale, a cancelled order, an expired hold), so every process — this one too —
// forgets that product's cached data and pages. PGlite is one process: its bus forgets locally and
// listens for the database's notices.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import type { CacheBus, Forgetful } from '#server/platform/cache.ts';
import type { Logger } from '#server/platform/logger.ts';

export const CACHE_CHANNEL = 'cache_invalidate';
const RETRY_MS = 1000;

export interface ClosableCacheBus extends CacheBus {
  /** Resolves once the process is listening (at once on a local bus). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface Message {
  origin: string;
  prefix: string;
}

/** Reads one message: the prefix to forget, or null for our own message or an unreadable one. */
function prefixOf(payload: string | undefined, self: string, log?: Logger): string | null {
  if (!payload) return null;
  try {
    const message = JSON.parse(payload) as Message;
    return message.origin !== self && typeof message.prefix === 'string' ? message.prefix : null;
  } catch {
    log?.warn({ payload }, 'cache bus: unreadable message');
    return null;
  }
}

/** The bus of the embedded database: invalidations stay in this process; the database's notices are heard. */
function pgliteBus(client: PGlite, caches: Set<Forgetful>, log?: Logger): ClosableCacheBus {
  const forgetAll = (prefix: string) => {
    for (const cache of caches) cache.forget(prefix);
  };
  const listening = client
    .listen(CACHE_CHANNEL, (payload) => {
      const prefix = prefixOf(payload, '', log);
      if (prefix !== null) forgetAll(prefix);
    })
    .catch((error: unknown) => {
      log?.warn({ err: error }, 'cache bus: cannot listen; relying on the TTL');
      return null;
    });
  return {
    publish: forgetAll,
    join(cache) {
      caches.add(cache);
    },
    ready: async () => {
      await listening;
    },
    close: async () => {
      const unlisten = await listening;
      if (!client.closed) await unlisten?.().catch(() => {});
    },
  };
}

/** A bus for one process: PGlite's own notices, or PostgreSQL LISTEN/NOTIFY when `db` is a pool. */
export function createCacheBus(db: Db, log?: Logger): ClosableCacheBus {
  const caches = new Set<Forgetful>();
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return pgliteBus(client as PGlite, caches, log);
  const pool = client;
  const origin = randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const forgetAll = (prefix: string) => {
    for (const cache of caches) cache.forget(prefix);
  };

  async function listen(): Promise<void> {
    const connection = new pg.Client(pool.options);
    connection.on('notification', (n) => {
      if (n.channel !== CACHE_CHANNEL) return;
      const prefix = prefixOf(n.payload, origin, log);
      if (prefix !== null) forgetAll(prefix);
    });
    const lost = () => {
      if (listener !== connection) return;
      listener = null;
      connection.end().catch(() => {});
      // Messages sent while it was away are lost: forget everything once it listens again.
      scheduleListen(() => forgetAll(''));
    };
    connection.on('error', (error) => {
      log?.warn({ err: error }, 'cache bus: listening connection lost');
      lost();
    });
    connection.on('end', lost);
    await connection.connect();
    await connection.query(`LISTEN ${CACHE_CHANNEL}`);
    if (closed) {
      await connection.end();
      return;
    }
    listener = connection;
  }

  function scheduleListen(then: () => void): void {
    if (closed) return;
    retry = setTimeout(() => {
      listen()
        .then(then)
        .catch(() => scheduleListen(then));
    }, RETRY_MS);
    retry.unref();
  }

  let listening: Promise<void> | null = null;
  const ready = () => {
    listening ??= listen().catch((error) => {
      log?.warn({ err: error }, 'cache bus: cannot listen; relying on the TTL');
    });
    return listening;
  };
  void ready();

  return {
    join(cache) {
      caches.add(cache);
    },
    publish(prefix) {
      forgetAll(prefix);
      const payload = JSON.stringify({ origin, prefix } satisfies Message);
      db.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${payload})`).catch((error: unknown) => {
        log?.warn({ err: error }, 'cache bus: could not tell the other processes');
      });
    },
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await listening;
      const connection = listener;
      listener = null;
      await connection?.end().catch(() => {});
    },
  };
}
