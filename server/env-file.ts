// One configuration for every command (issue 30, ADR 068): `npm start`, `npm run dev`,
// `admin:create`, `db:*` and `fuzz` first read the `.env` file in the project root, so a command
// run at the shell sees the settings the running shop uses. The environment wins over the file: a
// variable already set (even to an empty value, which server/env.ts reads as "not set") is kept.
// ENV_FILE names another file, or `none` to read no file (the test harness sets `none`, so a
// developer's .env never changes a test's result). Parsed by Node's own `util.parseEnv`, the
// parser behind `process.loadEnvFile` and `node --env-file`.
// Kept free of other imports: server/main.ts calls it before any library is loaded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { PROJECT_ROOT } from '#server/paths.ts';

export class EnvFileError extends Error {}

/**
 * Reads the `.env` file (or ENV_FILE) into `env` without overriding what is set there.
 * Returns the file that was read, or null when there was none (a missing `.env` is fine).
 */
export function loadEnvFile(
  env: Record<string, string | undefined> = process.env,
  root: string = PROJECT_ROOT,
): string | null {
  const named = env.ENV_FILE;
  if (named === 'none') return null;
  const file = named ? path.resolve(root, named) : path.join(root, '.env');
  if (!existsSync(file)) {
    if (named) throw new EnvFileError(`ENV_FILE names ${file}, which does not exist.`);
    return null;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EnvFileError(`Could not read ${file}: ${(error as Error).message}`);
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (env[key] === undefined) env[key] = value;
  }
  return file;
}

/** For entry points: reads the file, or prints why it could not and exits. */
export function loadEnvFileOrExit(): string | null {
  try {
    return loadEnvFile();
  } catch (error) {
    if (!(error instanceof EnvFileError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
