// Password hashing (argon2id, memory-hard, through @node-rs/argon2) and the common-password check.
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 50 ms here). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check, so "no such account" cannot be told from "wrong
 * password" by how long the answer takes.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Promise<Set<string>> | undefined;
async function commonPasswords(): Promise<Set<string>> {
  // ~49,000 leaked and common passwords (the zxcvbn-ts common list); loaded on first use.
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * Why a new password is refused, or null when it is fine. Length is checked by the contract;
 * this adds what needs the server: the common-password list and the shopper's own details.
 */
export async function passwordProblem(
  password: string,
  context: { email?: string; name?: string } = {},
): Promise<string | null> {
  const lower = password.toLowerCase();
  const list = await commonPasswords();
  const withoutDigits = lower.replace(/\d+$/, '');
  if (list.has(lower) || (withoutDigits.length >= 4 && list.has(withoutDigits) && lower.length < 12)) {
    return 'That password is too common and easy to guess. Try a few unrelated words together.';
  }
  if (
    /^(.)\1+$/.test(password) ||
    '01234567890123456789'.includes(lower) ||
    'abcdefghijklmnopqrstuvwxyz'.includes(lower)
  ) {
    return 'That password is too easy to guess. Try a few unrelated words together.';
  }
  const local = context.email?.split('@')[0]?.toLowerCase();
  if ((local && local.length >= 4 && lower.includes(local)) || lower === context.email?.toLowerCase()) {
    return 'Your password should not contain your email address.';
  }
  if (['crownhair', 'crown hair'].some((w) => lower.includes(w))) {
    return 'Your password should not contain the shop’s name.';
  }
  return null;
}
