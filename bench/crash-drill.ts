// npm run drill:crash — the crash drill (issue 16, ADR 051). Runs the shop as a real process (the
// production bundle), drives a stream of checkouts, sandbox payments and admin price/stock saves at
// it, kills it with SIGKILL at random moments (20 times by default), restarts it each time and
// checks the database after every restart (tests/helpers/crash-checks.ts): every order whole or
// absent, no stock lost, each payment applied once, no email twice. At the end every hold is let run
// out and the shop runs once more: the holds must end through its own job, every sandbox payment that
// took money must be applied, every email due must have been delivered.
//
//   npm run drill:crash                      PGlite in a data folder, then PostgreSQL if
//                                            TEST_DATABASE_URL is set (a fresh database on it)
//   npm run drill:crash -- --crashes 50 --engine postgres
//
// Prints the crashes survived, the orders checked and every problem found; exits 1 on a problem.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { field } from '#core/product-draft.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { seedReferenceData } from '#server/seed/reference.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { crashProblems, finalProblems, orderCount, stockByVariant } from '#tests/helpers/crash-checks.ts';
import {
  HttpClient,
  productFormFields,
  type ShopProcess,
  staffSignIn,
  startShopProcess,
} from '#tests/helpers/shop-process.ts';

export type Engine = 'pglite' | 'postgres';

export interface DrillOptions {
  engine: Engine;
  crashes: number;
  /** PostgreSQL only: the server on which a fresh database is made (and dropped). */
  adminUrl?: string;
  /** Concurrent shoppers and staff. */
  workers?: number;
  /** Load before each kill: a random time between these (ms). */
  loadMs?: [number, number];
  log?: (line: string) => void;
}

export interface DrillResult {
  engine: Engine;
  crashes: number;
  /** Of which restarts killed again before they were ready. */
  killedStarts: number;
  orders: number;
  requests: { ok: number; failed: number };
  /** What the load got done: orders placed, sandbox payments made, staff saves. */
  done: { placed: number; paid: number; saved: number };
  problems: string[];
  seconds: number;
}

