// One process per embedded database (issue 29, defect 8; ADR 064). PGlite corrupts under two
// writers, so the data folder is locked by the process that opens it: with the real production
// bundle, a second `npm start` on the same DATA_DIR refuses and names the running shop (pid, port)
// and how to stop it; admin:create and db:backup refuse the same way and change nothing; a graceful
// stop leaves no lock behind; a shop killed with `kill -9` leaves a stale lock that the next start
// recovers. `npm run build` must have run.
//
// PostgreSQL shops share their database by design (two-processes.test.ts): this is the PGlite pass.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  processEnv,
  SERVER_BUNDLE,
  type ShopProcess,
  startShopProcess,
} from '#tests/helpers/shop-process.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-data-lock-'));
const backupDir = mkdtempSync(path.join(tmpdir(), 'shop-data-lock-backup-'));
const running: ShopProcess[] = [];

afterAll(async () => {
  for (const shop of running) await shop.crash();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backupDir, { recursive: true, force: true });
});

/** A demo shop on the test's data folder (no sample catalogue: quicker, and beside the point). */
async function startShop(name: string): Promise<ShopProcess> {
  const shop = await startShopProcess({ name, env: { DATA_DIR: dataDir, SEED_ON_START: 'false' } });
  running.push(shop);
  return shop;
}

/**
 * Another `npm start` on the same data folder, run until it exits. If it opens the shop instead
 * (as it did before the lock), it is stopped and the answer says so.
 */
async function secondStart(): Promise<{ code: number | null; output: string; served: boolean }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: processEnv(port, { DATA_DIR: dataDir, SEED_ON_START: 'false' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let served = false;
  const deadline = Date.now() + 30_000;
  while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        served = true;
        child.kill('SIGKILL');
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  return { code: await exited, output, served };
}

/** `npm run <script>` as the owner types it at the server's shell, on the test's data folder. */
function command(entry: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const adminCreate = () =>
  command('server/cli/admin-create.ts', [
    '--email',
    'owner@lock.example',
    '--password',
    'harmattan dust over kano',
  ]);
const backup = (out: string) => command('server/cli/db.ts', ['backup', '--out', out]);

/** Lock files in the data folder (whatever their name: the test asserts none is left behind). */
const locks = () => readdirSync(dataDir).filter((name) => name.endsWith('.lock'));

describe.skipIf(usingPostgres)('one process per embedded database', () => {
  let first: ShopProcess;

  it("a second start on the same data folder refuses, naming the running shop's pid and port and how to stop it", async () => {
    first = await startShop('first');
    const pid = first.child.pid!;
    const second = await secondStart();
    expect(second.served, `the second process opened the shop:\n${second.output}`).toBe(false);
    expect(second.code, second.output).not.toBe(0);
    expect(second.code).not.toBe(null);
    expect(second.output).toContain(`pid ${pid}`);
    expect(second.output).toContain(`port ${first.port}`);
    expect(second.output).toContain(`kill ${pid}`);
    // The running shop was not disturbed.
    expect((await fetch(`${first.url}/readyz`)).ok).toBe(true);
  }, 90_000);

  it('admin:create and db:backup refuse while the shop runs, and change nothing', async () => {
    const pid = first.child.pid!;
    const admin = adminCreate();
    expect(admin.status, admin.output).not.toBe(0);
    expect(admin.output).toContain(`pid ${pid}`);
    expect(admin.output).toContain(`port ${first.port}`);
    expect(admin.output).toContain(`kill ${pid}`);
    expect(admin.output).not.toContain('created');

    const out = path.join(backupDir, 'while-running.tar');
    const copy = backup(out);
    expect(copy.status, copy.output).not.toBe(0);
    expect(copy.output).toContain(`pid ${pid}`);
    expect(copy.output).toContain(`port ${first.port}`);
    expect(copy.output).toContain(`kill ${pid}`);
    expect(existsSync(out)).toBe(false);
    expect((await fetch(`${first.url}/readyz`)).ok).toBe(true);
  }, 90_000);

  it('a graceful stop leaves no lock behind: the commands then work, and leave none either', async () => {
    await first.stop();
    expect(await first.exited).toBe(0);
    expect(locks()).toEqual([]);

    const out = path.join(backupDir, 'stopped.tar');
    const copy = backup(out);
    expect(copy.status, copy.output).toBe(0);
    expect(existsSync(out)).toBe(true);
    const admin = adminCreate();
    expect(admin.status, admin.output).toBe(0);
    expect(locks()).toEqual([]);
  }, 90_000);

  it('a shop killed with kill -9 leaves a stale lock that the next start recovers', async () => {
    const crashed = await startShop('crashed');
    await crashed.crash();
    // Nothing ran to tidy up: the lock of the dead process is still there.
    expect(locks().length).toBe(1);

    const next = await startShop('after the crash');
    expect((await fetch(`${next.url}/readyz`)).ok).toBe(true);
    // The recovered lock is the new shop's: a further start is refused and names it.
    const another = await secondStart();
    expect(another.served).toBe(false);
    expect(another.output).toContain(`pid ${next.child.pid}`);
    await next.stop();
    expect(locks()).toEqual([]);
  }, 120_000);
});
