// Cross-process cache invalidation (ADR 033). When the shop runs several processes on one
// PostgreSQL, `invalidate(prefix)` in one of them sends `pg_notify('cache_invalidate', …)`; each
// process LISTENs on its own dedicated connection and forgets the same prefix in every cache on
// its bus. The message is sent after the change has committed (services invalidate after their
// transaction), so a process that hears it reloads committed data. If the listening connection
// drops, the process forgets everything once it is back (it may have missed messages) and keeps
// retrying meanwhile; the caches' TTLs bound staleness in that window. PGlite is one process:
// the local invalidation is all there is to do, so the bus is local only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import type { CacheBus, TtlCache } from '#server/platform/cache.ts';
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

/** A bus for one process: local when `db` is PGlite, PostgreSQL LISTEN/NOTIFY when it is a pool. */
export function createCacheBus(db: Db, log?: Logger): ClosableCacheBus {
  const caches = new Set<TtlCache>();
  const client = (db as unknown as { $client?: unknown }).$client;
  const local: ClosableCacheBus = {
    publish() {},
    join(cache) {
      caches.add(cache);
    },
    ready: async () => {},
    close: async () => {},
  };
  if (!(client instanceof pg.Pool)) return local;
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
      if (n.channel !== CACHE_CHANNEL || !n.payload) return;
      try {
        const message = JSON.parse(n.payload) as Message;
        if (message.origin !== origin && typeof message.prefix === 'string') forgetAll(message.prefix);
      } catch {
        log?.warn({ payload: n.payload }, 'cache bus: unreadable message');
      }
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
