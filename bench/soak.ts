// Does the shop hold over time (issue 16, ADR 052)? The built shop, as production runs it, gets a
// steady mix of what shoppers and staff do for SOAK_MINUTES (default 30): browsing the home page,
// the listing and products, searching, adding to and removing from a cart, checking out (the
// sandbox payment is then cancelled, so the stock goes back), the account pages signed in and the
// admin pages signed in as the demo admin. Meanwhile the shop's memory is sampled.
//
//   npm run build && npm run bench:soak
//   SOAK_MINUTES=3 SOAK_WORKERS=4 npm run bench:soak
//   SOAK_DATABASE_URL=postgres://…/db npm run bench:soak     (default: embedded PGlite)
//   SOAK_HEAP_SNAPSHOTS=/tmp/heaps:5,25 npm run bench:soak   (heap snapshots at those minutes)
//
// Memory: bench/soak-probe.mjs runs inside the shop process (node --expose-gc --import) and every
// SOAK_SAMPLE_SECONDS (10) collects garbage and reports RSS and the heap still used, so a leak is
// seen as retained memory, not as the collector's saw-tooth. The slope is a least-squares line
// through the samples after the first fifth of the run (caches fill then), in MB per 10 minutes;
// "no growth trend" when the retained heap grows less than 1 MB and RSS less than 5 MB per 10
// minutes, judged only over at least ten settled minutes (shorter runs print the slope and say
// they are too short: filling caches look like growth). Latency: p50/p99/max per kind of request. Errors: any network failure, 5xx or an answer
// other than the one that kind expects; 429s (abuse limits) are counted apart. The limits that
// one address placing an order every few seconds would cross (checkout, cart) are raised for this
// run through RATE_LIMITS: abuse limits are proved by their own tests, not here.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ADMIN } from '#core/demo.ts';

const repo = path.resolve(import.meta.dirname, '..');
const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const workers = Number(process.env.SOAK_WORKERS ?? 4);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
/** Each worker's pause between requests: a steady crowd, not a flood (the machine is shared). */
const pauseMs = Number(process.env.SOAK_PAUSE_MS ?? 25);
const databaseUrl = process.env.SOAK_DATABASE_URL ?? '';
const SOAK_LIMITS = [
  'checkout:ip=1000000/1h',
  'checkout:session=1000000/1h',
  'cart:ip=1000000/15m',
  'cart:session=1000000/15m',
  'payment-retry:ip=1000000/1h',
  'payment-retry:session=1000000/1h',
].join(',');

