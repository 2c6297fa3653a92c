// npm run db:migrate | db:seed | db:reset | db:backup | db:restore — for the database named by the
// environment and the .env file (embedded PGlite in DATA_DIR, or DATABASE_URL). Stop the shop first when it uses
// PGlite: the embedded database belongs to one process at a time, and a command run while the shop
// (or another command) has it refuses, naming that process (ADR 064).
//   npm run db:backup [-- --out FILE]         one tar file: database and photos (ADR 052), by default
//                                             into DATA_DIR/backups, keeping the last BACKUP_KEEP (ADR 069)
//   npm run db:restore -- FILE [--force]      into an empty shop; --force replaces one that has data
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, backupShop, restoreShop } from '#server/db/backup.ts';
import { databaseConfigFromEnv, dropEverything, openDatabase } from '#server/db/client.ts';
import { DataFolderInUse, lockEmbeddedDatabase } from '#server/db/data-folder-lock.ts';
import { backupsDir, takeBackup } from '#server/db/scheduled-backups.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { loadEnvFileOrExit } from '#server/env-file.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import { createLogger } from '#server/platform/logger.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { seedReferenceData, seedSampleData } from '#server/seed/seed.ts';
import { demoEligible } from '#server/shop-address.ts';

const [command, ...args] = process.argv.slice(2);
const USAGE = [
  'Usage: tsx server/cli/db.ts migrate|seed|reset',
  '       tsx server/cli/db.ts backup [--out FILE]',
  '       tsx server/cli/db.ts restore FILE [--force]',
].join('\n');
if (!['migrate', 'seed', 'reset', 'backup', 'restore'].includes(command ?? '')) {
  console.error(USAGE);
  process.exit(2);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  loadEnvFileOrExit(); // the shop's .env, as `npm start` reads it (ADR 068)
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const config = databaseConfigFromEnv(env);
  const place = { database: config, mediaDir: path.join(env.DATA_DIR, 'media') };
  // Let go however the command ends (the lock's own 'exit' handler), this one included.
  if (config.kind === 'pglite' && config.dir)
    lockEmbeddedDatabase(config.dir, { command: `npm run db:${command}` });

  if (command === 'backup') {
    const outAt = args.indexOf('--out');
    const chosen = outAt >= 0 ? args[outAt + 1] : undefined;
    if ((outAt >= 0 && !chosen) || args.some((a, i) => a !== '--out' && i !== outAt + 1)) {
      console.error(USAGE);
      process.exit(2);
    }
    let out: string;
    let manifest: Awaited<ReturnType<typeof backupShop>>;
    let pruned: string[] = [];
    if (chosen) {
      out = chosen;
      manifest = await backupShop(place, out);
    } else {
      ({
        path: out,
        manifest,
        pruned,
      } = await takeBackup({
        place,
        dir: backupsDir(env.DATA_DIR),
        keep: env.BACKUP_KEEP,
      }));
    }
    const size = (await stat(out)).size;
    if (pruned.length > 0)
      console.log(`Deleted ${pruned.length} older backup(s) (BACKUP_KEEP=${env.BACKUP_KEEP}).`);
    console.log(
      `Backed up the ${manifest.database === 'pglite' ? 'embedded' : 'PostgreSQL'} database ` +
        `(${manifest.migrations.applied} migrations, last ${manifest.migrations.last}) and ` +
        `${manifest.media.files} media files to ${out} (${megabytes(size)}).`,
    );
    return;
  }
  if (command === 'restore') {
    const force = args.includes('--force');
    const files = args.filter((a) => a !== '--force');
    if (files.length !== 1 || files[0]!.startsWith('--')) {
      console.error(USAGE);
      process.exit(2);
    }
    const manifest = await restoreShop(place, files[0]!, { force });
    console.log(
      `Restored the backup of ${manifest.createdAt} (shop ${manifest.shopVersion}, ` +
        `${manifest.migrations.applied} migrations, ${manifest.media.files} media files). ` +
        'The shop applies any newer migrations when it starts.',
    );
    return;
  }

  if (command === 'reset') {
    if (config.kind === 'pglite') {
      await rm(config.dir!, { recursive: true, force: true });
      console.log(`Removed the embedded database in ${config.dir}`);
    } else {
      const database = await openDatabase(config);
      await dropEverything(database);
      await database.close();
      console.log('Dropped every table in the PostgreSQL database');
    }
  }

  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind})`);
    if (command === 'migrate') return;
    await seedReferenceData(database.db);
    const media = createMediaService({
      db: database.db,
      storage: new DiskStorage(path.join(env.DATA_DIR, 'media')),
    });
    const seeded = await seedSampleData({
      db: database.db,
      media,
      log,
      // The sample promo codes come only with a shop that may be a demo shop (ADR 016).
      promoCodes: demoEligible(env) && !(await createContentService({ db: database.db }).isDemoEnded()),
    });
    console.log(
      seeded
        ? 'Sample data loaded.'
        : 'Sample data not loaded: the catalogue already has products, or its sample data was removed (db:reset starts over from nothing).',
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(
    error instanceof EnvError || error instanceof BackupError || error instanceof DataFolderInUse
      ? error.message
      : error,
  );
  process.exit(1);
});
