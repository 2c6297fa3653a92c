// Checkout under a rush: 200 shoppers press "Place order" at the same moment, on the embedded
// database (PGlite, in memory) and on PostgreSQL. Reports orders placed per second, requests per
// second, latency percentiles, how many were placed (302) or refused as sold out (409), and checks
// that the orders created equal the stock there was (never oversold, never negative).
//
// The target (issue 15, ADR 041): 200 checkouts at once for a variant with 10 in stock place
// exactly 10 orders with p99 ≤ 1 s, on each database. Every browser posts the checkout form to
// /checkout (the page is not hydrated since ADR 046; its island only updates the fee and the
// button), the refused ones answered with the whole checkout page: that rush is the target's. The
// same rush through React Router's data endpoint (/checkout.data: the data only, ADR 045) is
// printed beside it for reference. The last lines print the verdict per database ("TARGET MET" /
// "TARGET MISSED"); the exit code stays for broken invariants only.
//
// The shop is measured as it runs, not as it starts: untimed warm-up rushes repeat until the CPU a
// rush costs per request stops falling (the JIT and PostgreSQL's plan caches settle; at most six,
// each printed). The machine is shared and noisy, so each scenario runs three times
// (BENCH_RUNS) on a fresh product and the run with the median p99 is reported, every run's p99
// beside it; each run's invariants are checked. A bare Fastify hello-world is rushed the same way
// before and after (the machine's speed in this run), and each p99 is printed as a multiple of it.
//
//   npm run bench:checkout
//   BENCH_SHOPPERS=200 BENCH_STOCK=120 npm run bench:checkout
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:checkout
//
// The shop runs in-process exactly as the integration tests build it (real services, real
// /checkout action through the server-rendered pages), driven through app.inject: no sockets.
// Prints figures; exits non-zero only when an invariant breaks or a checkout gets an unexpected
// answer. Not part of `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import type { TestClient as TestClientType } from '#tests/helpers/client.ts';
import type { TestShop } from '#tests/helpers/test-app.ts';

// As in production (server/main.ts): React renders its production build, the shop logs nothing.
process.env.NODE_ENV ||= 'production';
process.env.TEST_LOG_LEVEL = 'silent';

const { sql } = await import('drizzle-orm');
const { queryRows } = await import('#server/db/client.ts');
const { createProduct } = await import('#tests/factories/catalog.ts');
const { TestClient } = await import('#tests/helpers/client.ts');
const { addToCart, checkoutForm } = await import('#tests/helpers/shopping.ts');
const { createTestShop } = await import('#tests/helpers/test-app.ts');

const repo = path.resolve(import.meta.dirname, '..');
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 200);
const limitedStock = Number(process.env.BENCH_STOCK ?? 10);
/** The p99 the rush for the limited stock must stay within (issue 15). */
const P99_TARGET_MS = 1000;
if (!(Number.isInteger(shoppers) && shoppers >= 1 && Number.isInteger(limitedStock) && limitedStock >= 1)) {
  throw new Error('BENCH_SHOPPERS and BENCH_STOCK must be whole numbers of at least 1.');
}
/** Runs of each scenario: the machine is shared and noisy, so the median of three is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** At most this many warm-up rushes. */
const MAX_WARM_UPS = 6;
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type PaymentMethod = 'pay_on_delivery' | 'online';

interface Scenario {
  name: string;
  stock: number;
  paymentMethod: PaymentMethod;
  /** How the browser sends the form: a plain form post, or React Router's data request (JavaScript). */
  via: 'form' | 'data';
  /** One of the target's rushes (issue 15). */
  target?: boolean;
}

const scenarios: Scenario[] = [
  {
    name: `stock ${limitedStock}, pay on delivery`,
    stock: limitedStock,
    paymentMethod: 'pay_on_delivery',
    via: 'form',
    target: true,
  },
  {
    name: `stock ${limitedStock}, pay on delivery, data endpoint`,
    stock: limitedStock,
    paymentMethod: 'pay_on_delivery',
    via: 'data',
  },
  {
    name: `stock ${shoppers}, pay on delivery`,
    stock: shoppers,
    paymentMethod: 'pay_on_delivery',
    via: 'form',
  },
  { name: `stock ${shoppers}, online (sandbox)`, stock: shoppers, paymentMethod: 'online', via: 'form' },
];

