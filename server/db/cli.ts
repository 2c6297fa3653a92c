// npm run db:migrate | db:seed | db:reset — for the database named by the environment
// (embedded PGlite in DATA_DIR, or DATABASE_URL). Stop the shop first when it uses PGlite:
// the embedded database belongs to one process at a time.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { databaseConfigFromEnv, openDatabase } from '#server/db/client.ts';
import { seedReferenceData, seedSampleData } from '#server/db/seed/seed.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createMediaService } from '#server/modules/media/media.service.ts';
import { createLogger } from '#server/platform/logger.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { demoEligible } from '#server/startup-checks.ts';

const command = process.argv[2];
if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
  console.error('Usage: tsx server/db/cli.ts migrate|seed|reset');
  process.exit(2);
}

async function main() {
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const config = databaseConfigFromEnv(env);

  if (command === 'reset') {
    if (config.kind === 'pglite') {
      await rm(config.dir!, { recursive: true, force: true });
      console.log(`Removed the embedded database in ${config.dir}`);
    } else {
      const database = await openDatabase(config);
      await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
      await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
      await database.db.execute(sql`CREATE SCHEMA public`);
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
        : 'The catalogue already has products: sample data not loaded (use db:reset to start over).',
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
