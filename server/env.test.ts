import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('configuration', () => {
  it('needs no settings at all: embedded database in ./data on port 3000', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve('data'));
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.SEED_ON_START).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('treats an empty variable as not set', () => {
    const env = loadEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it('reads PostgreSQL, port, data folder and proxy settings', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PORT: '8080',
      DATA_DIR: '/var/lib/shop',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://shop.example.ng/',
      SEED_ON_START: 'false',
    });
    expect(env).toMatchObject({
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      PORT: 8080,
      DATA_DIR: '/var/lib/shop',
      TRUST_PROXY: 1,
      PUBLIC_URL: 'https://shop.example.ng',
      SEED_ON_START: false,
    });
  });

  it('says clearly which setting is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String((error as Error).message)).toContain('PORT');
      expect(String((error as Error).message)).toContain('DATABASE_URL: must start with postgres://');
    }
  });
});
