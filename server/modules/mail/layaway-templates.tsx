// Pay small-small's emails (ADR 099): the reminder three days before and on an instalment's due
// date. (The plan's end by its rule reaches the shopper as the order's status email, with why.)
import { formatDueDate } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';
import type { OutgoingMail } from './mail.service.ts';
import { Action, checkedUrl, html, Layout, P, SHOP_NAME, text } from './templates.tsx';

export function layawayReminderMail(input: {
  to: string;
  trackingNumber: string;
  kind: 'before' | 'due';
  dueDate: string;
  owedKobo: number;
  balanceKobo: number;
  payUrl: string;
}): OutgoingMail {
  const payUrl = checkedUrl(input.payUrl);
  const when = input.kind === 'due' ? 'today' : `on ${formatDueDate(input.dueDate)}`;
  const subject =
    input.kind === 'due'
      ? `Your ${SHOP_NAME} instalment is due today`
      : `Your ${SHOP_NAME} instalment is due on ${formatDueDate(input.dueDate)}`;
  const body = `Your next Pay small-small instalment for order ${input.trackingNumber}, ${formatPrice(input.owedKobo)}, is due ${when}. Left to pay in all: ${formatPrice(input.balanceKobo)}. Your hair stays held for you while you pay.`;
  return {
    template: 'layaway-reminder',
    to: input.to,
    subject,
    text: text(['Hello,', '', body, '', `Pay now: ${payUrl}`]),
    html: html(
      <Layout title={subject} preview={body}>
        <P>Hello,</P>
        <P>{body}</P>
        <Action href={payUrl} label="Pay now" />
      </Layout>,
    ),
  };
}
