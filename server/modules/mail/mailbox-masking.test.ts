// The local mailbox rule's masking (ADR 017), against the shop's real templates and against any
// token the shop could put in a link.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newToken } from '#server/platform/auth/tokens.ts';
import { MASK, maskBody, maskUrl } from './mailbox-masking.ts';
import { orderStatusMail } from './order-templates.tsx';
import { accountExistsMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from './templates.tsx';

const SHOP = 'https://crownhair.ng';

function linkTemplates(url: string) {
  return {
    'verify-email': verifyEmailMail({ to: 'ada@example.ng', name: 'Ada', url }),
    'password-reset': passwordResetMail({ to: 'ada@example.ng', name: 'Ada', url, expiresInMinutes: 30 }),
  };
}

describe('masking a message for staff', () => {
  it('takes the token out of the real verify-email and password-reset mails, text and HTML', () => {
    const { token } = newToken();
    const urls = [
      `${SHOP}/auth/verify-email?${new URLSearchParams({ token, next: '/checkout' })}`,
      `${SHOP}/auth/reset-password?${new URLSearchParams({ token })}`,
    ];
    for (const url of urls) {
      for (const [kind, mail] of Object.entries(linkTemplates(url))) {
        for (const body of [mail.text, mail.html]) {
          expect(body, kind).toContain(token);
          const masked = maskBody(body);
          expect(masked, kind).not.toContain(token);
          expect(masked, kind).toContain(`?token=${MASK}`);
          // Who it is for and what it says stay readable.
          expect(masked, kind).toContain(new URL(url).pathname);
          expect(masked, kind).toContain('Hi Ada,');
        }
      }
    }
  });

  it('leaves link-free text and plain shop links as they were', () => {
    const mails = [
      passwordChangedMail({
        to: 'ada@example.ng',
        name: 'Ada',
        when: new Date('2026-03-01T10:00:00Z'),
        supportEmail: 'help@crownhair.ng',
        resetUrl: `${SHOP}/auth/forgot-password`,
      }),
      accountExistsMail({
        to: 'ada@example.ng',
        name: 'Ada',
        signInUrl: `${SHOP}/auth`,
        resetUrl: `${SHOP}/auth/forgot-password`,
      }),
    ];
    for (const mail of mails) {
      expect(maskBody(mail.text)).toBe(mail.text);
      expect(maskBody(mail.html)).toBe(mail.html);
    }
  });

  it('masks the tracking number in an order mail link (staff find orders in the admin)', () => {
    const mail = orderStatusMail({
      to: 'ada@example.ng',
      name: 'Ada',
      trackingNumber: 'CH123456789012',
      status: 'shipped',
      trackUrl: `${SHOP}/track-order?id=CH123456789012`,
    });
    expect(maskBody(mail.text)).toContain(`${SHOP}/track-order?id=${MASK}`);
    expect(maskBody(mail.html)).toContain(`${SHOP}/track-order?id=${MASK}`);
  });

  it('masks every query value, fragment, password and random path segment; keeps slugs', () => {
    expect(maskUrl(`${SHOP}/products/brazilian-body-wave-22-inch?colour=1b`)).toBe(
      `${SHOP}/products/brazilian-body-wave-22-inch?colour=${MASK}`,
    );
    expect(maskUrl('https://user:secret@crownhair.ng/a#k=v')).toBe(`https://${MASK}@crownhair.ng/a#${MASK}`);
    expect(maskUrl(`${SHOP}/auth/2fa/reset/550e8400-e29b-41d4-a716-446655440000`)).toBe(
      `${SHOP}/auth/2fa/reset/${MASK}`,
    );
    expect(maskUrl(`${SHOP}/x?abc&amp;t=1`)).toBe(`${SHOP}/x?${MASK}&amp;t=${MASK}`);
    const hex = randomBytes(32).toString('hex');
    expect(maskBody(`Your code: ${hex}.`)).toBe(`Your code: ${MASK}.`);
  });

  it('never lets a random token through, wherever the shop puts it in a link (property)', () => {
    const tokenArb = fc
      .uint8Array({ minLength: 16, maxLength: 48 })
      .chain((bytes) =>
        fc.constantFrom(
          Buffer.from(bytes).toString('base64url'),
          Buffer.from(bytes).toString('hex'),
          encodeURIComponent(Buffer.from(bytes).toString('base64')),
        ),
      );
    const placeArb = fc.constantFrom(
      (t: string) => `${SHOP}/auth/reset-password?token=${t}`,
      (t: string) => `${SHOP}/auth/verify-email?next=%2Fcheckout&token=${t}`,
      (t: string) => `${SHOP}/newsletter/confirm/${t}`,
      (t: string) => `${SHOP}/unsubscribe?e=ada%40example.ng&sig=${t}#top`,
      (t: string) => `${SHOP}/auth/two-factor/reset?${t}`,
      (t: string) => `http://localhost:3000/x/${t}/y`,
    );
    fc.assert(
      fc.property(tokenArb, placeArb, (token, place) => {
        const url = place(token);
        for (const mail of Object.values(linkTemplates(url))) {
          expect(maskBody(mail.text)).not.toContain(token);
          expect(maskBody(mail.html)).not.toContain(token);
        }
      }),
      { numRuns: 300 },
    );
  });
});