const OWNER = { email: 'owner@crash-drill.example', password: 'harmattan morning walk' };
const DETAILS = {
  phone: '0803 123 4567',
  shipName: 'Amaka Buyer',
  shipPhone: '0803 123 4567',
  shipState: 'Lagos',
  shipCity: 'Ikeja',
  shipStreet: '14 Allen Avenue',
  shipLandmark: 'Opposite the bank',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** Where the drill's database lives and how to open it from here. */
interface Place {
  env: Record<string, string>;
  /** Opens the database from the drill's own process (PGlite: only while the shop is down). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function placeFor(options: DrillOptions, dataDir: string): Promise<Place> {
  if (options.engine === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') }),
      cleanup: async () => {},
    };
  }
  if (!options.adminUrl) throw new Error('The PostgreSQL drill needs TEST_DATABASE_URL (or --database-url).');
  const name = `shop_crash_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    cleanup: async () => {
      const again = new pg.Client({ connectionString: options.adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    },
  };
}

/** Checks in one snapshot, so a shop still taking orders cannot make a pass look like a failure. */
async function inSnapshot<T>(database: Database, work: (db: Database['db']) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => work(tx as unknown as Database['db']), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

export async function runCrashDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-crash-${options.engine}-`));
  const place = await placeFor(options, dataDir).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const result: DrillResult = {
    engine: options.engine,
    crashes: 0,
    killedStarts: 0,
    orders: 0,
    requests: { ok: 0, failed: 0 },
    done: { placed: 0, paid: 0, saved: 0 },
    problems: [],
    seconds: 0,
  };
  const env = {
    ...place.env,
    SEED_ON_START: 'false',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    MAIL_POLL_MS: '200',
    BACKGROUND_JOBS_EVERY_MS: '300',
    RATE_LIMITS: 'checkout:ip=100000,checkout:session=100000,cart:ip=100000,cart:session=100000',
  };
  let shop: ShopProcess | null = null;
  let generation = 0;
  /** A start killed before it is ready (mid-migration, mid-settling): the next start must not mind. */
  const startKilledEarly = async (ms: number) => {
    generation += 1;
    await startShopProcess({ name: `shop #${generation}`, env, timeoutMs: ms }).then(
      (early) => early.crash(),
      () => {},
    );
  };
  const start = async () => {
    generation += 1;
    shop = await startShopProcess({ name: `shop #${generation}`, env, timeoutMs: 90_000 });
    return shop;
  };

  try {
    // The catalogue, written before the first start (PGlite admits one process at a time).
    const setup = await place.open();
    await setup.migrate();
    await seedReferenceData(setup.db);
    const products: { id: number; variants: number[] }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const made = await createProduct(setup.db, {
        name: `Drill Wig ${i + 1}`,
        variants: [
          { stock: 60, priceKobo: 2_000_000 + i * 100_000, options: { length: '16"' } },
          { stock: 60, priceKobo: 2_500_000 + i * 100_000, options: { length: '20"' } },
        ],
      });
      products.push({ id: made.id, variants: made.variants.map((v) => v.id) });
    }
    const initialStock = await stockByVariant(setup.db);
    await setup.close();

    let current = await start();
    const owner = await staffSignIn(current, OWNER);

    // The load: shoppers checking out (three ways to pay), paying or cancelling on the sandbox
    // page, and the owner saving prices and stock. Requests to a dead shop fail; that is the point.
    let stopping = false;
    let sequence = 0;
    const send = async <T>(work: (target: ShopProcess) => Promise<T>): Promise<T | null> => {
      const target = shop;
      if (!target) return null;
      try {
        const answer = await work(target);
        result.requests.ok += 1;
        return answer;
      } catch {
        result.requests.failed += 1;
        return null;
      }
    };
    async function shopper() {
      const client = new HttpClient();
      const variantId = pick(pick(products).variants);
      const added = await send((s) =>
        client.post(s, '/cart', {
          intent: 'add',
          variantId: String(variantId),
          quantity: String(between(1, 3)),
        }),
      );
      if (added?.status !== 302) return;
      sequence += 1;
      const method = pick(['online', 'online', 'pay_on_delivery', 'bank_transfer'] as const);
      const form = {
        idempotencyKey: crypto.randomUUID(),
        email: `drill${sequence}-${Date.now().toString(36)}@crash-drill.example`,
        ...DETAILS,
        paymentMethod: method,
      };
      let placed = await send((s) => client.post(s, '/checkout', form));
      // A shopper whose answer was lost presses the button again: the same form, the same key.
      if (!placed && Math.random() < 0.5) {
        await sleep(300);
        placed = await send((s) => client.post(s, '/checkout', form));
      }
      if (placed?.status === 302) result.done.placed += 1;
      const reference = placed?.location?.match(/\/pay\/sandbox\/([^?/]+)/)?.[1];
      if (!reference) return;
      const choice = Math.random();
      if (choice < 0.15) return; // walks away: the hold must run out
      const paid = await send((s) =>
        client.post(s, `/pay/sandbox/${reference}`, { intent: choice < 0.85 ? 'pay' : 'cancel' }),
      );
      if (paid?.status === 302 && choice < 0.85) result.done.paid += 1;
    }
    async function staff() {
      const product = pick(products);
      const page = await send((s) => owner.get(s, `/admin/products/${product.id}`));
      if (page?.status !== 200) return;
      const form = productFormFields(page.body);
      const row = between(0, product.variants.length - 1);
      form[field.row(row, 'price')] = String(between(150, 350) * 100);
      if (Math.random() < 0.5)
        form[field.row(row, 'stock')] = String(Number(form[field.row(row, 'loadedStock')] ?? 0) + 5);
      const saved = await send((s) =>
        owner.post(s, `/admin/products/${product.id}`, { ...form, intent: 'save' }),
      );
      if (saved?.status === 302) result.done.saved += 1;
    }
    const workers = Array.from({ length: options.workers ?? 4 }, async (_, i) => {
      while (!stopping) {
        if (!shop) {
          await sleep(50);
          continue;
        }
        // One worker is the owner saving products, the rest are shoppers: every stretch of load
        // between two kills has staff saves in it, however slow the machine is.
        await (i === 0 ? staff() : shopper());
      }
    });

    const [low, high] = options.loadMs ?? [300, 1500];
    for (let n = 1; n <= options.crashes; n += 1) {
      const ms = between(low, high);
      await sleep(ms);
      const dying = current;
      shop = null;
      await dying.crash();
      result.crashes += 1;
      const restartedAt = Date.now();
      const earlyKill = Math.random() < 0.25 ? between(100, 900) : 0;
      if (earlyKill) {
        await startKilledEarly(earlyKill);
        result.killedStarts += 1;
      }
      let problems: string[];
      let orders: number;
      if (options.engine === 'pglite') {
        // The data folder as the crash left it: opening it is PGlite's recovery.
        const database = await place.open();
        problems = await crashProblems(database.db, initialStock);
        orders = await orderCount(database.db);
        await database.close();
        current = await start();
      } else {
        current = await start();
        const database = await place.open();
        [problems, orders] = await inSnapshot(database, async (db) => [
          await crashProblems(db, initialStock),
          await orderCount(db),
        ]);
        await database.close();
      }
      result.orders = orders;
      result.problems.push(...problems.map((p) => `after crash ${n}: ${p}`));
      log(
        `  crash ${n}/${options.crashes}: killed after ${ms} ms of load;${earlyKill ? ` the restart killed too, ${earlyKill} ms into its start;` : ''} back in ${((Date.now() - restartedAt) / 1000).toFixed(1)} s; ${orders} orders checked; ${problems.length} problem(s)`,
      );
      for (const p of problems) log(`    ✗ ${p}`);
    }

    // The end: no more load; every hold runs out now; the claims the dead processes held on mail
    // are let go (as their 10-minute locks would be); the shop runs until its jobs have caught up.
    stopping = true;
    await Promise.all(workers);
    const last = current;
    shop = null;
    await last.stop();
    const database = await place.open();
    await database.db.execute(
      sql`UPDATE orders SET reserved_until = now() - interval '1 minute'
          WHERE reserved_until IS NOT NULL AND stock_released_at IS NULL`,
    );
    await database.db.execute(sql`UPDATE mail_outbox SET locked_until = NULL WHERE status = 'pending'`);
    if (options.engine === 'pglite') await database.close();
    current = await start();
    await sleep(options.engine === 'pglite' ? 6000 : 500);
    if (options.engine === 'postgres') {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && (await finalProblems(database.db, initialStock)).length > 0)
        await sleep(250);
    }
    shop = null;
    await current.stop();
    const final = options.engine === 'pglite' ? await place.open() : database;
    const problems = await finalProblems(final.db, initialStock);
    result.orders = await orderCount(final.db);
    await final.close();
    result.problems.push(...problems.map((p) => `at the end: ${p}`));
    log(
      `  at the end: holds run out, mail caught up; ${result.orders} orders checked; ${problems.length} problem(s)`,
    );
    for (const p of problems) log(`    ✗ ${p}`);
  } finally {
    const left = shop as ShopProcess | null;
    if (left) await left.crash();
    await place.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
    result.seconds = Math.round((Date.now() - started) / 1000);
  }
  return result;
}

async function main() {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const crashes = Number(value('--crashes') ?? 20);
  const adminUrl = value('--database-url') ?? process.env.TEST_DATABASE_URL;
  const chosen = value('--engine');
  const engines: Engine[] = chosen ? [chosen as Engine] : adminUrl ? ['pglite', 'postgres'] : ['pglite'];
  if (!adminUrl && !chosen) console.log('TEST_DATABASE_URL is not set: the drill runs on PGlite only.');
  let failed = false;
  for (const engine of engines) {
    console.log(`\nCrash drill on ${engine}: ${crashes} kill -9s under load`);
    const result = await runCrashDrill({ engine, crashes, adminUrl });
    console.log(
      `${engine}: ${result.crashes} crashes survived (and ${result.killedStarts} restarts killed mid-start), ${result.orders} orders checked, ` +
        `${result.requests.ok} requests answered (${result.requests.failed} cut off by the kills; ` +
        `${result.done.placed} checkouts, ${result.done.paid} sandbox payments, ${result.done.saved} staff saves), ` +
        `${result.problems.length} problem(s) found, ${result.seconds} s`,
    );
    if (result.problems.length > 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