interface Sample {
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

interface KindStats {
  latencies: number[];
  errors: number;
  limited: number;
  examples: string[];
}

const stats = new Map<string, KindStats>();

function record(kind: string, ms: number, outcome: 'ok' | 'limited' | { error: string }) {
  let s = stats.get(kind);
  if (!s) {
    s = { latencies: [], errors: 0, limited: 0, examples: [] };
    stats.set(kind, s);
  }
  s.latencies.push(ms);
  if (outcome === 'limited') s.limited += 1;
  else if (outcome !== 'ok') {
    s.errors += 1;
    if (s.examples.length < 3) s.examples.push(outcome.error);
  }
}

/** A browser's cookies, enough for the shop's (name=value, forgotten when emptied). */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

interface Step {
  kind: string;
  method?: 'GET' | 'POST';
  path: string;
  form?: Record<string, string>;
  /** The statuses this kind of request answers when all is well. */
  expect: number[];
}

async function request(base: string, jar: Jar, step: Step): Promise<Response | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${step.path}`, {
      method: step.method ?? 'GET',
      redirect: 'manual',
      headers: {
        'accept-encoding': 'br, gzip',
        cookie: jar.header(),
        ...(step.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: base } : {}),
      },
      body: step.form ? new URLSearchParams(step.form) : undefined,
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    jar.take(res);
    if (res.status === 429) record(step.kind, ms, 'limited');
    else if (!step.expect.includes(res.status))
      record(step.kind, ms, { error: `${res.status} ${step.method ?? 'GET'} ${step.path}` });
    else record(step.kind, ms, 'ok');
    return res;
  } catch (error) {
    record(step.kind, performance.now() - started, { error: `${(error as Error).message} ${step.path}` });
    return null;
  }
}

interface Catalogue {
  products: string[];
  variants: number[];
}

async function catalogue(base: string): Promise<Catalogue> {
  const list = (await (await fetch(`${base}/api/v1/products?pageSize=48`)).json()) as {
    items: { id: number; slug: string; variants: { id: number; stock: number }[] }[];
  };
  return {
    products: list.items.map((p) => `/collections/${p.slug}-${p.id}`),
    variants: list.items.flatMap((p) => p.variants.filter((v) => v.stock > 20).map((v) => v.id)),
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const SEARCHES = ['wig', 'bundle', 'curly', 'straight', 'closure', 'frontal', 'braid', 'body wave', 'bob'];

async function signIn(base: string, jar: Jar, staff: boolean) {
  const res = await request(base, jar, {
    kind: staff ? 'sign in (admin)' : 'sign in (account)',
    method: 'POST',
    path: staff ? '/admin/sign-in' : '/auth',
    form: staff
      ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }
      : { intent: 'signin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    expect: [302, 303],
  });
  if (!res || !jar.header().includes('ch_session')) throw new Error(`sign-in failed (${res?.status})`);
}

/** One visitor's loop until the deadline: a weighted mix of what people do on the shop. */
async function visitor(base: string, shop: Catalogue, deadline: number, id: number) {
  const guest = new Jar();
  const account = new Jar();
  const admin = new Jar();
  await signIn(base, account, false);
  await signIn(base, admin, true);
  const actions: [number, () => Promise<unknown>][] = [
    [14, () => request(base, guest, { kind: 'home', path: '/', expect: [200] })],
    [
      12,
      () =>
        request(base, guest, { kind: 'listing', path: `/collections?page=${1 + (id % 3)}`, expect: [200] }),
    ],
    [20, () => request(base, guest, { kind: 'product', path: pick(shop.products), expect: [200] })],
    [
      8,
      () =>
        request(base, guest, {
          kind: 'search',
          path: `/collections?search=${encodeURIComponent(pick(SEARCHES))}`,
          expect: [200],
        }),
    ],
    [
      10,
      async () => {
        const variantId = String(pick(shop.variants));
        await request(base, guest, {
          kind: 'cart add',
          method: 'POST',
          path: '/cart',
          form: { intent: 'add', variantId, quantity: '1' },
          expect: [302],
        });
        await request(base, guest, { kind: 'cart page', path: '/cart', expect: [200] });
        await request(base, guest, {
          kind: 'cart remove',
          method: 'POST',
          path: '/cart',
          form: { intent: 'remove', variantId },
          expect: [200],
        });
      },
    ],
    [
      5,
      async () => {
        const variantId = String(pick(shop.variants));
        await request(base, guest, {
          kind: 'cart add',
          method: 'POST',
          path: '/cart',
          form: { intent: 'add', variantId, quantity: '1' },
          expect: [302],
        });
        await request(base, guest, { kind: 'checkout page', path: '/checkout', expect: [200] });
        const placed = await request(base, guest, {
          kind: 'place order',
          method: 'POST',
          path: '/checkout',
          form: {
            idempotencyKey: crypto.randomUUID(),
            email: `soak${id}@example.ng`,
            phone: '0803 123 4567',
            shipName: 'Soak Shopper',
            shipPhone: '0803 123 4567',
            shipState: 'Lagos',
            shipCity: 'Ikeja',
            shipStreet: '14 Allen Avenue',
            shipLandmark: 'Opposite the bank',
            paymentMethod: 'online',
          },
          expect: [302],
        });
        // The sandbox's page comes as a path on this shop (ADR 061).
        const next = new URL(placed?.headers.get('location') ?? '/', base).pathname;
        if (!next.startsWith('/pay/sandbox/')) {
          record('place order', 0, { error: `went to ${next}, not the sandbox payment page` });
        } else {
          // Cancelled: the order fails and its stock goes back, so the shelves never empty.
          await request(base, guest, {
            kind: 'sandbox cancel',
            method: 'POST',
            path: next,
            form: { intent: 'cancel' },
            expect: [302],
          });
        }
        await request(base, guest, {
          kind: 'cart remove',
          method: 'POST',
          path: '/cart',
          form: { intent: 'remove', variantId },
          expect: [200],
        });
      },
    ],
    [
      8,
      () =>
        request(base, account, {
          kind: 'account page (signed in)',
          path: pick(['/dashboard', '/dashboard?tab=orders', '/dashboard?tab=settings']),
          expect: [200],
        }),
    ],
    [
      8,
      () =>
        request(base, admin, {
          kind: 'admin page (signed in)',
          path: pick([
            '/admin/dashboard',
            '/admin/orders',
            '/admin/products',
            '/admin/users',
            '/admin/orders?status=placed',
          ]),
          expect: [200],
        }),
    ],
  ];
  const total = actions.reduce((n, [w]) => n + w, 0);
  while (Date.now() < deadline) {
    const roll = Math.random() * total;
    let sum = 0;
    const action =
      actions.find(([w]) => {
        sum += w;
        return roll < sum;
      }) ?? actions[0]!;
    await action[1]();
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

async function waitForShop(base: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the shop did not become ready');
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-soak-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const samples: Sample[] = [];
  const server = spawn(
    process.execPath,
    ['--expose-gc', '--import', path.join(repo, 'bench/soak-probe.mjs'), 'build/server-app/main.js'],
    {
      cwd: repo,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: work,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: SOAK_LIMITS,
        SOAK_PROBE_MS: String(sampleSeconds * 1000),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  server.on('message', (m: Sample & { soakProbe?: boolean }) => {
    if (m?.soakProbe)
      samples.push({
        at: m.at,
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
      });
  });
  let startedAt = 0;
  let endedAt = 0;
  try {
    await waitForShop(base, server, 300_000);
    const shop = await catalogue(base);
    if (shop.products.length === 0 || shop.variants.length === 0) throw new Error('no sample catalogue');
    console.log(
      `Soak: ${minutes} min, ${workers} visitors (pause ${pauseMs} ms), ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, memory every ${sampleSeconds} s…`,
    );
    startedAt = Date.now();
    const deadline = startedAt + minutes * 60_000;
    const progress = setInterval(() => {
      const last = samples.at(-1);
      const done = [...stats.values()].reduce((n, s) => n + s.latencies.length, 0);
      console.log(
        `  ${((Date.now() - startedAt) / 60_000).toFixed(1)} min: ${done} requests` +
          (last ? `, RSS ${mb(last.rss)} MB, heap ${mb(last.heapUsed)} MB` : ''),
      );
    }, 60_000);
    await Promise.all(Array.from({ length: workers }, (_, i) => visitor(base, shop, deadline, i)));
    clearInterval(progress);
    endedAt = Date.now();
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }

  // ── Report ───────────────────────────────────────────────────────────────────────────────────
  const during = samples.filter((s) => s.at >= startedAt && s.at <= endedAt + sampleSeconds * 1000);
  const warmUntil = startedAt + (endedAt - startedAt) / 5;
  const settled = during.filter((s) => s.at >= warmUntil);
  const perTenMinutes = (key: 'rss' | 'heapUsed') =>
    slope(settled.map((s) => [(s.at - startedAt) / 600_000, s[key] / MB]));
  const rssSlope = perTenMinutes('rss');
  const heapSlope = perTenMinutes('heapUsed');
  // Caches fill for minutes (pages, products, searches): a slope over less than ten settled
  // minutes cannot tell that from a leak, so a short run says so instead of judging.
  const settledMinutes = settled.length > 1 ? (settled.at(-1)!.at - settled[0]!.at) / 60_000 : 0;
  const judged = settledMinutes >= 10;
  const steady = heapSlope < 1 && rssSlope < 5;
  const verdict = !judged
    ? `too short to judge (${settledMinutes.toFixed(1)} settled minutes; a verdict needs 10, SOAK_MINUTES ≥ 13)`
    : steady
      ? 'no growth trend'
      : 'GROWTH TREND: look for a leak';

  console.log(`\nMemory of the shop process (after a full GC each sample; ${during.length} samples)\n`);
  console.log('| minute | RSS MB | heap used MB | heap total MB | external MB |\n|---|---|---|---|---|');
  const rows = 12;
  const step = Math.max(1, Math.floor(during.length / rows));
  const shown = during.filter((_, i) => i % step === 0 || i === during.length - 1);
  for (const s of shown) {
    console.log(
      `| ${((s.at - startedAt) / 60_000).toFixed(1)} | ${mb(s.rss)} | ${mb(s.heapUsed)} | ${mb(s.heapTotal)} | ${mb(s.external)} |`,
    );
  }
  console.log(
    `\nSlope after the first fifth (${settled.length} samples, least squares): RSS ${rssSlope.toFixed(2)} MB / 10 min, ` +
      `retained heap ${heapSlope.toFixed(2)} MB / 10 min — ${verdict}`,
  );

  console.log('\nRequests by kind\n');
  console.log(
    '| kind | requests | p50 ms | p99 ms | max ms | errors | 429s |\n|---|---|---|---|---|---|---|',
  );
  let errors = 0;
  let limited = 0;
  let requests = 0;
  for (const [kind, s] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    errors += s.errors;
    limited += s.limited;
    requests += sorted.length;
    console.log(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} | ${s.errors} | ${s.limited} |`,
    );
  }
  const seconds = (endedAt - startedAt) / 1000;
  console.log(
    `\n${requests} requests in ${(seconds / 60).toFixed(1)} min (${(requests / seconds).toFixed(1)} req/s): ${errors} errors, ${limited} answered 429 (abuse limits).`,
  );
  for (const [kind, s] of stats) for (const e of s.examples) console.log(`  error (${kind}): ${e}`);

  const results = path.join(repo, 'bench/results');
  mkdirSync(results, { recursive: true });
  const file = path.join(results, `soak-${new Date(startedAt).toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        minutes,
        workers,
        database: databaseUrl ? 'postgres' : 'pglite',
        samples: during,
        rssSlopeMbPer10Min: rssSlope,
        heapSlopeMbPer10Min: heapSlope,
        settledMinutes,
        verdict,
        kinds: Object.fromEntries(
          [...stats].map(([k, s]) => {
            const sorted = [...s.latencies].sort((a, b) => a - b);
            return [
              k,
              {
                requests: sorted.length,
                p50: percentile(sorted, 50),
                p99: percentile(sorted, 99),
                errors: s.errors,
                limited: s.limited,
              },
            ];
          }),
        ),
      },
      null,
      2,
    ),
  );
  console.log(`\nSamples and figures: ${path.relative(repo, file)}`);
  if (errors > 0 || (judged && !steady)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
