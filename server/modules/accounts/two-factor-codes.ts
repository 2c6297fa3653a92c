// The codes of two-factor sign-in (ADR 019): TOTP secrets and codes (RFC 6238: what every
// authenticator app understands), the enrolment's QR code, and the ten single-use recovery codes,
// kept hashed. No state and no SQL: two-factor.service.ts decides when each is asked for.
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from '#server/platform/auth/tokens.ts';

/** What every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code from the step before or after is accepted too (clocks drift, people type slowly). */
const TOTP_WINDOW = 1;
/** 160-bit secrets (RFC 4226's recommendation): 32 base32 characters. */
const SECRET_BYTES = 20;
export const SECRET_PATTERN = /^[A-Z2-7]{32}$/;
export const RECOVERY_CODE_COUNT = 10;
/** 80 random bits each: 16 base32 characters, shown as four groups of four. */
const RECOVERY_CODE_BYTES = 10;
const ISSUER = 'Crown Hair';

export interface Enrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code as an SVG data: URL, for an <img>. */
  qrCode: string;
}

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    ...TOTP_SETTINGS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** "123 456", "123-456" and "ABCD efgh …" as typed; spaces and dashes never matter. */
export function normalizeCode(input: unknown): string {
  return typeof input === 'string' ? input.replace(/[\s-]/g, '').toLowerCase().slice(0, 64) : '';
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = new OTPAuth.Secret({ size: RECOVERY_CODE_BYTES }).base32.toLowerCase();
    return raw.match(/.{4}/g)!.join('-');
  });
}

/** Recovery codes are 80-bit random: SHA-256 is enough to keep them (as for session tokens). */
export function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${normalizeCode(code)}`);
}

/** A new 160-bit secret, base32. */
export function newSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

/** The 30-second step a code belongs to at `timestamp`, or null when it matches none within the window. */
export function stepOfCode(secret: string, label: string, code: string, timestamp: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret, label);
  const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** What the set-up page shows: the secret as text, its otpauth:// address and the QR code of it. */
export async function enrolmentFor(email: string, secret: string): Promise<Enrolment> {
  const uri = totpFor(secret, email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
