// Global setup of vitest.config.ts (ADR 072): the migrated template databases, made before any
// test file starts.
// - embedded: a migrated PGlite data folder's tarball, kept in the temporary folder under a hash of
//   what it is made from (migrations, PGlite, drizzle); a test's database starts from it instead of
//   running initdb and every migration again;
// - PostgreSQL (TEST_DATABASE_URL): a migrated database `shop_tpl_<random>`; a test's database is
//   `CREATE DATABASE … TEMPLATE` of it (a file copy) instead of an empty one migrated.
// tests/helpers/test-db.ts uses them; without them (another config) every database migrates.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/paths.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DatabaseTemplates {
  /** A migrated embedded database's data folder, as a gzipped tarball. */
  pgliteFile: string;
  /** The migrated PostgreSQL template database's name, when TEST_DATABASE_URL is set. */
  postgres: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

let postgresTemplate: string | null = null;

async function asAdmin(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * What the migrated embedded database depends on: the migrations, PGlite and drizzle's migrator.
 * The tarball is kept under this name in the temporary folder, so a run after an unchanged one
 * (a developer's one-file run) does not make it again; any change to these makes a new one.
 */
function embeddedTemplateKey(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    hash.update(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json')));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function setup(project: TestProject): Promise<void> {
  const cacheDir = path.join(tmpdir(), 'shop-test-templates');
  mkdirSync(cacheDir, { recursive: true });
  const pgliteFile = path.join(cacheDir, `pglite-migrated-${embeddedTemplateKey()}.tgz`);
  if (!existsSync(pgliteFile)) {
    const embedded = await openDatabase({ kind: 'pglite', dir: null });
    await embedded.migrate();
    const tarball = await embedded.dumpEmbedded!();
    await embedded.close();
    // Written whole, then renamed: a run beside this one never reads half a file.
    const partial = `${pgliteFile}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, pgliteFile);
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `shop_tpl_${randomBytes(6).toString('hex')}`;
    await asAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
    postgresTemplate = name;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    await database.migrate();
    // A template is copied only while nobody is connected to it.
    await database.close();
  }
  project.provide('databaseTemplates', { pgliteFile, postgres: postgresTemplate });
}

export async function teardown(): Promise<void> {
  const name = postgresTemplate;
  if (name) await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
