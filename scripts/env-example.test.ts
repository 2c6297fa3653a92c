// .env.example stays complete (issue 30, ADR 068): it is exactly what `npm run env:example` writes
// from server/env.ts now, so a setting added there without regenerating the file fails here.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadEnv } from '#server/env.ts';
import { ENV_EXAMPLE, renderEnvExample } from './env-example.ts';

describe('.env.example', () => {
  it('is what `npm run env:example` writes from server/env.ts now', () => {
    expect(readFileSync(ENV_EXAMPLE, 'utf8'), 'run `npm run env:example` and commit .env.example').toBe(
      renderEnvExample(),
    );
  });

  it('names every setting, with one line of help and its default, all commented out', () => {
    const text = readFileSync(ENV_EXAMPLE, 'utf8');
    for (const name of Object.keys(EnvSchema.shape)) expect(text).toMatch(new RegExp(`^# ${name}=`, 'm'));
    expect(text).toContain('# PORT=3000\n');
    expect(text).toContain('# DATA_DIR=./data\n');
    expect(text).toContain('# SEED_ON_START=true\n');
    expect(text).toContain('# PUBLIC_URL=\n');
    expect(text).toMatch(/# Port to listen on\.\n# PORT=/);
    expect(text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual([]);
  });

  it('would change nothing if copied to .env as it is (every default is what the shop uses unset)', () => {
    const uncommented = parseEnv(renderEnvExample().replace(/^# ([A-Z_]+=)/gm, '$1'));
    expect(Object.keys(uncommented).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
    expect(loadEnv(uncommented)).toEqual(loadEnv({}));
  });
});
