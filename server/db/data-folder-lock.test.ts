// The embedded database's lock (ADR 064) in one process: what a second taker is told, which left-over
// locks are taken over and which are not, and that letting go never removes another process's lock.
// The real processes (npm start, kill -9, admin:create, db:backup) are in
// tests/integration/data-folder-lock.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderInUse, lockEmbeddedDatabase, lockFileFor } from './data-folder-lock.ts';

let dataDir: string;
let databaseDir: string;
let lockFile: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lock-unit-'));
  databaseDir = path.join(dataDir, 'db');
  lockFile = lockFileFor(databaseDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

function leftBehind(holder: Record<string, unknown>, ageMs = 0): void {
  writeFileSync(lockFile, JSON.stringify(holder));
  const then = new Date(Date.now() - ageMs);
  utimesSync(lockFile, then, then);
}

function refusal(): DataFolderInUse {
  try {
    lockEmbeddedDatabase(databaseDir, { command: 'npm run db:backup' }).release();
  } catch (error) {
    if (error instanceof DataFolderInUse) return error;
    throw error;
  }
  throw new Error('the lock was taken');
}

describe('the embedded database lock', () => {
  it('sits beside the database folder and says who holds it; letting go removes it', () => {
    const lock = lockEmbeddedDatabase(databaseDir, { command: 'the shop (npm start)', port: 3000 });
    expect(lockFile).toBe(path.join(dataDir, 'db.lock'));
    const holder = JSON.parse(readFileSync(lockFile, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, port: 3000, command: 'the shop (npm start)' });
    expect(holder.host).toBe(hostname());
    lock.setPort(41234);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).port).toBe(41234);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('a live holder refuses the next taker, naming its pid, port, and how to stop it', () => {
    // The test runner itself is the live holder (another pid on this host).
    leftBehind({
      pid: process.ppid,
      port: 3000,
      command: 'the shop (npm start)',
      startedAt: '2026-11-27T08:00:00.000Z',
      host: hostname(),
    });
    const error = refusal();
    expect(error.message).toContain(`the shop (npm start): pid ${process.ppid}, port 3000,`);
    expect(error.message).toContain(`kill ${process.ppid}`);
    expect(error.message).toContain(lockFile);
    expect(existsSync(lockFile)).toBe(true);
  });

  it('takes over a lock whose process has ended on this host, or which names this very pid', () => {
    for (const pid of [deadPid(), process.pid]) {
      leftBehind({ pid, port: 3000, command: 'the shop (npm start)', startedAt: 'x', host: hostname() });
      const lock = lockEmbeddedDatabase(databaseDir, { command: 'npm run db:backup' });
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({
        pid: process.pid,
        command: 'npm run db:backup',
      });
      lock.release();
    }
  });

  it("from another host sharing the folder, trusts the holder's heartbeat until it is a minute old", () => {
    const elsewhere = {
      pid: 7,
      port: 3000,
      command: 'the shop (npm start)',
      startedAt: 'x',
      host: 'other-container',
    };
    leftBehind(elsewhere, 5_000);
    expect(refusal().message).toContain('on host other-container');
    leftBehind(elsewhere, 120_000);
    lockEmbeddedDatabase(databaseDir, { command: 'npm run db:backup' }).release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("an unreadable lock is waited for while fresh, taken over when old; letting go spares another's", () => {
    writeFileSync(lockFile, '');
    expect(refusal().holder).toBe(null);
    leftBehind({}, 60_000);
    const lock = lockEmbeddedDatabase(databaseDir, { command: 'npm run db:seed' });
    // Someone removed it by hand and another process took the folder: ours to keep, not to delete.
    rmSync(lockFile);
    leftBehind({ pid: process.ppid, command: 'the shop (npm start)', startedAt: 'y', host: hostname() });
    lock.release();
    expect(existsSync(lockFile)).toBe(true);
  });
});
