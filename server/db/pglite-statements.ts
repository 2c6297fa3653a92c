// Named prepared statements for PGlite (ADR 056). PGlite's own `query` sends every statement as
// an unnamed one: Parse, Describe, Bind, Describe, Execute and Sync, six trips into the engine,
// and PostgreSQL parses and plans the text again each time. On the embedded engine the planning
// is the larger part of a small query (the checkout's cart read: ~0.8–2 ms of planning for
// ~0.3–0.7 ms of execution). Here each distinct text is parsed once as a named statement (Parse +
// Describe, remembered with its parameter types and row description) and every later run is
// Bind + Execute + Sync in one trip; after five runs PostgreSQL keeps a generic plan when it
// costs no more than the custom ones (`plan_cache_mode` auto), so planning stops altogether.
//
// The statements obey PGlite's own locks exactly as `query` does (the transaction lock outside a
// transaction, the query lock always), answer with PGlite's own result parser and the client's
// parsers, and raise PostgreSQL's own errors. At most MAX_STATEMENTS are kept; the least recently
// used one is closed when another is needed.
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** How many named statements one engine keeps (each holds its parse tree and, later, its plan). */
export const MAX_STATEMENTS = 300;

interface Statement {
  name: string;
  /** PostgreSQL's types for the parameters, from Describe: each value is serialised for its type. */
  paramTypes: number[];
  /** The statement's row description (or none): Execute does not send it again. */
  rowDescription: BackendMessage | null;
}

/** The parts of PGlite this uses that its typings keep protected. */
interface PGliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** Names are unique in the process, so two of these on one engine (tests) never collide. */
let named = 0;

export class PreparedStatements {
  readonly #client: PGlite;
  readonly #internals: PGliteInternals;
  readonly #max: number;
  /** Statement per SQL text, in order of last use (a Map iterates in insertion order). */
  readonly #statements = new Map<string, Statement>();

  constructor(client: PGlite, max = MAX_STATEMENTS) {
    this.#client = client;
    this.#internals = client as unknown as PGliteInternals;
    this.#max = max;
  }

  /** How many statements are kept now. */
  get size(): number {
    return this.#statements.size;
  }

  /** A query outside any transaction: waits for a running transaction, as PGlite's `query` does. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#internals._runExclusiveTransaction(() => this.inTransaction<T>(text, params, options));
  }

  /** A query inside the transaction that holds the transaction lock. */
  inTransaction<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#internals._runExclusiveQuery(() => this.#run<T>(text, params ?? [], options));
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let statement = this.#statements.get(text);
    if (statement) {
      // Most recently used last.
      this.#statements.delete(text);
      this.#statements.set(text, statement);
    } else {
      statement = await this.#prepare(text);
    }

    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.#internals.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const message = Buffer.concat([
      serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const messages = await this.#client.execProtocolStream(message, { syncToFs: false });
    if (!this.#client.isInTransaction()) await this.#client.syncToFs();
    const answer = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(answer, this.#internals.parsers, options)[0] as Results<T>;
  }

  async #prepare(text: string): Promise<Statement> {
    if (this.#statements.size >= this.#max) {
      const [oldestText, oldest] = this.#statements.entries().next().value!;
      this.#statements.delete(oldestText);
      // Its name is never used again, so a failure to close it (none is known) costs only memory.
      await this.#client.execProtocolStream(
        Buffer.concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
        { syncToFs: false, throwOnError: false },
      );
    }
    const name = `crown_${++named}`;
    const messages = await this.#client.execProtocolStream(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    this.#statements.set(text, statement);
    return statement;
  }
}
