// Page speed under a crowd (issue 15): the built shop on the embedded database with its sample
// data, loaded at 50 connections, beside a bare Fastify hello-world measured in the same run.
//
//   npm run build && npm run bench:pages
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench:pages
//
// Anonymous pages come from the page cache (ADR 038); a visitor with a cart cookie or a signed-in
// shopper (the demo admin, signed in once) gets the kept page with their personal parts rendered
// for them (ADR 043); the cart page is rendered in full every time. Prints a table of req/s, p99
// and the ratio to hello-world; the targets are issue 15's. It also reports the server's own
// time per answer: the mean of the `Server-Timing: render;dur=…` the SSR bridge sends (loaders and
// React, measured one request at a time), and the shop process's CPU time (from /proc) divided by
// the requests it answered during the 50-connection run (everything: hooks, render, compression).
// Nothing here is a pass/fail test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { DEMO_ADMIN } from '#core/demo.ts';
import { firstProductPath, guestCartCookie } from './sample-shop.ts';

const repo = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figure {
  rps: number;
  p99: number;
  mean: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}, conns = connections): Promise<Figure> {
  const result = await autocannon({
    url,
    connections: conns,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip', ...headers },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.non2xx,
  };
}

/** The process's user + system CPU time in ms (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in ticks.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Loads the URL and reports the server's CPU ms per answered request meanwhile. */
async function loadWithCpu(
  pid: number | undefined,
  url: string,
  headers: Record<string, string> = {},
): Promise<Figure & { cpuPerRequest: number | null }> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip', ...headers },
  });
  const after = cpuMs(pid);
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.non2xx,
    cpuPerRequest: before !== null && after !== null && answered > 0 ? (after - before) / answered : null,
  };
}

/** Mean of the server's own `Server-Timing: render;dur=…` over `count` requests, one at a time. */
async function serverRenderMs(url: string, headers: Record<string, string>, count = 200): Promise<number> {
  let total = 0;
  let seen = 0;
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
    await response.arrayBuffer();
    const match = /render;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (match) {
      total += Number(match[1]);
      seen += 1;
    }
  }
  return seen > 0 ? total / seen : Number.NaN;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-bench-pages-'));
  const port = 3800 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('node', ['build/server-app/main.js'], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: work,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  const rows: [string, string][] = [];
  try {
    await waitFor(`${base}/`, server, 300_000);
    const productPath = await firstProductPath(base);
    // A guest cart: its cookie makes every page personal (rendered, never from the cache).
    const cartCookie = await guestCartCookie(base);

    // A signed-in shopper: the demo admin (the sample data's one account that can sign in).
    const signedIn = await fetch(`${base}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ intent: 'signin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const sessionCookie = (
      signedIn.headers.getSetCookie().find((c) => c.startsWith('ch_session=')) ?? ''
    ).split(';')[0]!;
    if (!sessionCookie) throw new Error(`the demo admin could not sign in (${signedIn.status})`);

    for (const url of ['/', productPath, '/collections']) await fetch(`${base}${url}`); // warm
    for (const cookie of [cartCookie, sessionCookie])
      for (let i = 0; i < 20; i++) await fetch(`${base}${productPath}`, { headers: { cookie } });

    const hello = Fastify();
    hello.get('/', async () => ({ hello: 'world' }));
    await hello.listen({ port: 0, host: '127.0.0.1' });
    const address = hello.server.address();
    const bare = await load(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
    await hello.close();

    const runs: [string, Figure, string][] = [
      ['home page, anonymous', await load(`${base}/`), '≥ 0.25, p99 ≤ 20 ms'],
      ['product page, anonymous', await load(`${base}${productPath}`), '≥ 0.25, p99 ≤ 20 ms'],
      ['listing page, anonymous', await load(`${base}/collections`), ''],
      ['product list JSON', await load(`${base}/api/v1/products`), '≥ 0.5'],
    ];
    // Their product page is the kept page with their personal parts rendered for them (ADR 043).
    const rendered = await loadWithCpu(server.pid, `${base}${productPath}`, { cookie: cartCookie });
    runs.push(['product page, guest with a cart (personal parts)', rendered, '≥ 3× before (~160 req/s)']);
    const shopper = await loadWithCpu(server.pid, `${base}${productPath}`, { cookie: sessionCookie });
    runs.push(['product page, signed-in shopper (personal parts)', shopper, '≥ 3× before']);
    // A page no cache can serve: the guest's cart, rendered in full every time.
    const cartPage = await loadWithCpu(server.pid, `${base}/cart`, { cookie: cartCookie });
    runs.push(['cart page, guest with a cart (full render)', cartPage, '']);
    // Server time per answer: one request at a time, as the server itself measured it.
    const renderMs = await serverRenderMs(`${base}${productPath}`, { cookie: cartCookie });
    const shopperRenderMs = await serverRenderMs(`${base}${productPath}`, { cookie: sessionCookie });
    const cartRenderMs = await serverRenderMs(`${base}/cart`, { cookie: cartCookie });
    // And the whole answer (network and client included) at one connection.
    const single = await load(`${base}${productPath}`, { cookie: cartCookie }, 1);

    rows.push(['bare Fastify hello-world', `${Math.round(bare.rps)} req/s, p99 ${bare.p99} ms`]);
    for (const [name, f, target] of runs) {
      rows.push([
        name,
        `${Math.round(f.rps)} req/s, p99 ${f.p99} ms, ${f.errors} errors — ${(f.rps / bare.rps).toFixed(3)} of hello${target ? ` (target ${target})` : ''}`,
      ]);
    }
    rows.push([
      'server time per answer (Server-Timing, one at a time)',
      `product page: guest with a cart ${renderMs.toFixed(1)} ms, signed in ${shopperRenderMs.toFixed(1)} ms; cart page (full render) ${cartRenderMs.toFixed(1)} ms`,
    ]);
    const cpu = (f: { cpuPerRequest: number | null }) =>
      f.cpuPerRequest === null ? 'n/a' : `${f.cpuPerRequest.toFixed(2)} ms`;
    rows.push([
      'shop CPU per request at 50 connections',
      `product page: guest with a cart ${cpu(rendered)}, signed in ${cpu(shopper)}; cart page ${cpu(cartPage)}`,
    ]);
    rows.push(['product page with a cart, one connection', `mean ${single.mean.toFixed(1)} ms per request`]);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nPages (${seconds}s × ${connections} connections per run)\n`);
  console.log('| figure | value |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
