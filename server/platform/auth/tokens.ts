// Random tokens for session cookies and emailed links. The database keeps only their SHA-256,
// so a copy of the tables cannot be turned back into working cookies or links.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
