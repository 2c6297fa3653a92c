// One database handle for the whole process: embedded PGlite by default, PostgreSQL when a
// connection string is given. Both speak the same SQL and run the same migrations.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PreparedStatements } from '#server/db/pglite-statements.ts';
import { MIGRATIONS_DIR } from '#server/paths.ts';

// biome-ignore lint/complexity/noBannedTypes: the shop uses the query builder, not relational queries
type NoRelations = {};
export type Db = PgDatabase<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;
/** Anything that can run a query: the database or a transaction inside it. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database only: its data folder as a gzipped tarball, taken on the open instance
   * (ADR 069) between transactions and after a checkpoint, so a shop backs itself up while serving.
   */
  dumpEmbedded?: () => Promise<Blob>;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * `dir: null` keeps the embedded database in memory (tests); `from`, a data folder's tarball to
   * start from instead of an empty database (tests start from one migrated copy, ADR 072).
   */
  | { kind: 'pglite'; dir: string | null; from?: Blob };

/** How long a request may wait for a free pooled connection before it gets a 503. */
const POOL_QUEUE_TIMEOUT_MS = 30_000;

/**
 * A database the network cannot reach must not leave requests waiting for ever: a connection
 * that is not made within 5 s fails, and the request gets a 503 (ADR 050).
 */
class QuickConnectClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: 5_000 });
  }
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      // pg-pool uses this one setting for two waits: a request queued for a free connection, and
      // a new connection being made. A crowd (a flash sale) queues far longer than a connection
      // takes, so the queue gets a generous bound, the connection itself a short one (below).
      connectionTimeoutMillis: POOL_QUEUE_TIMEOUT_MS,
      Client: QuickConnectClient,
    });
    // A dropped idle connection must not bring the process down; the pool replaces it.
    pool.on('error', () => {});
    // Nor a connection dropped while it is checked out (a transaction between two statements):
    // pg-pool takes its own error listener off a client it hands out, and node-postgres emits
    // 'error' as well as failing the statement, so without a listener of ours a database restart
    // would crash the process (the outage drill found it, ADR 050). The statement's caller still
    // gets the error, and the broken client is dropped when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
      },
      close: () => pool.end(),
    };
  }

  if (config.dir) await mkdir(config.dir, { recursive: true });
  const client = await PGlite.create(config.dir ?? undefined, {
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
    ...(config.from ? { loadDataDir: config.from } : {}),
  });
  const db = drizzlePglite({ client: withPreparedStatements(client) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
    // PGlite answers one statement at a time; holding its transaction turn as well means no
    // transaction of the shop's is half done while the files are read (others wait for the dump).
    // The checkpoint first writes what is committed into the data files (a statement cannot run
    // inside that turn: PGlite's `exec` waits for it too).
    dumpEmbedded: async () => {
      await client.exec('CHECKPOINT');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
  };
}

/**
 * The value parsers drizzle hands PGlite with every query: dates, times and intervals (and their
 * arrays, and numeric arrays) stay the text PostgreSQL sent, for drizzle's own column mapping.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => string> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, (value: string) => value],
  ),
);

/**
 * The PGlite client as drizzle sees it, minus two costs:
 * - drizzle passes its parsers with every query, and PGlite merges them into its table of every
 *   type's parser for each result — more than a small read itself (ADR 053). The same parsers are
 *   set once on the client (DRIZZLE_PARSERS above), and the per-query ones are not used.
 * - PGlite parses and plans every statement afresh; each distinct text is kept as a named
 *   prepared statement instead (`PreparedStatements`, ADR 056).
 */
function withPreparedStatements(client: PGlite): PGlite {
  const withoutParsers = (options: QueryOptions | undefined) =>
    options?.parsers ? { ...options, parsers: undefined } : options;
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const statements = new PreparedStatements(client);
  const wrapTx = (tx: Tx): Tx => ({
    ...tx,
    query: (text, params, options) => {
      // PGlite's own answer for a closed transaction, and for a COPY's file (`blob`), is kept.
      if (tx.closed || options?.blob) return tx.query(text, params, withoutParsers(options));
      return statements.inTransaction(text, params, withoutParsers(options));
    },
    get closed() {
      return tx.closed;
    },
  });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          options?.blob
            ? target.query(text, params, withoutParsers(options))
            : statements.query(text, params, withoutParsers(options));
      }
      if (property === 'transaction') {
        return <T>(run: (tx: Tx) => Promise<T>) => target.transaction((tx) => run(wrapTx(tx)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function databaseConfigFromEnv(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_SIZE: number;
}): DatabaseConfig {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dir: path.join(env.DATA_DIR, 'db') };
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Drops every table of a PostgreSQL database, and the record of its migrations (`npm run db:reset`). */
export async function dropEverything(database: Database): Promise<void> {
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
}
