// One process at a time on the embedded database (ADR 064). PGlite is a single-process database:
// two processes writing one folder corrupt it. Whatever opens DATA_DIR/db — the shop, db:migrate,
// db:seed, db:reset, db:backup, db:restore, admin:create — first takes the folder's lock: a file
// beside it (DATA_DIR/db.lock) created exclusively ('wx'), holding who has it (pid, port, command,
// host, start). A second process finds it and refuses, naming the running one and how to stop it.
//
// The lock goes when its process ends normally (release, and on 'exit' whatever the way out). A
// process killed with `kill -9` leaves it behind; the next process takes it over when the holder is
// gone: on this host, when no process has its pid; from another host sharing the folder (a
// container recreated on the same volume), when its heartbeat — the file's mtime, touched every
// HEARTBEAT_MS — is older than STALE_AFTER_MS.
//
// PostgreSQL (DATABASE_URL) is shared by design (ADR 051) and takes no such lock.
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 60_000;

/** What the lock file says. */
export interface LockHolder {
  pid: number;
  /** The port the shop listens on; null for a command (db:backup, admin:create, …). */
  port: number | null;
  /** What holds it: `npm start`, `npm run db:backup`, … */
  command: string;
  startedAt: string;
  host: string;
}

export interface DataFolderLock {
  readonly file: string;
  /** Records the port once the shop listens (when PORT=0 left it to the system). */
  setPort(port: number): void;
  /** Lets the next process in (safe to call twice; never removes another process's lock). */
  release(): void;
}

/** Another process has the embedded database: the message says which and how to stop it. */
export class DataFolderInUse extends Error {
  constructor(
    readonly file: string,
    readonly holder: LockHolder | null,
  ) {
    super(inUseMessage(file, holder));
  }
}

/** The lock file of the embedded database in `databaseDir` (DATA_DIR/db → DATA_DIR/db.lock). */
export function lockFileFor(databaseDir: string): string {
  return `${path.resolve(databaseDir)}.lock`;
}

function inUseMessage(file: string, holder: LockHolder | null): string {
  const database = file.replace(/\.lock$/, '');
  if (!holder) {
    return [
      `The embedded database ${database} is locked by another process (${file} cannot be read).`,
      `Stop the other shop or command on this data folder first; if none is running, delete ${file}.`,
    ].join('\n');
  }
  const where = holder.port === null ? '' : `, port ${holder.port}`;
  const elsewhere = holder.host === hostname() ? '' : ` on host ${holder.host}`;
  const stop =
    holder.port === null
      ? `Let it finish, or stop it (Ctrl-C in its terminal, or \`kill ${holder.pid}\`${elsewhere})`
      : `Stop it first (Ctrl-C in its terminal, or \`kill ${holder.pid}\`${elsewhere})`;
  return [
    `The embedded database ${database} is in use by ${holder.command}: pid ${holder.pid}${where}${elsewhere}, ` +
      `since ${holder.startedAt}.`,
    'PGlite takes one process at a time: two would corrupt the database.',
    `${stop}, then run this again. Or use PostgreSQL (DATABASE_URL) to run several processes.`,
    `If no such process is running, the lock is left over: delete ${file}.`,
  ].join('\n');
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      port: typeof parsed.port === 'number' ? parsed.port : null,
      command: typeof parsed.command === 'string' ? parsed.command : 'another process',
      startedAt: typeof parsed.startedAt === 'string' ? parsed.startedAt : 'an unknown time',
      host: parsed.host,
    };
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Whether the lock's holder is gone, so the lock may be taken over. */
function isStale(file: string, holder: LockHolder | null): boolean {
  // A file without a readable holder: a process killed between creating and writing it, once
  // that moment has clearly passed.
  if (!holder) return ageMs(file) > 5_000;
  if (holder.host === hostname()) {
    // Our own pid cannot be holding it (we are only now asking): a restarted container's shop
    // often gets the pid its crashed predecessor had.
    if (holder.pid === process.pid) return true;
    return !processAlive(holder.pid);
  }
  return ageMs(file) > STALE_AFTER_MS;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes the lock of the embedded database in `databaseDir`, or throws DataFolderInUse naming the
 * process that has it. A stale lock (its holder gone) is taken over.
 */
export function lockEmbeddedDatabase(
  databaseDir: string,
  who: { command: string; port?: number | null },
): DataFolderLock {
  const file = lockFileFor(databaseDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const mine: LockHolder = {
    pid: process.pid,
    port: who.port ?? null,
    command: who.command,
    startedAt: new Date().toISOString(),
    host: hostname(),
  };
  const text = () => `${JSON.stringify(mine)}\n`;

  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      // A lock being written this very moment: read it again shortly.
      if (!holder && attempt < 5 && ageMs(file) <= 5_000) {
        sleepSync(100);
        continue;
      }
      if (attempt >= 10 || !isStale(file, holder)) throw new DataFolderInUse(file, holder);
      takeOverStale(file, holder);
      continue;
    }
    try {
      writeSync(fd, text());
    } finally {
      closeSync(fd);
    }
    return held(file, mine, text);
  }
}

/**
 * Moves a stale lock aside, so that of two processes recovering it at once only one removes it.
 * If what was moved is no longer the stale lock (another process took it over in between), it is
 * put back and the next attempt finds it held.
 */
function takeOverStale(file: string, stale: LockHolder | null): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const same =
    stale === null ? moved === null : moved?.pid === stale.pid && moved.startedAt === stale.startedAt;
  if (!same) {
    try {
      linkSync(aside, file);
    } catch {}
  }
  unlinkSync(aside);
}

function held(file: string, mine: LockHolder, text: () => string): DataFolderLock {
  let released = false;
  const stillMine = () => {
    const now = readHolder(file);
    return now?.pid === mine.pid && now.startedAt === mine.startedAt;
  };
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {}
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    try {
      if (stillMine()) unlinkSync(file);
    } catch {}
  };
  // However the process ends short of a kill: process.exit, an uncaught error, the event loop
  // running dry.
  process.on('exit', release);
  return {
    file,
    setPort(port: number) {
      mine.port = port;
      if (!released && stillMine()) writeFileSync(file, text(), { mode: 0o600 });
    },
    release,
  };
}
