// Admin portal figures on a big shop: 100,000 orders and 20,000 customers, on PostgreSQL and on
// PGlite. Server time (p95 of N requests after a warm-up, through Fastify's inject) for the
// dashboard over a year, a searched and filtered orders page and a searched users page, beside a
// bare Fastify hello-world measured the same way in the same run; and the CSV export of 50,000
// orders over real HTTP with the process's peak RSS growth while it streams.
//
//   npm run build && npm run bench:admin
//   npm run bench:admin -- --pglite        # or --postgres: one database only
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names a server on which a
// fresh database is created and dropped again; it is skipped with a line if none answers.
// BENCH_ORDERS, BENCH_CUSTOMERS and BENCH_N change the sizes; BENCH_EXPORT_URL the export's address. A URL that answers 404 (a screen not
// built on this branch yet) is skipped with a line. Prints a table; nothing here is a pass/fail test.
import './production-env.ts';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { type Database, openDatabase, queryRows } from '#server/db/client.ts';
import { createReadiness } from '#server/db/readiness.ts';
import { users } from '#server/db/schema/accounts.ts';
import { products, productVariants } from '#server/db/schema/catalog.ts';
import { buildApp } from '#server/http/app.ts';
import { hashPassword } from '#server/platform/auth/password.ts';
import { createLogger } from '#server/platform/logger.ts';
import { MemoryStorage } from '#server/platform/storage.ts';
import { seedProducts } from '#server/seed/catalogue.ts';
import { seedReferenceData } from '#server/seed/reference.ts';
import { createServices, defaultServiceConfig } from '#server/services.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { loadServerBuild } from '#tests/helpers/test-app.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const N = Number(process.env.BENCH_N ?? 50);
const WARM_UP = 5;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(import.meta.dirname, '..');
const only = process.argv.includes('--pglite')
  ? 'pglite'
  : process.argv.includes('--postgres')
    ? 'postgres'
    : null;

const ADMIN = { email: 'bench.admin@example.com', password: 'bench admin passphrase 2026' };
/** Customer names are these first names × surnames, so a name search finds a realistic handful. */
const FIRST = ['Adaeze', 'Chiamaka', 'Ngozi', 'Funmilayo', 'Temitope', 'Aisha', 'Zainab', 'Blessing'];
const SURNAMES = ['Okafor', 'Adeyemi', 'Bello', 'Nwosu', 'Ogunleye', 'Eze', 'Abubakar', 'Okonkwo'];
const STATES = ['Lagos', 'Lagos', 'FCT (Abuja)', 'Rivers', 'Oyo', 'Kano', 'Enugu', 'Delta'];
/** Twenty slots: half delivered (the CSV export's filter finds 50,000 of 100,000), every status. */
const STATUSES = [
  ...Array(10).fill('delivered'),
  'shipped',
  'shipped',
  'packaged',
  'confirmed',
  'placed',
  'awaiting_transfer',
  'pending_payment',
  'cancelled',
  'cancelled',
  'payment_failed',
];

const rows: [string, string][] = [];
function report(label: string, value: string) {
  rows.push([label, value]);
  console.log(`  ${label}: ${value}`);
}

const textArray = (items: readonly string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s}'`).join(', ')}]`);

