// The .env file every command reads (issue 30, ADR 068): the file's settings are taken, the
// environment wins over them (an empty value included), a missing file is fine, and ENV_FILE
// names another file or `none`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvFileError, loadEnvFile } from './env-file.ts';

const root = mkdtempSync(path.join(tmpdir(), 'shop-env-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function projectWith(dotEnv: string | null): string {
  const dir = mkdtempSync(path.join(root, 'project-'));
  if (dotEnv !== null) writeFileSync(path.join(dir, '.env'), dotEnv);
  return dir;
}

describe('the .env file', () => {
  it('is read from the project root, comments and quotes as dotenv writes them', () => {
    const dir = projectWith(
      '# the shop\nPORT=4321\nPUBLIC_URL=https://shop.example.ng\nMAIL_FROM="Crown Hair <hi@shop.example.ng>"\n\nexport SEED_ON_START=false\n',
    );
    const env: Record<string, string | undefined> = {};
    expect(loadEnvFile(env, dir)).toBe(path.join(dir, '.env'));
    expect(env).toMatchObject({
      PORT: '4321',
      PUBLIC_URL: 'https://shop.example.ng',
      MAIL_FROM: 'Crown Hair <hi@shop.example.ng>',
      SEED_ON_START: 'false',
    });
  });

  it('never overrides the environment, not even a variable set to empty', () => {
    const dir = projectWith('PORT=4321\nDATABASE_URL=postgres://file@db/shop\nHOST=127.0.0.1\n');
    const env: Record<string, string | undefined> = { PORT: '8080', DATABASE_URL: '' };
    loadEnvFile(env, dir);
    expect(env).toEqual({ PORT: '8080', DATABASE_URL: '', HOST: '127.0.0.1' });
  });

  it('is optional: without one nothing changes', () => {
    const env: Record<string, string | undefined> = { PORT: '8080' };
    expect(loadEnvFile(env, projectWith(null))).toBeNull();
    expect(env).toEqual({ PORT: '8080' });
  });

  it('ENV_FILE names another file, `none` reads no file, and a named file that is missing is refused', () => {
    const dir = projectWith('PORT=1111\n');
    writeFileSync(path.join(dir, 'staging.env'), 'PORT=2222\n');
    const other: Record<string, string | undefined> = { ENV_FILE: 'staging.env' };
    expect(loadEnvFile(other, dir)).toBe(path.join(dir, 'staging.env'));
    expect(other.PORT).toBe('2222');

    const none: Record<string, string | undefined> = { ENV_FILE: 'none' };
    expect(loadEnvFile(none, dir)).toBeNull();
    expect(none.PORT).toBeUndefined();

    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(EnvFileError);
    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(/missing\.env, which does not exist/);
  });
});

describe('the test harness', () => {
  it('reads no .env: a developer’s file never changes a test’s result', () => {
    // Set by vitest.config.ts (and vitest.e2e.config.ts) for every process the tests start.
    expect(process.env.ENV_FILE).toBe('none');
    expect(loadEnvFile({ ...process.env })).toBeNull();
  });
});
