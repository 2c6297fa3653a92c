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
// For the anonymous home and product pages it also prints the shop's CPU per request and how busy
// it was, beside a hello-world in a process of its own. The load comes from wrk when it is
// installed (Debian's `wrk`; one C thread), else from autocannon, which at a kept page's ~9 KB
// saturates its own core while the shop is under half busy (BENCH_LOADER=autocannon forces it);
// the table's title says which. Nothing here is a pass/fail test.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { DEMO_ADMIN } from '#core/demo.ts';
import { type Figure, loader, load as loadWith } from './load.ts';
import { firstProductPath, guestCartCookie } from './sample-shop.ts';

const repo = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function load(url: string, headers: Record<string, string> = {}, conns = connections): Promise<Figure> {
  return loadWith(url, { headers, connections: conns, seconds });
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
  const result = await load(url, headers);
  const after = cpuMs(pid);
  const answered = result.rps * seconds;
  return {
    ...result,
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

/** A bare Fastify hello-world in a process of its own (its port read from its output). */
async function helloWorldProcess(): Promise<{ pid: number | undefined; port: number; stop(): void }> {
  const child = spawn(
    'node',
    [
      '-e',
      "const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log(app.server.address().port));",
    ],
    { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
  return { pid: child.pid, port, stop: () => child.kill('SIGTERM') };
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
    // The same hello-world in its own process, as the shop runs: what one request costs its server.
    const bareServer = await helloWorldProcess();
    const bareCpu = await loadWithCpu(bareServer.pid, `http://127.0.0.1:${bareServer.port}/`);
    bareServer.stop();

    const home = await loadWithCpu(server.pid, `${base}/`);
    const product = await loadWithCpu(server.pid, `${base}${productPath}`);
    const runs: [string, Figure, string][] = [
      ['home page, anonymous', home, '≥ 0.25, p99 ≤ 20 ms'],
      ['product page, anonymous', product, '≥ 0.25, p99 ≤ 20 ms'],
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
    // A kept page is 9–10 KB compressed against hello-world's 17 bytes: the load generator (one
    // thread, parsing every byte) can be the limit before the shop is. Its CPU says which it was.
    const busy = (f: { cpuPerRequest: number | null; rps: number }) =>
      f.cpuPerRequest === null ? 'n/a' : `${Math.round((f.cpuPerRequest * f.rps) / 10)} % of a core`;
    for (const [name, f] of [
      ['home page, anonymous', home],
      ['product page, anonymous', product],
    ] as const) {
      rows.push([
        `${name}: the shop's CPU`,
        `${cpu(f)} a request, ${busy(f)} busy at ${Math.round(f.rps)} req/s; hello-world in its own process: ${cpu(bareCpu)} a request, ${busy(bareCpu)} busy at ${Math.round(bareCpu.rps)} req/s` +
          (f.cpuPerRequest && bareCpu.cpuPerRequest
            ? ` — per request the shop costs ${(f.cpuPerRequest / bareCpu.cpuPerRequest).toFixed(1)}× hello-world (capacity ${(bareCpu.cpuPerRequest / f.cpuPerRequest).toFixed(2)} of hello)`
            : ''),
      ]);
    }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nPages (${seconds}s × ${connections} connections per run, load from ${loader})\n`);
  console.log('| figure | value |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
