// Newsletter emails: the double opt-in confirmation, and the frame every mailing goes out in,
// which always ends with a one-click unsubscribe link (the customer-care issue writes the
// campaigns themselves with newsletterMailing).
import type { ReactNode } from 'react';
import type { OutgoingMail } from './mail.service.ts';
import { Action, BRAND, checkedUrl, html, Layout, MUTED, P, SHOP_NAME, text } from './templates.tsx';

export const NEWSLETTER_CONFIRM_SUBJECT = `Confirm your ${SHOP_NAME} newsletter subscription`;

export function newsletterConfirmMail(input: {
  to: string;
  url: string;
  expiresInHours: number;
}): OutgoingMail {
  const url = checkedUrl(input.url);
  const asked = `Someone (we hope you) asked to get the ${SHOP_NAME} newsletter at this address: new arrivals, restocks and offers, a few times a month.`;
  const expiry = `The link works once and expires in ${input.expiresInHours} hours.`;
  const ignore =
    'If that wasn’t you, ignore this email: you will not be subscribed and we will not write again.';
  return {
    template: 'newsletter-confirm',
    to: input.to,
    subject: NEWSLETTER_CONFIRM_SUBJECT,
    text: text(['Hello,', '', asked, 'To confirm, open this link:', '', url, '', expiry, ignore]),
    html: html(
      <Layout title={NEWSLETTER_CONFIRM_SUBJECT} preview="One tap to confirm your newsletter subscription.">
        <P>Hello,</P>
        <P>{asked}</P>
        <Action href={url} label="Confirm my subscription" />
        <P muted>
          {expiry} {ignore}
        </P>
      </Layout>,
    ),
  };
}

/** The end of every mailing: why it came, and a link that unsubscribes with one click. */
export function UnsubscribeFooter(props: { url: string }) {
  return (
    <p
      style={{ margin: '24px 0 0', color: MUTED, fontSize: 13, borderTop: '1px solid #eee', paddingTop: 16 }}
    >
      You are getting this because you subscribed to the {SHOP_NAME} newsletter.{' '}
      <a href={props.url} style={{ color: BRAND }}>
        Unsubscribe
      </a>{' '}
      with one click, any time.
    </p>
  );
}

/** The plain-text form of the footer. */
export function unsubscribeFooterText(url: string): string[] {
  return [
    '',
    '---',
    `You are getting this because you subscribed to the ${SHOP_NAME} newsletter.`,
    `Unsubscribe with one click: ${url}`,
  ];
}

export interface NewsletterMailing {
  /** The mail (template "newsletter"), sent with List-Unsubscribe / List-Unsubscribe-Post headers. */
  mail: OutgoingMail;
  unsubscribeUrl: string;
}

/**
 * A newsletter mailing to one subscriber, always with the unsubscribe footer (both bodies).
 * `paragraphs` are plain text (React escapes them in the HTML).
 */
export function newsletterMailing(input: {
  to: string;
  subject: string;
  preview: string;
  paragraphs: string[];
  action?: { href: string; label: string };
  unsubscribeUrl: string;
  children?: ReactNode;
}): NewsletterMailing {
  const unsubscribeUrl = checkedUrl(input.unsubscribeUrl);
  const action = input.action ? { ...input.action, href: checkedUrl(input.action.href) } : undefined;
  return {
    unsubscribeUrl,
    mail: {
      template: 'newsletter',
      to: input.to,
      listUnsubscribe: unsubscribeUrl,
      subject: input.subject,
      text: text([
        ...input.paragraphs.flatMap((p) => [p, '']),
        ...(action ? [`${action.label}: ${action.href}`] : []),
        ...unsubscribeFooterText(unsubscribeUrl),
      ]),
      html: html(
        <Layout title={input.subject} preview={input.preview}>
          {input.paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed paragraphs, never reordered
            <P key={i}>{p}</P>
          ))}
          {input.children}
          {action ? <Action href={action.href} label={action.label} /> : null}
          <UnsubscribeFooter url={unsubscribeUrl} />
        </Layout>,
      ),
    },
  };
}

/**
 * A campaign (ADR 036) to one subscriber: the owner's Markdown, already rendered to safe HTML by
 * the content module's renderer, in the shop's frame with the unsubscribe footer; the text body
 * is the Markdown itself (it reads as plain text). `test` marks a copy sent to a staff member.
 */
export function campaignMail(input: {
  to: string;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  unsubscribeUrl: string;
  test?: boolean;
}): OutgoingMail {
  const subject = input.test ? `[Test] ${input.subject}` : input.subject;
  const preview = input.bodyText
    .replace(/[#*_>`[\]()-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  const { mail } = newsletterMailing({
    to: input.to,
    subject,
    preview,
    paragraphs: [input.bodyText],
    unsubscribeUrl: input.unsubscribeUrl,
  });
  const unsubscribeUrl = checkedUrl(input.unsubscribeUrl);
  return {
    ...mail,
    template: input.test ? 'newsletter-test' : 'newsletter',
    html: html(
      <Layout title={subject} preview={preview}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdown (raw HTML off, links checked) */}
        <div style={{ fontSize: 15, lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: input.bodyHtml }} />
        <UnsubscribeFooter url={unsubscribeUrl} />
      </Layout>,
    ),
  };
}