interface Row {
  database: string;
  scenario: string;
  ordersPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  placed: number;
  soldOut: number;
  other: number;
  orders: number;
  expected: number;
  stockBefore: number;
  stockAfter: number;
  ok: boolean;
  /** The p99 of each run of the scenario (the row is the run with the median p99). */
  p99Runs?: number[];
}

const rows: Row[] = [];
let failed = false;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const ms = (n: number) => n.toFixed(1);

async function count(shop: TestShop, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(shop.database.db, query);
  return Number(row?.n ?? 0);
}

async function shoppersWith(shop: TestShop, variantId: number, n: number): Promise<TestClientType[]> {
  const clients = Array.from({ length: n }, () => new TestClient(shop.app));
  for (const c of clients) {
    const res = await addToCart(c, variantId, 1);
    if (res.statusCode !== 302)
      throw new Error(`add to cart answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return clients;
}

/**
 * An untimed rush before the timed ones (placed and sold-out answers, both ways to pay and both
 * ways to send the form), so the timed scenarios do not pay for the JIT, the page modules and the
 * connection pool. Returns the process CPU per request it took: warming up repeats until that
 * stops falling (a shop in a flash sale has been running for hours, not one rush).
 */
async function warmUp(shop: TestShop): Promise<number> {
  const product = await createProduct(shop.database.db, {
    variants: [{ stock: Math.max(1, Math.floor((shoppers * 3) / 4)) }],
  });
  const clients = await shoppersWith(shop, product.variants[0]!.id, shoppers);
  const cpu = process.cpuUsage();
  const results = await Promise.all(
    clients.map((c, i) =>
      c.post(
        // Both ways the form can be sent (the page, and the data endpoint).
        i % 4 === 3 ? '/checkout.data' : '/checkout',
        checkoutForm({
          email: `warmup${i}@example.ng`,
          paymentMethod: i % 2 === 0 ? 'pay_on_delivery' : 'online',
        }),
      ),
    ),
  );
  const used = process.cpuUsage(cpu);
  const odd = results.find((r) => ![302, 202, 409].includes(r.statusCode));
  if (odd) throw new Error(`warm-up checkout answered ${odd.statusCode}: ${odd.body.slice(0, 300)}`);
  return (used.user + used.system) / 1000 / shoppers;
}

async function runScenario(
  shop: TestShop,
  database: string,
  scenario: Scenario,
  index: number,
): Promise<Row> {
  const product = await createProduct(shop.database.db, { variants: [{ stock: scenario.stock }] });
  const variantId = product.variants[0]!.id;
  const clients = await shoppersWith(shop, variantId, shoppers);
  const stockBefore = await count(shop, sql`SELECT stock AS n FROM product_variants WHERE id = ${variantId}`);
  const forms = clients.map((_, i) =>
    checkoutForm({ email: `bench${index}-${i}@example.ng`, paymentMethod: scenario.paymentMethod }),
  );

  // Through the data endpoint React Router posts the same form to the route's data URL; a placed order is
  // answered 202 with the redirect in the body (the browser then goes there), a refusal 409.
  const url = scenario.via === 'data' ? '/checkout.data' : '/checkout';
  const placedStatus = scenario.via === 'data' ? 202 : 302;
  const latencies: number[] = new Array(shoppers);
  const started = performance.now();
  const results = await Promise.all(
    clients.map(async (c, i) => {
      const t0 = performance.now();
      const res = await c.post(url, forms[i]!);
      latencies[i] = performance.now() - t0;
      return res;
    }),
  );
  const wallMs = performance.now() - started;

  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
  const placed = statuses.get(placedStatus) ?? 0;
  const soldOut = statuses.get(409) ?? 0;
  const other = shoppers - placed - soldOut;
  const orders = await count(
    shop,
    sql`SELECT count(DISTINCT order_id) AS n FROM order_lines WHERE variant_id = ${variantId}`,
  );
  const unitsSold = await count(
    shop,
    sql`SELECT coalesce(sum(quantity), 0) AS n FROM order_lines WHERE variant_id = ${variantId}`,
  );
  const stockAfter = await count(shop, sql`SELECT stock AS n FROM product_variants WHERE id = ${variantId}`);
  const expected = Math.min(shoppers, stockBefore);
  const sorted = [...latencies].sort((a, b) => a - b);

  const problems: string[] = [];
  if (other > 0) {
    const odd = results.filter((r) => r.statusCode !== placedStatus && r.statusCode !== 409);
    problems.push(
      `${other} checkouts answered neither ${placedStatus} nor 409: ${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}; first: ${odd[0]!.body.slice(0, 300).replace(/\s+/g, ' ')}`,
    );
  }
  if (orders !== expected)
    problems.push(`${orders} orders created, expected min(${shoppers}, ${stockBefore}) = ${expected}`);
  if (placed !== orders)
    problems.push(`${placed} checkouts answered ${placedStatus} but ${orders} orders exist`);
  if (unitsSold !== orders) problems.push(`${unitsSold} units on ${orders} one-unit orders`);
  if (stockAfter !== stockBefore - orders || stockAfter < 0) {
    problems.push(`final stock ${stockAfter}, expected ${stockBefore} − ${orders} = ${stockBefore - orders}`);
  }
  if (scenario.paymentMethod === 'online') {
    const redirects = results.filter(
      (r) => r.statusCode === 302 && !String(r.headers.location).includes('/pay/'),
    );
    if (redirects.length > 0) {
      problems.push(
        `${redirects.length} online checkouts not sent to a payment page (e.g. ${redirects[0]!.headers.location})`,
      );
    }
  }

  const row: Row = {
    database,
    scenario: scenario.name,
    ordersPerSecond: orders / (wallMs / 1000),
    requestsPerSecond: shoppers / (wallMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
    placed,
    soldOut,
    other,
    orders,
    expected,
    stockBefore,
    stockAfter,
    ok: problems.length === 0,
  };
  console.log(`  ${scenario.name}: ${shoppers} checkouts at once`);
  console.log(
    `    wall ${ms(wallMs)} ms · ${row.ordersPerSecond.toFixed(1)} orders placed/s · ${row.requestsPerSecond.toFixed(1)} requests/s`,
  );
  console.log(
    `    latency p50 ${ms(row.p50)} ms · p95 ${ms(row.p95)} ms · p99 ${ms(row.p99)} ms · max ${ms(row.max)} ms`,
  );
  console.log(
    `    answers: ${placed} placed (${placedStatus}) · ${soldOut} sold out (409) · ${other} other${scenario.via === 'data' ? ' · posted to /checkout.data' : ''}`,
  );
  console.log(
    `    orders created ${orders} vs stock available ${stockBefore} → expected ${expected} ${orders === expected ? '✓' : '✗'} · final stock ${stockAfter} (${stockBefore} − ${orders})`,
  );
  for (const p of problems) console.log(`    FAILED: ${p}`);
  if (problems.length > 0) failed = true;
  return row;
}

async function runDatabase(label: string, adminUrl: string | null) {
  if (adminUrl) process.env.TEST_DATABASE_URL = adminUrl;
  else delete process.env.TEST_DATABASE_URL;
  console.log(`\n${label}`);
  // Every simulated shopper comes from one address: lift the per-address abuse limits.
  const shop = await createTestShop({
    pages: true,
    config: { rateLimits: { 'checkout:ip': { limit: 1_000_000 }, 'cart:ip': { limit: 1_000_000 } } },
  });
  try {
    const warmUps: number[] = [];
    for (let i = 0; i < MAX_WARM_UPS; i++) {
      warmUps.push(await warmUp(shop));
      const [before, last] = warmUps.slice(-2);
      if (warmUps.length >= 2 && last! >= before! * 0.9) break;
    }
    console.log(
      `  warm-up: ${warmUps.length} untimed rushes, CPU per request ${warmUps.map((n) => `${n.toFixed(1)} ms`).join(' → ')}`,
    );
    for (const [i, scenario] of scenarios.entries()) {
      const runs: Row[] = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await runScenario(shop, label, scenario, i * RUNS + run));
      // The run with the median p99 stands for the scenario; every run's p99 is printed beside it.
      const median = [...runs].sort((a, b) => a.p99 - b.p99)[Math.floor(runs.length / 2)]!;
      rows.push({ ...median, p99Runs: runs.map((r) => r.p99), ok: runs.every((r) => r.ok) });
    }
  } finally {
    await shop.close();
  }
}

/**
 * The machine's speed in this run: a bare Fastify hello-world rushed the same way (200 injected
 * requests at once, the same process), the median p99 of seven rushes after twenty untimed ones. The
 * target is absolute, but this machine is shared: the ratio to this says whether a slow run was the
 * shop or the machine.
 */
async function helloWorldRushP99(): Promise<number> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.ready();
  const p99s: number[] = [];
  for (let rush = 0; rush < 27; rush++) {
    const latencies = await Promise.all(
      Array.from({ length: shoppers }, async () => {
        const t0 = performance.now();
        const res = await hello.inject({ method: 'GET', url: '/' });
        if (res.statusCode !== 200) throw new Error(`hello-world answered ${res.statusCode}`);
        return performance.now() - t0;
      }),
    );
    latencies.sort((a, b) => a - b);
    if (rush >= 20) p99s.push(percentile(latencies, 99));
  }
  await hello.close();
  return p99s.sort((a, b) => a - b)[Math.floor(p99s.length / 2)]!;
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows: r } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    return r[0]?.v ?? '?';
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function main() {
  if (!existsSync(path.join(repo, 'build/server/index.js'))) {
    console.log(
      'The storefront is not built (build/server/index.js missing): running `npm run build` first…',
    );
    execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(`Checkout bench: ${shoppers} concurrent checkouts, 1 unit each, guest carts, Lagos`);
  console.log(
    `Machine: ${availableParallelism()} cores (${cpu}), Node ${process.version}, NODE_ENV=${process.env.NODE_ENV}`,
  );
  console.log(
    `Load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (other work on the machine skews the figures)`,
  );
  console.log(
    'Note: the load generator (app.inject, no sockets) runs in the same process on the same cores as the shop; a local PostgreSQL shares them too.',
  );
  console.log(
    `Each database: untimed warm-up rushes of the same size until their CPU per request stops falling, then each scenario ${RUNS} times on a fresh product (the median p99 reported); carts prepared untimed.`,
  );

  const helloBefore = await helloWorldRushP99();
  console.log(`Bare Fastify hello-world, ${shoppers} at once: p99 ${ms(helloBefore)} ms`);

  await runDatabase('PGlite (embedded, in memory)', null);

  const version = await postgresReachable(postgresUrl);
  if (version) await runDatabase(`PostgreSQL ${version} (${redact(postgresUrl)}, pool 20)`, postgresUrl);
  else console.log(`\nPostgreSQL: skipped: no PostgreSQL at ${redact(postgresUrl)}`);

  const helloAfter = await helloWorldRushP99();
  const hello = (helloBefore + helloAfter) / 2;
  console.log(
    `\nBare Fastify hello-world, ${shoppers} at once: p99 ${ms(helloBefore)} ms before, ${ms(helloAfter)} ms after (the ratios below use their mean, ${ms(hello)} ms)`,
  );
  console.log(
    `\n| database | scenario | orders/s | req/s | p50 ms | p95 ms | p99 ms | max ms | 302 | 409 | other | orders / expected | stock before → after | p99 of each of ${RUNS} runs | p99 ÷ hello-world's |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.database.split(' (')[0]} | ${r.scenario} | ${r.ordersPerSecond.toFixed(1)} | ${r.requestsPerSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.placed} | ${r.soldOut} | ${r.other} | ${r.orders} / ${r.expected} ${r.ok ? '✓' : '✗'} | ${r.stockBefore} → ${r.stockAfter} | ${(r.p99Runs ?? [r.p99]).map(ms).join(', ')} | ${(r.p99 / hello).toFixed(0)}× |`,
    );
  }
  const targets = new Set(scenarios.filter((s) => s.target).map((s) => s.name));
  const target = rows.filter((r) => targets.has(r.scenario));
  console.log(
    `\nTarget (issue 15): ${shoppers} checkouts at once for ${limitedStock} in stock → exactly ${Math.min(shoppers, limitedStock)} orders, p99 ≤ ${P99_TARGET_MS} ms`,
  );
  for (const r of target) {
    const met = r.ok && r.orders === r.expected && r.p99 <= P99_TARGET_MS;
    const way = 'the checkout form';
    console.log(
      `  ${met ? 'TARGET MET   ' : 'TARGET MISSED'} ${r.database.split(' (')[0]}, ${way}: ${r.orders} orders (expected ${r.expected}), p99 ${ms(r.p99)} ms${r.p99 <= P99_TARGET_MS ? '' : ` > ${P99_TARGET_MS} ms`} (median of ${RUNS} runs: ${(r.p99Runs ?? [r.p99]).map(ms).join(', ')})${r.ok ? '' : ', invariants broken'}`,
    );
  }
  if (failed) {
    console.log('\nFAILED: see above.');
    process.exitCode = 1;
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
