// npm run admin:create -- --email owner@example.com --password "…" [--name "Ada Obi"]
// Creates an admin, or makes an existing account an admin with this password (its sessions end).
// The owner has taken the shop over: demo mode ends for good (ADR 016), and the demo admin (with
// its sessions) and the sample promo codes are removed now.
// Stop the shop first when it uses the embedded database (one process per data folder): run while
// the shop has it, this refuses and names the running shop (ADR 064).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ADMIN, isDemoAdminEmail } from '#core/demo.ts';
import { databaseConfigFromEnv, openDatabase } from '#server/db/client.ts';
import { DataFolderInUse, lockEmbeddedDatabase } from '#server/db/data-folder-lock.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { isAppError } from '#server/platform/errors.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { createServices, defaultServiceConfig } from '#server/services.ts';

const usage =
  'Usage: npm run admin:create -- --email you@example.com --password "a long passphrase" [--name "Your Name"]';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.password) {
    console.error(usage);
    process.exit(2);
  }
  if (isDemoAdminEmail(values.email)) {
    console.error(`${DEMO_ADMIN.email} is the demo admin's address: choose your own.`);
    process.exit(2);
  }
  const env = loadEnv();
  const config = databaseConfigFromEnv(env);
  const lock =
    config.kind === 'pglite' && config.dir
      ? lockEmbeddedDatabase(config.dir, { command: 'npm run admin:create' })
      : null;
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const services = createServices({
      db: database.db,
      storage: new DiskStorage(path.join(env.DATA_DIR, 'media')),
      config: defaultServiceConfig({ publicUrl: env.PUBLIC_URL, mailFrom: env.MAIL_FROM }),
    });
    const result = await services.accounts.createAdmin({
      email: values.email,
      password: values.password,
      name: values.name,
    });
    // The owner at the server's shell: an existing admin's lost second factor is cleared (ADR 019).
    const twoFactorCleared =
      result === 'promoted' && (await services.twoFactor.resetFromCommandLine(values.email));
    if (twoFactorCleared)
      console.log('Its two-factor sign-in was reset: set it up again at the next sign-in.');
    console.log(
      result === 'created'
        ? `Admin ${values.email.toLowerCase()} created. Sign in at ${env.PUBLIC_URL}/admin`
        : `${values.email.toLowerCase()} is now an admin with the new password (its other sessions were ended).`,
    );
    const ended = await services.demo.end('admin:create');
    console.log(
      `Demo mode has ended for good${ended.demoAdminRemoved ? ': the demo admin was removed' : ''}${
        ended.sampleCodesRemoved.length > 0
          ? `${ended.demoAdminRemoved ? ' and' : ':'} the sample promo codes ${ended.sampleCodesRemoved.join(', ')} were removed`
          : ''
      }.`,
    );
  } finally {
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
