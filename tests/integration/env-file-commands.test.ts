// One configuration for every command (issue 30, ADR 068), through the real `npm run admin:create`
// and `npm run db:migrate` processes: they read the shop's .env (here named by ENV_FILE, so the test never writes the project's
// own .env), the environment wins over the file, its sign-in link is PUBLIC_URL's (or the port the
// file sets), the password is taken from stdin when --password is not given, --password says why it
// is discouraged, and a refusal names the rule the password broke.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'shop-admin-create-'));
const dataDir = path.join(scratch, 'data');
const envFile = path.join(scratch, 'shop.env');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run <command>` at the owner's shell: only PATH and HOME inherited. */
function run(
  entry: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ENV_FILE: envFile, ...options.env },
    input: options.stdin ?? '',
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const adminCreate = (args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) =>
  run('server/cli/admin-create.ts', args, options);

// One engine is enough: this is about the command's configuration, on the embedded database.
describe.skipIf(usingPostgres)('the commands read the shop configuration', () => {
  it('db:migrate migrates the database in the DATA_DIR the .env file names', () => {
    const migrateDir = path.join(scratch, 'migrate-data');
    writeFileSync(envFile, `DATA_DIR=${migrateDir}\nLOG_LEVEL=warn\n`);
    const migrated = run('server/cli/db.ts', ['migrate']);
    expect(migrated.status, migrated.output).toBe(0);
    expect(existsSync(path.join(migrateDir, 'db'))).toBe(true);
  }, 60_000);

  it('reads .env, takes a piped password and links to the port the file sets', () => {
    writeFileSync(envFile, `# the shop's settings\nDATA_DIR=${dataDir}\nPORT=4321\nLOG_LEVEL=warn\n`);
    const created = adminCreate(['--email', 'Owner@Example.ng'], { stdin: 'lagos sunset passphrase\n' });
    expect(created.status, created.output).toBe(0);
    expect(created.output).toContain(
      'Admin owner@example.ng created. Sign in at http://localhost:4321/admin',
    );
    expect(created.output).not.toContain('lagos sunset passphrase');
    expect(created.output).not.toContain('shell history');
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
  }, 60_000);

  it('lets the environment win over the file, and says why --password is discouraged', () => {
    writeFileSync(
      envFile,
      `DATA_DIR=${dataDir}\nPUBLIC_URL=https://from-the-file.example.ng\nLOG_LEVEL=warn\n`,
    );
    const promoted = adminCreate(['--email', 'owner@example.ng', '--password', 'harmattan morning walk'], {
      env: { PUBLIC_URL: 'https://shop.example.ng', DATA_DIR: dataDir },
    });
    expect(promoted.status, promoted.output).toBe(0);
    expect(promoted.output).toContain('Sign in at https://shop.example.ng/admin');
    expect(promoted.output).not.toContain('from-the-file');
    expect(promoted.output).toMatch(/--password .*shell history/);
  }, 60_000);

  it('refuses a weak password naming the rule it broke, and no password at all saying how to give one', () => {
    writeFileSync(envFile, `DATA_DIR=${dataDir}\nLOG_LEVEL=warn\n`);
    // DATA_DIR also in the environment: never the project's own data folder, whatever happens.
    const env = { DATA_DIR: dataDir };
    const short = adminCreate(['--email', 'boss@example.ng'], { env, stdin: 'kano7\n' });
    expect(short.status).toBe(1);
    expect(short.output).toContain('at least 8 characters');
    const common = adminCreate(['--email', 'boss@example.ng'], { env, stdin: 'password1\n' });
    expect(common.status).toBe(1);
    expect(common.output).toContain('too common');
    const none = adminCreate(['--email', 'boss@example.ng'], { env });
    expect(none.status).toBe(2);
    expect(none.output).toMatch(/run the command at a terminal to type it, or pipe it in/);
  }, 60_000);
});
