// The shop's emails: each a plain-text body and a small inline-styled HTML body. The HTML is
// rendered by React, so anything a customer typed (their name) is escaped, never spliced in.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OutgoingMail } from './mail.service.ts';

export const SHOP_NAME = 'Crown Hair';
export const BRAND = '#55213e';
const TEXT = '#2b2b2b';
export const MUTED = '#6b6b6b';
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const lagosTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'full',
  timeStyle: 'short',
});

/** "Sunday, 22 November 2026 at 18:12 (Lagos time)": shoppers read times as Nigeria's clock. */
export function formatLagosTime(when: Date): string {
  return `${lagosTime.format(when)} (Lagos time)`;
}

/** A name fit for a greeting: one line, no control characters, not absurdly long. */
function displayName(name: string | null | undefined): string {
  const clean = (name ?? '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
}

export function greeting(name: string | null | undefined): string {
  const shown = displayName(name);
  return shown ? `Hi ${shown},` : 'Hello,';
}

/** Links in mail come from the shop's own configuration; anything but http(s) is a bug. */
export function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Refusing to put a ${parsed.protocol} link in an email`);
  }
  return parsed.toString();
}

function duration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function Layout(props: { title: string; preview: string; children: ReactNode }) {
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f6f1f4' }}>
        {/* Shown by mail apps beside the subject, hidden in the message itself. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{props.preview}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: '#f6f1f4', fontFamily: FONT }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, backgroundColor: '#ffffff', borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          backgroundColor: BRAND,
                          borderRadius: '8px 8px 0 0',
                          padding: '18px 28px',
                          color: '#ffffff',
                          fontSize: 22,
                          fontWeight: 700,
                          letterSpacing: 0.5,
                        }}
                      >
                        {SHOP_NAME}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '28px', color: TEXT, fontSize: 16, lineHeight: 1.55 }}>
                        {props.children}
                      </td>
                    </tr>
                  </tbody>
                </table>
                <p style={{ color: MUTED, fontSize: 12, margin: '16px 0 0' }}>{SHOP_NAME} · Lagos, Nigeria</p>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function P(props: { children: ReactNode; muted?: boolean }) {
  return (
    <p style={{ margin: '0 0 16px', color: props.muted ? MUTED : TEXT, fontSize: props.muted ? 14 : 16 }}>
      {props.children}
    </p>
  );
}

/** A button, and the bare address under it for mail apps that block or mangle buttons. */
export function Action(props: { href: string; label: string }) {
  return (
    <>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0 24px' }}>
        <tbody>
          <tr>
            <td style={{ backgroundColor: BRAND, borderRadius: 6 }}>
              <a
                href={props.href}
                style={{
                  display: 'inline-block',
                  padding: '12px 24px',
                  color: '#ffffff',
                  fontSize: 16,
                  fontWeight: 600,
                  textDecoration: 'none',
                }}
              >
                {props.label}
              </a>
            </td>
          </tr>
        </tbody>
      </table>
      <P muted>
        If the button does not work, copy this link into your browser:
        <br />
        <a href={props.href} style={{ color: BRAND, wordBreak: 'break-all' }}>
          {props.href}
        </a>
      </P>
    </>
  );
}

export function html(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

export function text(lines: string[]): string {
  return `${lines.join('\n')}\n\n— ${SHOP_NAME}\n`;
}

export function verifyEmailMail(input: { to: string; name?: string | null; url: string }): OutgoingMail {
  const url = checkedUrl(input.url);
  const subject = `Confirm your email address for ${SHOP_NAME}`;
  const why = `You are getting this email because this address was used for a ${SHOP_NAME} account.`;
  const expiry = 'The link expires in 24 hours.';
  const ignore = 'If that wasn’t you, you can ignore this email: nothing will change.';
  return {
    template: 'verify-email',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      why,
      'Please confirm that it is yours by opening this link:',
      '',
      url,
      '',
      expiry,
      ignore,
    ]),
    html: html(
      <Layout title={subject} preview="Confirm your email address to finish setting up your account.">
        <P>{greeting(input.name)}</P>
        <P>{why} Please confirm that it is yours.</P>
        <Action href={url} label="Confirm my email" />
        <P muted>
          {expiry} {ignore}
        </P>
      </Layout>,
    ),
  };
}

export function passwordResetMail(input: {
  to: string;
  name?: string | null;
  url: string;
  expiresInMinutes: number;
}): OutgoingMail {
  const url = checkedUrl(input.url);
  const subject = `Reset your ${SHOP_NAME} password`;
  const asked = `We received a request to reset the password of your ${SHOP_NAME} account.`;
  const expiry = `The link works once and expires in ${duration(input.expiresInMinutes)}.`;
  const ignore =
    'If you didn’t ask for this, you can ignore this email. Your password stays the same until you choose a new one.';
  return {
    template: 'password-reset',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      asked,
      'To choose a new password, open this link:',
      '',
      url,
      '',
      expiry,
      ignore,
    ]),
    html: html(
      <Layout
        title={subject}
        preview={`Choose a new password. The link expires in ${duration(input.expiresInMinutes)}.`}
      >
        <P>{greeting(input.name)}</P>
        <P>{asked}</P>
        <Action href={url} label="Choose a new password" />
        <P muted>
          {expiry} {ignore}
        </P>
      </Layout>,
    ),
  };
}

export function passwordChangedMail(input: {
  to: string;
  name?: string | null;
  when: Date;
  supportEmail: string;
  resetUrl: string;
}): OutgoingMail {
  const resetUrl = checkedUrl(input.resetUrl);
  const subject = `Your ${SHOP_NAME} password was changed`;
  const changed = `The password of your ${SHOP_NAME} account was changed on ${formatLagosTime(input.when)}.`;
  const signedOut =
    'For your safety we signed you out everywhere else: on other devices and browsers you will need the new password.';
  const ifNotYou = 'If you didn’t change it, reset your password now and let us know';
  return {
    template: 'password-changed',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      changed,
      signedOut,
      '',
      'If this was you, there is nothing more to do.',
      '',
      `${ifNotYou} at ${input.supportEmail}:`,
      '',
      resetUrl,
    ]),
    html: html(
      <Layout title={subject} preview="Your password was changed and other sign-ins were ended.">
        <P>{greeting(input.name)}</P>
        <P>{changed}</P>
        <P>{signedOut}</P>
        <P>If this was you, there is nothing more to do.</P>
        <P>
          {ifNotYou} at{' '}
          <a href={`mailto:${input.supportEmail}`} style={{ color: BRAND }}>
            {input.supportEmail}
          </a>
          .
        </P>
        <Action href={resetUrl} label="Reset my password" />
      </Layout>,
    ),
  };
}

/**
 * Sent instead of a verification when someone signs up with an address that already has an
 * account: the owner learns of it, and the sign-up form reveals nothing to whoever filled it in.
 */
export function accountExistsMail(input: {
  to: string;
  name?: string | null;
  signInUrl: string;
  resetUrl: string;
}): OutgoingMail {
  const signInUrl = checkedUrl(input.signInUrl);
  const resetUrl = checkedUrl(input.resetUrl);
  const subject = `You already have a ${SHOP_NAME} account`;
  const tried = `Someone tried to create a ${SHOP_NAME} account with this email address, but it already has one.`;
  const forgot = 'Forgotten your password? You can choose a new one here:';
  const ignore = 'If that wasn’t you, you can ignore this email: your account has not changed.';
  return {
    template: 'account-exists',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      tried,
      'If it was you, sign in instead:',
      '',
      signInUrl,
      '',
      forgot,
      '',
      resetUrl,
      '',
      ignore,
    ]),
    html: html(
      <Layout title={subject} preview="Sign in to your existing account instead.">
        <P>{greeting(input.name)}</P>
        <P>{tried} If it was you, sign in instead.</P>
        <Action href={signInUrl} label="Sign in" />
        <P>
          {forgot}{' '}
          <a href={resetUrl} style={{ color: BRAND }}>
            {resetUrl}
          </a>
        </P>
        <P muted>{ignore}</P>
      </Layout>,
    ),
  };
}