/** The catalogue without pictures, then customers and orders made by the database itself. */
async function fill(database: Database): Promise<void> {
  const db = database.db;
  await seedReferenceData(db);
  for (const p of seedProducts) {
    const [row] = await db
      .insert(products)
      .values({
        name: p.name,
        slug: p.key,
        description: p.description,
        categorySlug: p.category,
        subcategory: p.subcategory,
        salesCount: p.sales,
      })
      .returning({ id: products.id });
    await db.insert(productVariants).values(
      p.variants.map((v, position) => ({
        productId: row!.id,
        sku: v.sku,
        options: v.options,
        position,
        priceKobo: v.priceKobo,
        stock: v.stock,
      })),
    );
  }
  await db.insert(users).values({
    email: ADMIN.email,
    name: 'Bench Admin',
    passwordHash: await hashPassword(ADMIN.password),
    role: 'admin',
    emailVerifiedAt: new Date(),
  });

  // Deterministic spreads from the row number (multiplying by a prime, modulo a year of minutes).
  await db.execute(sql`
    INSERT INTO users (email, name, password_hash, role, phone, address_street, address_city, address_state,
                       is_active, email_verified_at, last_sign_in_at, created_at, updated_at)
    SELECT 'bench.customer' || g || '@example.com',
           (${textArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${textArray(SURNAMES)})[1 + (g / ${FIRST.length}) % ${SURNAMES.length}],
           '!bench', 'customer', '+234803' || lpad(g::text, 7, '0'), g || ' Admiralty Way', 'Lekki',
           (${textArray(STATES)})[1 + g % ${STATES.length}],
           g % 50 <> 0,
           now() - ((g::bigint * 7919) % 525600) * interval '1 minute',
           now() - ((g::bigint * 613) % 43200) * interval '1 minute',
           now() - ((g::bigint * 7919) % 525600) * interval '1 minute',
           now()
    FROM generate_series(1, ${CUSTOMERS}) AS g`);

  await db.execute(sql`
    WITH v AS (SELECT array_agg(price_kobo ORDER BY id) AS prices, count(*)::int AS n FROM product_variants),
         first_customer AS (SELECT min(id) AS id FROM users WHERE email LIKE 'bench.customer%'),
         o AS (
           SELECT g, c.id AS user_id, c.email, c.phone, c.name, c.address_state, c.address_city, c.address_street,
                  (${textArray(STATUSES)})[1 + g % 20] AS status,
                  v.prices[1 + g % v.n] * (1 + g % 3) + CASE WHEN g % 2 = 0 THEN v.prices[1 + (g * 7) % v.n] ELSE 0 END AS subtotal,
                  now() - ((g::bigint * 104729) % 525600) * interval '1 minute' AS created_at
           FROM generate_series(1, ${ORDERS}) AS g
           CROSS JOIN v CROSS JOIN first_customer f
           JOIN users c ON c.id = f.id + g % ${CUSTOMERS}
         )
    INSERT INTO orders (tracking_number, idempotency_key, user_id, email, phone, status, payment_method,
                        subtotal_kobo, discount_kobo, delivery_fee_kobo, total_kobo, ship_name, ship_phone,
                        ship_state, ship_city, ship_street, paid_at, stock_released_at, created_at, updated_at)
    SELECT 'CH' || lpad(g::text, 12, '0'), 'bench-' || g, user_id, email, phone, status,
           CASE WHEN status IN ('pending_payment', 'payment_failed') THEN 'online'
                WHEN status = 'awaiting_transfer' THEN 'bank_transfer'
                ELSE (ARRAY['online', 'bank_transfer', 'pay_on_delivery'])[1 + g % 3] END,
           subtotal, 0, 0, subtotal, name, phone, address_state, address_city, address_street,
           CASE WHEN status IN ('placed', 'confirmed', 'packaged', 'shipped', 'delivered') THEN created_at + interval '5 minutes' END,
           CASE WHEN status IN ('cancelled', 'payment_failed') THEN created_at + interval '1 day' END,
           created_at, created_at + interval '1 day'
    FROM o`);

  await db.execute(sql`
    WITH v AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM product_variants),
         o AS (SELECT id, substr(idempotency_key, 7)::int AS g FROM orders WHERE idempotency_key LIKE 'bench-%'),
         l AS (
           SELECT o.id AS order_id, v.ids[1 + o.g % v.n] AS variant_id, 1 + o.g % 3 AS quantity FROM o CROSS JOIN v
           UNION ALL
           SELECT o.id, v.ids[1 + (o.g * 7) % v.n], 1 FROM o CROSS JOIN v WHERE o.g % 2 = 0
         )
    INSERT INTO order_lines (order_id, product_id, variant_id, product_name, variant_label, sku,
                             unit_price_kobo, quantity, discount_kobo, total_kobo)
    SELECT l.order_id, pv.product_id, pv.id, p.name, '', pv.sku, pv.price_kobo, l.quantity, 0, pv.price_kobo * l.quantity
    FROM l JOIN product_variants pv ON pv.id = l.variant_id JOIN products p ON p.id = pv.product_id`);

  await db.execute(sql`
    INSERT INTO order_status_history (order_id, status, note, created_at)
    SELECT id, status, '', updated_at FROM orders WHERE idempotency_key LIKE 'bench-%'`);
  await db.execute(sql`
    INSERT INTO payments (order_id, provider, reference, amount_kobo, status, paid_at, created_at, updated_at)
    SELECT id, CASE payment_method WHEN 'online' THEN 'sandbox' ELSE payment_method END,
           tracking_number || '-P', total_kobo, CASE WHEN paid_at IS NULL THEN 'pending' ELSE 'success' END,
           paid_at, created_at, updated_at
    FROM orders WHERE idempotency_key LIKE 'bench-%'`);
  await db.execute(sql`ANALYZE`);
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** p95 of N injected GETs after a warm-up (ms), or null with the status when the URL is not there. */
async function timeGets(
  request: (url: string) => Promise<{ statusCode: number }>,
  url: string,
): Promise<{ p95: number } | { status: number }> {
  const first = await request(url);
  if (first.statusCode !== 200) return { status: first.statusCode };
  for (let i = 0; i < WARM_UP; i++) await request(url);
  const samples: number[] = [];
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    await request(url);
    samples.push(performance.now() - start);
  }
  return { p95: p95(samples) };
}

async function helloWorldP95(): Promise<number> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.ready();
  const result = await timeGets((url) => hello.inject({ method: 'GET', url }), '/');
  await hello.close();
  if (!('p95' in result)) throw new Error('hello-world did not answer');
  return result.p95;
}

