// npm run sample:remove [-- --keep-catalogue]
// Removes the sample data for good (ADR 070): the sample customers, orders, reviews, support
// tickets, newsletter subscribers, the mail to them, the sample slides and — unless
// --keep-catalogue — the sample products and their pictures. Real rows made since stay. Like every
// command it reads the shop's .env first (ADR 068); on the embedded database it refuses while the
// shop has the data folder (stop the shop first, ADR 064). Refused while the shop is still a demo
// shop: take it over first (npm run admin:create).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createCacheBus } from '#server/db/cache-bus.ts';
import { databaseConfigFromEnv, openDatabase } from '#server/db/client.ts';
import { DataFolderInUse, lockEmbeddedDatabase } from '#server/db/data-folder-lock.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { loadEnvFileOrExit } from '#server/env-file.ts';
import { isAppError } from '#server/platform/errors.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { SAMPLE_KIND_WORDS } from '#server/seed/sample-removal.ts';
import { createServices, defaultServiceConfig } from '#server/services.ts';

const usage = 'Usage: npm run sample:remove [-- --keep-catalogue]';

/** "36 sample customers (…), 260 sample orders (…)", one per line. */
function describeRemoved(removed: Record<string, number>): string[] {
  // In the order the words are listed: customers first, files last.
  return Object.keys(SAMPLE_KIND_WORDS)
    .filter((kind) => (removed[kind] ?? 0) > 0)
    .map((kind) => `  ${removed[kind]} ${SAMPLE_KIND_WORDS[kind]}`);
}

async function main() {
  loadEnvFileOrExit();
  let keepCatalogue = false;
  try {
    const { values } = parseArgs({ options: { 'keep-catalogue': { type: 'boolean' } }, strict: true });
    keepCatalogue = values['keep-catalogue'] === true;
  } catch {
    console.error(usage);
    process.exit(2);
  }
  const env = loadEnv();
  const config = databaseConfigFromEnv(env);
  // The embedded database is one process's at a time: a running shop is named, and nothing changes.
  const lock =
    config.kind === 'pglite' && config.dir
      ? lockEmbeddedDatabase(config.dir, { command: 'npm run sample:remove' })
      : null;
  const database = await openDatabase(config);
  // On PostgreSQL the running shops forget what they showed, through the cache bus (ADR 033).
  const cacheBus = config.kind === 'pglite' ? undefined : createCacheBus(database.db);
  try {
    await database.migrate();
    const services = createServices({
      db: database.db,
      storage: new DiskStorage(path.join(env.DATA_DIR, 'media')),
      cacheBus,
      config: defaultServiceConfig({ publicUrl: env.PUBLIC_URL, mailFrom: env.MAIL_FROM }),
    });
    const before = await services.sampleData.status();
    if (before.remaining === 0) {
      await services.sampleData.remove({ keepCatalogue }); // settles the shop's sample-data setting
      console.log('There is no sample data left to remove.');
      return;
    }
    const { removed } = await services.sampleData.remove({ keepCatalogue });
    console.log(`Removed the sample data${keepCatalogue ? ' (your catalogue was kept)' : ''}:`);
    for (const line of describeRemoved(removed)) console.log(line);
    console.log('Real customers, orders, subscribers and products made since were kept.');
  } finally {
    await cacheBus?.close();
    await database.close();
    lock?.release();
  }
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DataFolderInUse || isAppError(error)) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
