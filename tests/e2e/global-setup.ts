// Starts the real shop (production build, fresh embedded database with the sample data) once for
// all browser tests, the way a shopper meets it, and stops it afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let child: ChildProcess | undefined;
let dataDir = '';

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  child = spawn(process.execPath, [path.join(root, 'build/server-app/main.js')], {
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
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const deadline = Date.now() + 110_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited while starting; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (process.env.KEEP_E2E_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
}
