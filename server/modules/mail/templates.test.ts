// The shop's emails: subjects, links in both bodies, and names that cannot inject HTML.
import { describe, expect, it } from 'vitest';
import { orderStatusMail } from './order-templates.tsx';
import { accountExistsMail, passwordChangedMail, passwordResetMail, verifyEmailMail } from './templates.tsx';

const hostile = '<script>alert(1)</script>';
const when = new Date('2026-03-01T23:30:00Z');

const mails = {
  verify: verifyEmailMail({
    to: 'ada@example.ng',
    name: hostile,
    url: 'https://crownhair.ng/verify?token=a&b=1',
  }),
  reset: passwordResetMail({
    to: 'ada@example.ng',
    name: hostile,
    url: 'https://crownhair.ng/reset?token=r&b=1',
    expiresInMinutes: 30,
  }),
  changed: passwordChangedMail({
    to: 'ada@example.ng',
    name: hostile,
    when,
    supportEmail: 'help@crownhair.ng',
    resetUrl: 'https://crownhair.ng/forgot-password',
  }),
  exists: accountExistsMail({
    to: 'ada@example.ng',
    name: hostile,
    signInUrl: 'https://crownhair.ng/auth',
    resetUrl: 'https://crownhair.ng/auth/forgot-password',
  }),
};

describe('mail templates', () => {
  it('escapes a hostile name in the HTML and keeps it readable in the text', () => {
    for (const [kind, mail] of Object.entries(mails)) {
      expect(mail.html, kind).not.toContain('<script>');
      expect(mail.html, kind).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text, kind).toContain(`Hi ${hostile},`);
      expect(mail.to, kind).toBe('ada@example.ng');
    }
  });

  it('has the subjects and template names the shop expects', () => {
    expect(mails.verify).toMatchObject({
      template: 'verify-email',
      subject: 'Confirm your email address for Crown Hair',
    });
    expect(mails.reset).toMatchObject({
      template: 'password-reset',
      subject: 'Reset your Crown Hair password',
    });
    expect(mails.changed).toMatchObject({
      template: 'password-changed',
      subject: 'Your Crown Hair password was changed',
    });
    expect(mails.exists).toMatchObject({
      template: 'account-exists',
      subject: 'You already have a Crown Hair account',
    });
  });

  it('puts the link in both bodies, and the HTML as a button in the brand colour', () => {
    const links: [keyof typeof mails, string][] = [
      ['verify', 'https://crownhair.ng/verify?token=a&b=1'],
      ['reset', 'https://crownhair.ng/reset?token=r&b=1'],
      ['changed', 'https://crownhair.ng/forgot-password'],
      ['exists', 'https://crownhair.ng/auth'],
      ['exists', 'https://crownhair.ng/auth/forgot-password'],
    ];
    for (const [kind, url] of links) {
      const mail = mails[kind];
      expect(mail.text, kind).toContain(url);
      expect(mail.html, kind).toContain(`href="${url.replace('&', '&amp;')}"`);
      expect(mail.html, kind).toContain('background-color:#55213e');
      expect(mail.html, kind).toMatch(/^<!DOCTYPE html><html lang="en-NG">/);
      expect(mail.html, kind).toContain('name="viewport"');
    }
  });

  it('tells the reader why, for how long, and what to do if it was not them', () => {
    expect(mails.verify.text).toContain('expires in 24 hours');
    expect(mails.verify.text).toMatch(/wasn’t you, you can ignore this email/);
    expect(mails.reset.text).toContain('works once and expires in 30 minutes');
    expect(mails.reset.text).toContain('Your password stays the same until you choose a new one');
    expect(passwordResetMail({ to: 'a@b.ng', url: 'https://x.ng/r', expiresInMinutes: 60 }).text).toContain(
      'expires in 1 hour',
    );
    expect(mails.changed.text).toContain('signed you out everywhere else');
    expect(mails.changed.text).toContain('help@crownhair.ng');
    expect(mails.changed.html).toContain('href="mailto:help@crownhair.ng"');
  });

  it('gives the time of a password change in Lagos time', () => {
    // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
    expect(mails.changed.text).toContain('Monday, 2 March 2026 at 00:30 (Lagos time)');
    expect(mails.changed.html).toContain('Monday, 2 March 2026 at 00:30 (Lagos time)');
  });

  it('greets without a name, and keeps a name to one line', () => {
    expect(verifyEmailMail({ to: 'a@b.ng', url: 'https://x.ng/v' }).text).toMatch(/^Hello,\n/);
    expect(
      verifyEmailMail({ to: 'a@b.ng', name: '  Ada\r\nBcc: x@y.ng ', url: 'https://x.ng/v' }).text,
    ).toMatch(/^Hi Ada Bcc: x@y\.ng,\n/);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => verifyEmailMail({ to: 'a@b.ng', name: 'Ada', url: 'javascript:alert(1)' })).toThrow(
      /javascript:/,
    );
  });
});

describe('an order cancellation email', () => {
  const base = {
    to: 'ada@example.com',
    name: 'Ada',
    trackingNumber: 'CH123456789012',
    status: 'cancelled' as const,
    trackUrl: 'https://shop.example/track-order?trackingNumber=CH123456789012',
  };

  it('promises no refund for an order that was never paid (a cancelled payment charged nothing)', () => {
    const mail = orderStatusMail({ ...base, note: 'You cancelled the payment. Nothing was charged.' });
    expect(mail.text).toContain('Your order has been cancelled.');
    expect(mail.text).not.toMatch(/refund/i);
  });

  it('tells a shopper who had paid that the refund is on its way', () => {
    const mail = orderStatusMail({ ...base, paid: true });
    expect(mail.text).toContain('Your refund is on its way.');
  });
});
