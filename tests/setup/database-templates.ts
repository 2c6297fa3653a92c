// Global setup of vitest.config.ts (ADR 072): the run's migrated template databases, made once
// before any test file starts and removed after the run.
// - embedded: a migrated PGlite data folder's tarball in a temporary folder; a test's database
//   starts from it instead of running initdb and every migration again;
// - PostgreSQL (TEST_DATABASE_URL): a migrated database `shop_tpl_<random>`; a test's database is
//   `CREATE DATABASE … TEMPLATE` of it (a file copy) instead of an empty one migrated.
// tests/helpers/test-db.ts uses them; without them (another config) every database migrates.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

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

let dir: string | undefined;
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

export async function setup(project: TestProject): Promise<void> {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-test-templates-'));
  const pgliteFile = path.join(dir, 'pglite-migrated.tgz');
  const embedded = await openDatabase({ kind: 'pglite', dir: null });
  await embedded.migrate();
  // biome-ignore lint/style/noNonNullAssertion: the embedded database always has it.
  const tarball = await embedded.dumpEmbedded!();
  await embedded.close();
  writeFileSync(pgliteFile, Buffer.from(await tarball.arrayBuffer()));

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
  if (dir) rmSync(dir, { recursive: true, force: true });
  const name = postgresTemplate;
  if (name) await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
