// Foundation figures: cold install, start to first page, first-load JavaScript, home page size,
// and home page req/s beside a bare Fastify hello-world measured in the same run.
//
//   npm run bench                 # everything, in a fresh clone of this checkout (takes a few minutes)
//   npm run bench -- --quick      # skip the cold install; use this checkout's node_modules
//
// Prints a table; nothing here is a pass/fail test.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { type Figure, loader, load as loadWith } from './load.ts';

const repo = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const figures: [string, string][] = [];
const note = (label: string, value: string) => {
  figures.push([label, value]);
  console.log(`  ${label}: ${value}`);
};

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const result = fn();
  return [result, performance.now() - start];
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${url}`);
}

async function load(url: string): Promise<Figure> {
  return loadWith(url, { connections, seconds });
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  let dir = repo;
  console.log(`Bench (${seconds}s × ${connections} connections per load run)\n`);

  if (!quick) {
    dir = path.join(work, 'clone');
    execFileSync('git', ['clone', '--quiet', repo, dir]);
    const cache = path.join(work, 'npm-cache');
    const [, ms] = time(() =>
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--cache', cache], {
        cwd: dir,
        stdio: 'ignore',
      }),
    );
    note('cold npm install (empty cache, fresh clone)', `${(ms / 1000).toFixed(1)} s`);
  }

  // npm start on an empty data folder: build (if needed) + migrations + sample data + first page.
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = path.join(work, 'data');
  const startedAt = performance.now();
  const server = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/`, server, 300_000);
    note(
      `npm start to first page (${quick ? 'existing build' : 'fresh clone: build'} + empty database + sample data)`,
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );

    const htmlRes = await fetch(`${base}/`, { headers: { 'accept-encoding': 'identity' } });
    const html = await htmlRes.text();
    note(
      'home page HTML',
      `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB raw, ${(gzipSync(html).byteLength / 1024).toFixed(1)} KB gzip`,
    );

    const scripts = new Set<string>();
    for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(m[1]!);
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(m[1]!);
    for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) scripts.add(m[1]!);
    let jsGzip = 0;
    let jsRaw = 0;
    for (const src of scripts) {
      const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      jsRaw += body.byteLength;
      jsGzip += gzipSync(body).byteLength;
    }
    note(
      'storefront JavaScript on first load',
      `${(jsGzip / 1024).toFixed(1)} KB gzip (${(jsRaw / 1024).toFixed(1)} KB raw, ${scripts.size} files)`,
    );

    // Warm the page (and its images) once, then load.
    await fetch(`${base}/`);
    const home = await load(`${base}/`);
    const api = await load(`${base}/api/v1/health`);
    const products = await load(`${base}/api/v1/products`);

    const hello = Fastify();
    hello.get('/', async () => ({ hello: 'world' }));
    await hello.listen({ port: 0, host: '127.0.0.1' });
    const address = hello.server.address();
    const helloPort = typeof address === 'object' && address ? address.port : 0;
    const bare = await load(`http://127.0.0.1:${helloPort}/`);
    await hello.close();

    note('load generator', loader);
    note('bare Fastify hello-world', `${Math.round(bare.rps)} req/s, p99 ${bare.p99} ms`);
    note('shop /api/v1/health (JSON, no database)', `${Math.round(api.rps)} req/s, p99 ${api.p99} ms`);
    note(
      'shop JSON product list /api/v1/products (PGlite)',
      `${Math.round(products.rps)} req/s, p99 ${products.p99} ms, ${products.errors} errors (${((products.rps / bare.rps) * 100).toFixed(1)}% of hello-world)`,
    );
    note(
      'shop home page (SSR, PGlite, compressed)',
      `${Math.round(home.rps)} req/s, p99 ${home.p99} ms, ${home.errors} errors (${((home.rps / bare.rps) * 100).toFixed(1)}% of hello-world)`,
    );
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(work, { recursive: true, force: true });
  }

  const out = path.join(repo, 'bench/results');
  mkdirSync(out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(
    path.join(out, `foundation-${stamp}.md`),
    `${figures.map(([k, v]) => `| ${k} | ${v} |`).join('\n')}\n`,
  );
  console.log('\n| figure | value |\n|---|---|');
  for (const [k, v] of figures) console.log(`| ${k} | ${v} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
