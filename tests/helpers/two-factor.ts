// Staff sign-in with a real second factor (ADR 019): enrols through the /admin/two-factor page the
// way a member does, computing the authenticator app's codes with otpauth from the shown secret.
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { TestClient } from './client.ts';

const PERIOD = 30;

/** The code an authenticator app shows for `secret`, `offset` 30-second steps from now. */
export function totpCode(secret: string, offset = 0): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    timestamp: Date.now() + offset * PERIOD * 1000,
  });
}

function currentStep(): number {
  return Math.floor(Date.now() / 1000 / PERIOD);
}

/** The last step a code was sent for, per secret: the shop refuses a code twice (replay). */
const lastStep = new Map<string, number>();

/**
 * A code the shop has not seen yet: now's, or the next step's (accepted: ±1 step). A third code
 * within the same 30 seconds waits for the clock.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = currentStep();
    const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return totpCode(secret, step - now);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Marks a code as sent by a test itself (so the helper does not send it again). */
export function noteCodeUsed(secret: string, offset = 0) {
  lastStep.set(secret, Math.max(lastStep.get(secret) ?? -1, currentStep() + offset));
}

export interface EnrolledStaff {
  client: TestClient;
  secret: string;
  recoveryCodes: string[];
}

/** The secret shown on the enrolment page (also in the hidden field the form sends back). */
export function secretIn(html: string): string {
  const match = html.match(/name="secret" value="([A-Z2-7]{32})"/);
  if (!match) throw new Error(`No enrolment secret in the page:\n${html.slice(0, 2000)}`);
  return match[1]!;
}

export function recoveryCodesIn(html: string): string[] {
  const list = html.match(/aria-label="Recovery codes"[^>]*>([\s\S]*?)<\/ol>/);
  return list
    ? [...list[1]!.matchAll(/[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}/g)].map((m) => m[0])
    : [];
}

/**
 * Signs a staff or admin account in at /admin/sign-in and enrols its second factor (it must not
 * have one yet). The client ends signed in, second factor given.
 */
export async function signInAndEnrol(
  app: FastifyInstance,
  account: { email: string; password: string },
  client = new TestClient(app),
): Promise<EnrolledStaff> {
  const signIn = await client.post('/admin/sign-in', { email: account.email, password: account.password });
  expect(signIn.statusCode, signIn.body.slice(0, 500)).toBe(302);
  expect(signIn.headers.location).toMatch(/^\/admin\/two-factor/);
  const page = await client.get('/admin/two-factor');
  expect(page.statusCode).toBe(200);
  const secret = secretIn(page.body);
  const enrolled = await client.post('/admin/two-factor', {
    intent: 'enrol',
    secret,
    code: await freshCode(secret),
  });
  expect(enrolled.statusCode, enrolled.body.slice(0, 500)).toBe(200);
  const recoveryCodes = recoveryCodesIn(enrolled.body);
  expect(recoveryCodes).toHaveLength(10);
  return { client, secret, recoveryCodes };
}

/** Signs an enrolled account in: password, then a fresh code from its authenticator. */
export async function signInWithCode(
  app: FastifyInstance,
  account: { email: string; password: string },
  secret: string,
  client = new TestClient(app),
): Promise<TestClient> {
  const signIn = await client.post('/admin/sign-in', { email: account.email, password: account.password });
  expect(signIn.statusCode).toBe(302);
  expect(signIn.headers.location).toMatch(/^\/admin\/two-factor/);
  const verified = await client.post('/admin/two-factor', {
    intent: 'verify',
    code: await freshCode(secret),
  });
  expect(verified.statusCode, verified.body.slice(0, 500)).toBe(302);
  return client;
}

/** Six digits that are surely not a code the shop would accept now for `secret`. */
export function notACode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}
