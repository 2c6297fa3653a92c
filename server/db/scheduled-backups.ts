// Backups that run themselves (ADR 069). `npm run db:backup` and the running shop write the same
// archives (server/db/backup.ts, ADR 052) into DATA_DIR/backups, named by the time they were taken
// (`crownhair-2026-11-27T201512Z.tar`, sortable), and keep the newest BACKUP_KEEP of them; only
// files with that name are ever deleted.
//
// With BACKUP_EVERY_HOURS (default 24 in a production shop, off in a demo shop) the running shop
// takes one when the newest archive in the folder is older than that: on the embedded database
// through its own open instance (it holds the data folder, ADR 064), on PostgreSQL through
// `pg_dump` in one process at a time (a job lock, ADR 051). A backup that fails is logged at error
// and the shop carries on; a missing `pg_dump` is said once, at warn.
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/platform/logger.ts';
import { isProductionShop } from '#server/shop-address.ts';
import { type BackupManifest, backupShop, MissingTool, type ShopPlace } from './backup.ts';
import type { Database } from './client.ts';
import type { RunAlone } from './process-locks.ts';

/** The shop's own archives in the backups folder: the only files it prunes. */
export const BACKUP_NAME = /^crownhair-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?\.tar$/;

/** How often a running shop looks whether a backup is due (a backup is due far less often). */
export const BACKUP_CHECK_EVERY_MS = 10 * 60_000;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** Hours between the running shop's backups; 0 = none. Unset: 24 in production, none in a demo. */
export function backupEveryHours(env: Pick<Env, 'BACKUP_EVERY_HOURS' | 'PUBLIC_URL'>): number {
  return env.BACKUP_EVERY_HOURS ?? (isProductionShop(env) ? 24 : 0);
}

export function backupFileName(date: Date, clash = 1): string {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '');
  return `crownhair-${stamp}${clash > 1 ? `-${clash}` : ''}.tar`;
}

export interface BackupFile {
  path: string;
  bytes: number;
  /** When it was taken (from its name). */
  at: Date;
}

/** The shop's archives in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    // No folder yet (or something else by its name): no archives in it.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const found: (BackupFile & { key: string })[] = [];
  for (const name of names) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue;
    const [, y, mo, d, h, mi, s, clash] = m;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    found.push({
      path: file,
      bytes: info.size,
      at: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`),
      key: `${y}${mo}${d}${h}${mi}${s}-${(clash ?? '1').padStart(6, '0')}`,
    });
  }
  found.sort((a, b) => a.key.localeCompare(b.key));
  return found.map(({ key: _key, ...file }) => file);
}

/** Deletes the shop's oldest archives in `dir` beyond the newest `keep`; answers what it deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) await rm(file.path, { force: true });
  return old.map((f) => f.path);
}

/** One archive into `dir` under a fresh name, then the oldest beyond `keep` pruned. */
export async function takeBackup(options: {
  place: ShopPlace;
  dir: string;
  keep: number;
  live?: Pick<Database, 'db' | 'dumpEmbedded'>;
  now?: Date;
}): Promise<BackupFile & { manifest: BackupManifest; pruned: string[] }> {
  const at = options.now ?? new Date();
  at.setMilliseconds(0);
  let clash = 1;
  while (existsSync(path.join(options.dir, backupFileName(at, clash)))) clash += 1;
  const out = path.join(options.dir, backupFileName(at, clash));
  const manifest = await backupShop(options.place, out, { live: options.live });
  const pruned = await pruneBackups(options.dir, options.keep);
  return { path: out, bytes: (await stat(out)).size, at, manifest, pruned };
}

/** What the launch checklist shows: the newest archive, and whether the last try failed. */
export interface LastBackup {
  /** The newest archive in the backups folder, or null when there is none. */
  newest: BackupFile | null;
  /** The folder the shop writes its archives to. */
  dir: string;
  /** The last scheduled try in this process, when it failed (cleared by a success). */
  failure: { at: Date; error: string } | null;
}

const failures = new Map<string, { at: Date; error: string }>();

/** The last backup's time, size and place, and the last failure of this process's schedule. */
export async function lastBackup(dataDir: string): Promise<LastBackup> {
  const dir = backupsDir(dataDir);
  const all = await listBackups(dir);
  return { newest: all.at(-1) ?? null, dir, failure: failures.get(dir) ?? null };
}

export interface BackupSchedule {
  /** Takes a backup now (unless another process is taking one): its file, or null if skipped. */
  runNow(): Promise<BackupFile | null>;
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>;
}

/** The running shop's own backups every `everyHours` (callers start it only when > 0). */
export function startBackupSchedule(options: {
  place: ShopPlace;
  dataDir: string;
  keep: number;
  everyHours: number;
  database: Pick<Database, 'db' | 'kind' | 'dumpEmbedded'>;
  runAlone: RunAlone;
  log: Logger;
  /** How often to look whether one is due (tests); default BACKUP_CHECK_EVERY_MS. */
  checkEveryMs?: number;
}): BackupSchedule {
  const { log, place } = options;
  const dir = backupsDir(options.dataDir);
  const everyMs = options.everyHours * 60 * 60_000;
  const checkMs = Math.max(100, Math.min(options.checkEveryMs ?? BACKUP_CHECK_EVERY_MS, everyMs));
  let running: Promise<BackupFile | null> | null = null;
  let toolMissingSaid = false;
  let stopped = false;

  const attempt = (onlyIfDue: boolean): Promise<BackupFile | null> => {
    if (running) return running;
    running = options
      .runAlone('backup', async () => {
        if (onlyIfDue) {
          const newest = (await listBackups(dir)).at(-1);
          if (newest && Date.now() - newest.at.getTime() < everyMs) return null;
        }
        const started = Date.now();
        const made = await takeBackup({ place, dir, keep: options.keep, live: options.database });
        failures.delete(dir);
        log.info(
          { path: made.path, bytes: made.bytes, ms: Date.now() - started, pruned: made.pruned.length },
          'backup taken',
        );
        return { path: made.path, bytes: made.bytes, at: made.at };
      })
      .then((run) => (run.ran ? run.result : null))
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        failures.set(dir, { at: new Date(), error: message });
        if (error instanceof MissingTool) {
          if (!toolMissingSaid) log.warn({ dir }, `scheduled backups cannot run: ${message}`);
          toolMissingSaid = true;
        } else log.error({ err: error, dir }, 'backup failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) void attempt(true);
  }, checkMs);
  timer.unref();
  // The first look soon after the start (a restarted shop whose last archive is recent waits).
  const first = setTimeout(
    () => {
      if (!stopped) void attempt(true);
    },
    Math.min(checkMs, 60_000),
  );
  first.unref();

  return {
    runNow: () => attempt(false),
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
