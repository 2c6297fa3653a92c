// npm run db:backup | db:restore (ADR 052): the whole shop in one tar file — the database and the
// uploaded photos — and back. The embedded database (PGlite in DATA_DIR/db) is dumped with PGlite's
// own `dumpDataDir` (its data directory as a gzipped tarball, taken through the database so it is
// consistent); PostgreSQL with `pg_dump --format=custom` and restored with `pg_restore`. Media is
// DATA_DIR/media without `renditions/`, which the shop remakes on demand from the originals.
//
// The archive holds `manifest.json` (format, version, database kind, migrations applied), the
// database file and `media/…`. Restore checks the manifest first, refuses an archive from a newer
// release or of the other database kind, and refuses to overwrite a shop that has data unless
// told (`force`). The shop runs any newer migrations at its next start.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { MIGRATIONS_DIR, PROJECT_ROOT } from '#server/paths.ts';
import { type Database, type DatabaseConfig, queryRows } from './client.ts';

export const BACKUP_FORMAT = 'crown-hair-backup';
/** Raise when the archive's layout changes; restore refuses a version it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** package.json's version of the shop that made it. */
  shopVersion: string;
  database: 'pglite' | 'postgres';
  /** The database's file inside the archive. */
  databaseFile: string;
  /** Migrations recorded as applied in the database, and the last one's tag. */
  migrations: { applied: number; last: string | null };
  media: { files: number; bytes: number };
}

export interface ShopPlace {
  database: DatabaseConfig;
  /** DATA_DIR/media: where the shop's storage keeps uploaded photos. */
  mediaDir: string;
}

/** A refusal the operator can act on: printed as is, without a stack. */
export class BackupError extends Error {}

/** `pg_dump` or `pg_restore` is not installed here (the running shop says so once, ADR 069). */
export class MissingTool extends BackupError {}

const PGLITE_FILE = 'database.pglite.tar.gz';
const POSTGRES_FILE = 'database.pgdump';
/** Made again on demand from the originals, so not worth their room in an archive. */
const SKIPPED_MEDIA = ['renditions'];

function journalTags(): string[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

function shopVersion(): string {
  return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
}

async function nonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function mediaFiles(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full);
    if (skipMedia(relative)) continue;
    files += 1;
    bytes += (await stat(full)).size;
  }
  return { files, bytes };
}

