// The shop as a process: starts on an empty data folder, reuses it on the next start, and shuts
// down cleanly on SIGTERM without dropping the request in flight.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-process-'));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startShop(
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'build/server-app/main.js')], {
    cwd: root,
    // NODE_ENV unset, as under `npm start`: the entry point must settle it before React loads.
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_ON_START: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`shop exited:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return { child, output: () => output };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`shop did not start:\n${output}`);
}

/** `npm run admin:create -- …` on the test's data folder. */
function adminCreate(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function adminSignIn(port: number, email: string, password: string): Promise<string | null> {
  const res = await fetch(`http://127.0.0.1:${port}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return res.status === 302 ? res.headers.get('location') : null;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// One process run is enough: this is about the process, not the database engine.
describe.skipIf(usingPostgres)('the shop process', () => {
  it('starts, prints its address, keeps its data across restarts and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startShop(port);
    expect(first.output()).toContain(`open at http://localhost:${port}`);
    const subscribe = await fetch(`http://127.0.0.1:${port}/api/v1/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.ng' }),
    });
    expect(subscribe.status).toBe(202);

    // A page request is in flight when SIGTERM arrives: it still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/`);
    await new Promise((r) => setTimeout(r, 5));
    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('</html>');
    expect(await exited, first.output()).toBe(0);
    expect(first.output()).toContain('shut down cleanly');

    // The second start finds the same database (the subscriber is still there).
    const second = await startShop(port);
    const again = await fetch(`http://127.0.0.1:${port}/api/v1/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'KEPT@example.ng' }),
    });
    expect(again.status).toBe(202);
    expect(second.output()).not.toContain('sample data loaded');
    const stopped = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await stopped, second.output()).toBe(0);
  }, 120_000);

  it('creates admins from the command line and from ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const weak = adminCreate(['--email', 'boss@example.ng', '--password', 'password1']);
    expect(weak.status).toBe(1);
    expect(weak.output).toContain('too common');
    const missing = adminCreate(['--email', 'boss@example.ng']);
    expect(missing.status).toBe(2);
    expect(missing.output).toContain('Usage: npm run admin:create');
    const created = adminCreate(['--email', 'Boss@Example.ng', '--password', 'lagos sunset passphrase']);
    expect(created.status, created.output).toBe(0);
    expect(created.output).toContain('Admin boss@example.ng created');

    const port = await freePort();
    const shop = await startShop(port, {
      ADMIN_EMAIL: 'owner@example.ng',
      ADMIN_PASSWORD: 'harmattan morning walk',
    });
    try {
      // The password is accepted; a real admin goes on to the second factor (ADR 019).
      expect(await adminSignIn(port, 'boss@example.ng', 'lagos sunset passphrase')).toBe('/admin/two-factor');
      expect(await adminSignIn(port, 'owner@example.ng', 'harmattan morning walk')).toBe('/admin/two-factor');
      expect(await adminSignIn(port, 'owner@example.ng', 'not the password')).toBeNull();
    } finally {
      const stopped = exitOf(shop.child);
      shop.child.kill('SIGTERM');
      await stopped;
    }
  }, 120_000);
});
