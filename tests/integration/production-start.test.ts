// The real process (the production bundle, as `npm start` runs it): a fresh start on a local address
// is a demo shop that prints the demo credentials; admin:create ends demo mode for good; a
// production start (public PUBLIC_URL) refuses to serve without a payment key, without a mail
// server, or with the demo admin or sample codes left, saying what to set.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-production-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function shopEnv(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: '',
    PAYSTACK_SECRET_KEY: '',
    SMTP_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    ALLOW_SANDBOX_PAYMENTS: '',
    ALLOW_LOCAL_MAILBOX: '',
    ...extra,
  };
}

/** Runs the shop until it is ready (resolves) or exits (resolves with its exit code). */
async function runShop(
  extra: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; output: () => string; exitCode: number | null }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'build/server-app/main.js')], {
    cwd: root,
    env: shopEnv(port, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      return { child, port, output: () => output, exitCode: await exited };
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok)
        return { child, port, output: () => output, exitCode: null };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`shop did not start:\n${output}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function adminCreate(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const PUBLIC = 'https://crownhair.ng';
const REAL_KEYS = { PAYSTACK_SECRET_KEY: 'sk_live_test123', SMTP_URL: 'smtp://mail.example:587' };

// One process run is enough: this is about the process, not the database engine.
describe.skipIf(usingPostgres)('starting the shop', () => {
  it('refuses a production start without a payment key or a mail server, naming what to set', async () => {
    const noKey = await runShop({ PUBLIC_URL: PUBLIC, SMTP_URL: REAL_KEYS.SMTP_URL, SEED_ON_START: 'false' });
    expect(noKey.exitCode, noKey.output()).not.toBe(null);
    expect(noKey.exitCode).not.toBe(0);
    expect(noKey.output()).toContain('Set PAYSTACK_SECRET_KEY');
    expect(noKey.output()).toContain('ALLOW_SANDBOX_PAYMENTS=1');

    const noMail = await runShop({
      PUBLIC_URL: PUBLIC,
      PAYSTACK_SECRET_KEY: REAL_KEYS.PAYSTACK_SECRET_KEY,
      SEED_ON_START: 'false',
    });
    expect(noMail.exitCode).not.toBe(0);
    expect(noMail.exitCode).not.toBe(null);
    expect(noMail.output()).toContain('Set SMTP_URL');
    expect(noMail.output()).toContain('ALLOW_LOCAL_MAILBOX=1');
  }, 60_000);

  it('a fresh start is a demo shop with the credentials; admin:create ends it; production then starts', async () => {
    // A newcomer's `npm start`: sample data, local address, no ADMIN_EMAIL.
    const demo = await runShop();
    try {
      expect(demo.exitCode, demo.output()).toBeNull();
      expect(demo.output()).toContain('DEMO SHOP');
      expect(demo.output()).toContain(`${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
      const screen = await (await fetch(`http://127.0.0.1:${demo.port}/admin`)).text();
      expect(screen).toContain(DEMO_ADMIN.password);
    } finally {
      await stop(demo.child);
    }

    // Deployed as is on a public address: refused, because of the demo admin and sample codes.
    const refused = await runShop({ PUBLIC_URL: PUBLIC, ...REAL_KEYS });
    expect(refused.exitCode, refused.output()).not.toBe(null);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output()).toContain(`The demo admin ${DEMO_ADMIN.email}`);
    expect(refused.output()).toContain('SAVE10');
    expect(refused.output()).toContain('npm run admin:create');
    expect(refused.output()).not.toContain(DEMO_ADMIN.password);

    // The owner takes it over from the command line.
    const created = adminCreate(['--email', 'owner@example.ng', '--password', 'harmattan morning walk']);
    expect(created.status, created.output).toBe(0);
    expect(created.output).toContain('Demo mode has ended for good: the demo admin was removed');

    // A local start no longer shows or accepts the demo credentials.
    const local = await runShop();
    try {
      expect(local.exitCode, local.output()).toBeNull();
      expect(local.output()).not.toContain('DEMO SHOP');
      expect(local.output()).not.toContain(DEMO_ADMIN.password);
      const screen = await (await fetch(`http://127.0.0.1:${local.port}/admin`)).text();
      expect(screen).not.toContain(DEMO_ADMIN.password);
      const signIn = await fetch(`http://127.0.0.1:${local.port}/admin/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }).toString(),
      });
      expect(signIn.status).not.toBe(302);
    } finally {
      await stop(local.child);
    }

    // And the production start now serves.
    const production = await runShop({ PUBLIC_URL: PUBLIC, ...REAL_KEYS });
    try {
      expect(production.exitCode, production.output()).toBeNull();
    } finally {
      await stop(production.child);
    }
  }, 300_000);
});
