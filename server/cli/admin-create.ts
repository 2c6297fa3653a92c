// npm run admin:create -- --email owner@example.com [--name "Ada Obi"]
// The password is typed at a prompt that does not show it (or piped in on stdin); `--password`
// still works but lands in the shell's history, and says so (ADR 068). Like every command, this
// one reads the shop's .env first, so its sign-in link is the shop's PUBLIC_URL.
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
import { loadEnvFileOrExit } from '#server/env-file.ts';
import { isAppError, ValidationError } from '#server/platform/errors.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { createServices, defaultServiceConfig } from '#server/services.ts';
import { PasswordNotGiven, readPassword } from './read-password.ts';

const usage =
  'Usage: npm run admin:create -- --email you@example.com [--name "Your Name"]   (you are asked for the password)';

async function main() {
  loadEnvFileOrExit();
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  if (!values.email) {
    console.error(usage);
    process.exit(2);
  }
  if (isDemoAdminEmail(values.email)) {
    console.error(`${DEMO_ADMIN.email} is the demo admin's address: choose your own.`);
    process.exit(2);
  }
  const env = loadEnv();
  const config = databaseConfigFromEnv(env);
  // The lock first: a shop that is running is named before the owner types anything.
  const lock =
    config.kind === 'pglite' && config.dir
      ? lockEmbeddedDatabase(config.dir, { command: 'npm run admin:create' })
      : null;
  let password: string;
  if (values.password !== undefined) {
    password = values.password;
    console.error(
      'Note: a password given with --password stays in your shell history (and other users may see it in the process list). Leave --password out to type it at a prompt that does not show it.',
    );
  } else {
    try {
      password = await readPassword(values.email);
    } catch (error) {
      if (!(error instanceof PasswordNotGiven)) throw error;
      console.error(`${error.message}\n${usage}`);
      process.exit(2); // the lock lets go on exit
    }
  }
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
      password,
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
        : `${values.email.toLowerCase()} is now an admin with the new password (its other sessions were ended). Sign in at ${env.PUBLIC_URL}/admin`,
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
  // A refused password names the rule it broke ("Use at least 8 characters.", "too common", …).
  if (error instanceof ValidationError) {
    const problems = Object.values(error.fieldErrors).flat();
    console.error(`Refused: ${problems.length > 0 ? problems.join(' ') : error.message}`);
    process.exit(1);
  }
  if (error instanceof EnvError || error instanceof DataFolderInUse || isAppError(error)) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