/** Admin sign-in with the password, then enrolment of a second factor (ADR 019), as a browser does. */
async function signInAdmin(app: FastifyInstance): Promise<TestClient> {
  const client = new TestClient(app);
  const signIn = await client.post('/admin/sign-in', ADMIN);
  if (signIn.statusCode !== 302) throw new Error(`admin sign-in answered ${signIn.statusCode}`);
  const page = await client.get('/admin/two-factor');
  const secret = page.body.match(/name="secret" value="([A-Z2-7]{32})"/)?.[1];
  if (!secret) throw new Error('no enrolment secret on /admin/two-factor');
  const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const enrolled = await client.post('/admin/two-factor', { intent: 'enrol', secret, code });
  if (enrolled.statusCode !== 200) throw new Error(`second-factor enrolment answered ${enrolled.statusCode}`);
  return client;
}

/** Streams `url` over real HTTP, discarding the body: bytes, time, and peak RSS growth meanwhile. */
async function streamExport(
  app: FastifyInstance,
  url: string,
  cookie: string,
): Promise<{ status: number } | { ms: number; bytes: number; lines: number; growth: number }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return { status: res.status };
    }
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    return { ms: performance.now() - start, bytes, lines, growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

async function openPostgres(): Promise<{ database: Database; drop: () => Promise<void> } | null> {
  const name = `bench_admin_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  PostgreSQL skipped: nothing answers at ${POSTGRES_URL} (${(error as Error).message})`);
    return null;
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function benchOn(kind: 'pglite' | 'postgres', helloP95: number): Promise<void> {
  console.log(`\n${kind === 'pglite' ? 'PGlite (in memory)' : `PostgreSQL (${POSTGRES_URL})`}`);
  const opened =
    kind === 'pglite'
      ? {
          database: await openDatabase({ kind: 'pglite', dir: null }),
          drop: async () => {},
        }
      : await openPostgres();
  if (!opened) return;
  const { database } = opened;
  try {
    await database.migrate();
    let start = performance.now();
    await fill(database);
    report(
      `${kind}: generate ${ORDERS.toLocaleString('en')} orders, ${CUSTOMERS.toLocaleString('en')} customers`,
      `${((performance.now() - start) / 1000).toFixed(1)} s`,
    );

    const log = createLogger({ level: 'silent' });
    const services = createServices({
      db: database.db,
      storage: new MemoryStorage(),
      // A local address: the bench asks for any host (injected, and over 127.0.0.1), which a
      // production shop on a public address would redirect to its own (ADR 061).
      config: defaultServiceConfig({ publicUrl: 'http://localhost' }),
      log,
    });
    const app = await buildApp({
      env: { TRUST_PROXY: false, PUBLIC_URL: 'http://localhost', NODE_ENV: 'production' },
      services,
      log,
      readiness: createReadiness(database.db),
      pages: {
        mode: 'production',
        build: await loadServerBuild(),
        clientDir: path.join(ROOT, 'build/client'),
      },
    });
    await app.ready();
    try {
      const client = await signInAdmin(app);
      const [customer] = await queryRows<{ phone: string; name: string }>(
        database.db,
        sql`SELECT phone, name FROM users WHERE email = ${`bench.customer${Math.min(1234, CUSTOMERS)}@example.com`}`,
      );
      const pages = [
        '/admin/dashboard?period=year',
        `/admin/orders?q=${encodeURIComponent(customer!.phone)}&status=shipped`,
        `/admin/users?q=${encodeURIComponent(customer!.name)}`,
      ];
      for (const url of pages) {
        start = performance.now();
        const result = await timeGets((u) => client.get(u), url);
        if ('p95' in result) {
          report(
            `${kind}: ${url}`,
            `p95 ${result.p95.toFixed(1)} ms server time (${(result.p95 / helloP95).toFixed(0)}× hello-world), N=${N}`,
          );
        } else {
          report(`${kind}: ${url}`, `skipped: answers ${result.status} on this branch`);
        }
      }
      const exportUrl = process.env.BENCH_EXPORT_URL ?? '/admin/orders.csv?status=delivered';
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const exported = await streamExport(app, exportUrl, cookie);
      if ('growth' in exported) {
        report(
          `${kind}: CSV export ${exportUrl}`,
          `${(exported.lines - 1).toLocaleString('en')} rows, ${(exported.bytes / 1_048_576).toFixed(1)} MB in ${(exported.ms / 1000).toFixed(1)} s; peak RSS growth ${(exported.growth / 1_048_576).toFixed(1)} MB`,
        );
      } else {
        report(`${kind}: CSV export ${exportUrl}`, `skipped: answers ${exported.status} on this branch`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await opened.drop();
    if (kind === 'pglite') await database.close();
  }
}

async function main() {
  console.log(
    `Admin bench: ${ORDERS.toLocaleString('en')} orders, ${CUSTOMERS.toLocaleString('en')} customers, p95 of N=${N} after ${WARM_UP} warm-up requests, NODE_ENV=${process.env.NODE_ENV}`,
  );
  const helloP95 = await helloWorldP95();
  report('bare Fastify hello-world (inject)', `p95 ${helloP95.toFixed(2)} ms`);
  if (only !== 'postgres') await benchOn('pglite', helloP95);
  if (only !== 'pglite') await benchOn('postgres', helloP95);
  console.log('\n| figure | value |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
