import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('plantain chips at noon');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'plantain chips at noon')).toBe(true);
    expect(await verifyPassword(hash, 'plantain chips at night')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('refuses common and guessable passwords, and ones made of the email', async () => {
    for (const p of [
      'password',
      'Password1',
      'qwertyuiop',
      'iloveyou2',
      '12345678',
      'aaaaaaaa',
      'abcdefgh',
    ]) {
      expect(await passwordProblem(p), p).toMatch(/easy to guess/);
    }
    expect(await passwordProblem('chiamaka-okafor!', { email: 'chiamaka@example.com' })).toMatch(/email/);
    expect(await passwordProblem('MyCrownHair2026')).toMatch(/shop/);
  });

  it('accepts long passphrases and unusual passwords', async () => {
    expect(await passwordProblem('plantain chips at noon')).toBeNull();
    expect(await passwordProblem('Ok9!vT2#qL')).toBeNull();
    expect(await passwordProblem(`${'x'.repeat(50)}Y1`)).toBeNull();
  });
});