function skipMedia(relative: string): boolean {
  const first = relative.split(path.sep)[0] ?? '';
  return SKIPPED_MEDIA.includes(first) || relative.endsWith('.tmp');
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(
          new MissingTool(
            `${command} is not installed. A PostgreSQL shop is backed up with PostgreSQL's own tools: ` +
              'install the client (Debian: apt-get install postgresql-client) at the server’s major version or newer.',
          ),
        );
      } else reject(error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/** Migrations applied in a database, by drizzle's own table (none when it has never been migrated). */
async function appliedMigrations(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<BackupManifest['migrations']> {
  const exists = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists.rows[0]?.present) return { applied: 0, last: null };
  const result = await query('SELECT count(*) AS applied FROM drizzle.__drizzle_migrations');
  const applied = Number(result.rows[0]?.applied ?? 0);
  return { applied, last: journalTags()[applied - 1] ?? null };
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresHasTables(url: string): Promise<boolean> {
  return withPostgres(url, async (client) => {
    const result = await client.query(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
    );
    return Number(result.rows[0]?.n ?? 0) > 0;
  });
}

/**
 * Writes the shop at `place` to one tar file at `out` (written beside it first, then renamed, so
 * a failed backup leaves no half archive under the name). With PGlite, stop the shop first — the
 * embedded database belongs to one process at a time — or pass the running shop's own database as
 * `live` (its scheduled backups, ADR 069). PostgreSQL is dumped while the shop runs.
 */
export async function backupShop(
  place: ShopPlace,
  out: string,
  options: { live?: Pick<Database, 'db' | 'dumpEmbedded'> } = {},
): Promise<BackupManifest> {
  const work = await mkdtemp(path.join(tmpdir(), 'crown-backup-'));
  try {
    let migrations: BackupManifest['migrations'];
    let databaseFile: string;
    const live = options.live;
    if (place.database.kind === 'pglite' && live?.dumpEmbedded) {
      // The running shop's own instance (ADR 069): it holds the data folder, so no one else may open it.
      const db = live.db;
      migrations = await appliedMigrations(async (text) => ({
        rows: await queryRows<Record<string, unknown>>(db, sql.raw(text)),
      }));
      const dump = await live.dumpEmbedded();
      databaseFile = PGLITE_FILE;
      await writeFile(path.join(work, databaseFile), Buffer.from(await dump.arrayBuffer()));
    } else if (place.database.kind === 'pglite') {
      const dir = place.database.dir;
      if (!dir || !(await nonEmptyDir(dir))) {
        throw new BackupError(`There is no embedded database in ${dir ?? '(memory)'} to back up.`);
      }
      const client = await PGlite.create(dir, { extensions: { pg_trgm } });
      try {
        migrations = await appliedMigrations((text) => client.query(text));
        const dump = await client.dumpDataDir('gzip');
        databaseFile = PGLITE_FILE;
        await writeFile(path.join(work, databaseFile), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    } else {
      const url = place.database.url;
      migrations = await withPostgres(url, (client) => appliedMigrations((text) => client.query(text)));
      databaseFile = POSTGRES_FILE;
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, databaseFile)}`,
        `--dbname=${url}`,
      ]);
    }
    if (migrations.applied === 0) throw new BackupError('The database has no shop in it (never migrated).');

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      shopVersion: shopVersion(),
      database: place.database.kind,
      databaseFile,
      migrations,
      media: await mediaFiles(place.mediaDir),
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', databaseFile];
    if (existsSync(place.mediaDir)) {
      // The media folder enters the archive through a link, so nothing is copied twice on disk.
      await symlink(path.resolve(place.mediaDir), path.join(work, 'media'), 'dir');
      entries.push('media');
    }

    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    const partial = `${out}.partial`;
    await tar.create(
      {
        cwd: work,
        file: partial,
        portable: true,
        follow: true,
        filter: (entry) =>
          !entry.startsWith('media/') || !skipMedia(entry.slice('media/'.length).split('/').join(path.sep)),
      },
      entries,
    );
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Reads and checks an archive's manifest without unpacking the rest. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new BackupError(`No such file: ${archive}`);
  let text: string | undefined;
  try {
    await tar.list({
      file: archive,
      strict: true,
      filter: (entry) => entry === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (c: Buffer) => chunks.push(c));
        entry.on('end', () => {
          text = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch {
    throw new BackupError(`${archive} is not a Crown Hair backup (not a tar file).`);
  }
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text ?? '') as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${archive} is not a Crown Hair backup (no readable manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`${archive} is not a Crown Hair backup (format ${String(manifest.format)}).`);
  }
  if (manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${archive} is a backup in format version ${String(manifest.version)}; this shop reads version ${BACKUP_FORMAT_VERSION}. ` +
        'Restore it with the release that made it.',
    );
  }
  return manifest as BackupManifest;
}

/** What is already at `place`, in words; empty when nothing is. */
export async function whatIsThere(place: ShopPlace): Promise<string[]> {
  const found: string[] = [];
  if (place.database.kind === 'pglite') {
    if (place.database.dir && (await nonEmptyDir(place.database.dir))) {
      found.push(`an embedded database in ${place.database.dir}`);
    }
  } else if (await postgresHasTables(place.database.url)) {
    found.push('tables in the PostgreSQL database');
  }
  if (await nonEmptyDir(place.mediaDir)) found.push(`media in ${place.mediaDir}`);
  return found;
}

/**
 * Restores an archive made by `backupShop` into `place`. Refuses when the place already holds a
 * shop unless `force`, in which case that shop's database and media are removed first. Stop every
 * shop process on the place before restoring.
 */
export async function restoreShop(
  place: ShopPlace,
  archive: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifest = await readManifest(archive);
  if (manifest.database !== place.database.kind) {
    const names = {
      pglite: 'the embedded database (PGlite, DATA_DIR)',
      postgres: 'PostgreSQL (DATABASE_URL)',
    };
    throw new BackupError(
      `The archive holds ${names[manifest.database]}, but this shop uses ${names[place.database.kind]}. ` +
        'Restore it into a shop of the same kind.',
    );
  }
  const shipped = journalTags().length;
  if (manifest.migrations.applied > shipped) {
    throw new BackupError(
      `The archive was made by a newer release (${manifest.migrations.applied} migrations; this one has ${shipped}). ` +
        'Restore it with that release or a later one.',
    );
  }
  const there = await whatIsThere(place);
  if (there.length > 0 && !options.force) {
    throw new BackupError(
      `Refusing to restore over a shop that has data: ${there.join('; ')}. ` +
        'Restore into an empty place, or pass --force to replace it (that shop is deleted).',
    );
  }

  const work = await mkdtemp(path.join(tmpdir(), 'crown-restore-'));
  try {
    await tar.extract({ file: archive, cwd: work, strict: true, preservePaths: false });
    const databaseFile = path.join(work, manifest.databaseFile);
    if (!existsSync(databaseFile))
      throw new BackupError(`The archive lacks its database (${manifest.databaseFile}).`);

    if (place.database.kind === 'pglite') {
      const dir = place.database.dir;
      if (!dir) throw new BackupError('An in-memory database cannot be restored into.');
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      const client = await PGlite.create(dir, {
        extensions: { pg_trgm },
        loadDataDir: new Blob([await readFile(databaseFile)]),
      });
      try {
        const restored = await appliedMigrations((text) => client.query(text));
        if (restored.applied !== manifest.migrations.applied) {
          throw new BackupError('The embedded database did not load from the archive.');
        }
      } finally {
        await client.close();
      }
    } else {
      const url = place.database.url;
      if (there.length > 0) {
        await withPostgres(url, async (client) => {
          await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
          await client.query('DROP SCHEMA IF EXISTS public CASCADE');
          await client.query('CREATE SCHEMA public');
        });
      }
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${url}`,
        databaseFile,
      ]);
    }

    await rm(place.mediaDir, { recursive: true, force: true });
    const media = path.join(work, 'media');
    if (existsSync(media)) {
      await mkdir(path.dirname(path.resolve(place.mediaDir)), { recursive: true });
      await cp(media, place.mediaDir, { recursive: true });
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
