// Starts the real shop (production build, fresh embedded database with the sample data) for the
// browser tests, the way a shopper meets it, and stops it afterwards: one shop per vitest worker
// (vitest.e2e.config.ts), started side by side. A worker runs one test file at a time, so each
// file still has a shop to itself while it runs, exactly as when the files ran one after another
// on one shop; tests reach theirs through shopUrl() (browser.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The suite's shops: worker n (VITEST_POOL_ID) uses the n-th. */
    shopUrls: string[];
  }
}

interface SuiteShop {
  child: ChildProcess;
  dataDir: string;
}
const shops: SuiteShop[] = [];

async function startShop(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(root, 'build/server-app/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
      // Every browser in the suite comes from 127.0.0.1: one client address signing up, signing in
      // and resetting dozens of times an hour would meet the per-address limits (20 sign-ups an
      // hour…). Those limits are tested over HTTP (tests/integration/abuse-limits.test.ts); the
      // per-account limits stay as shipped.
      RATE_LIMITS: 'sign-up:ip=1000,sign-in:ip=5000,reset:ip=1000,two-factor:ip=5000,newsletter:ip=1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shops.push({ child, dataDir });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited while starting; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) return baseUrl;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The shop did not answer within 110 s; see ${logFile}`);
}

export async function setup(project: TestProject) {
  const workers = project.config.maxWorkers || project.vitest.config.maxWorkers;
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`maxWorkers is ${workers}`);
  project.provide('shopUrls', await Promise.all(Array.from({ length: workers }, startShop)));
}

export async function teardown() {
  await Promise.all(
    shops.splice(0).map(async ({ child, dataDir }) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (process.env.KEEP_E2E_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
    }),
  );
}
