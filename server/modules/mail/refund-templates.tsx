// The refund email (ADR 097): what was refunded, to which method, and when to expect it.
import { formatPrice } from '#core/money.ts';
import type { OutgoingMail } from './mail.service.ts';
import { Action, checkedUrl, greeting, html, Layout, MUTED, P, SHOP_NAME, text } from './templates.tsx';

export interface RefundMailInput {
  to: string;
  name: string;
  trackingNumber: string;
  amountKobo: number;
  /** True when, with this one, everything paid has been refunded. */
  full: boolean;
  /** What was given back, one line each ("1 × Bone Straight Wig (18 inches)", "Delivery fee"). */
  items: string[];
  method: 'card' | 'bank_transfer';
  /** The transfer the shop made: bank, the account's last digits and the reference. */
  transfer?: { bankName: string; accountLast4: string; reference: string };
  trackUrl: string;
}

export function refundMail(input: RefundMailInput): OutgoingMail {
  const trackUrl = checkedUrl(input.trackUrl);
  const amount = formatPrice(input.amountKobo);
  const subject = `${SHOP_NAME} order ${input.trackingNumber}: ${amount} refunded`;
  const sentence = `We have refunded ${amount} ${input.full ? '(the whole order)' : '(part of your order)'}.`;
  const where =
    input.method === 'card'
      ? 'It goes back to the card or account you paid with. Banks usually take 5–10 working days to show it.'
      : input.transfer
        ? `We sent it by bank transfer to your ${input.transfer.bankName} account ending ${input.transfer.accountLast4} (reference ${input.transfer.reference}). It should already be in your account.`
        : 'We sent it by bank transfer.';
  return {
    template: 'order-refund',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      sentence,
      ...(input.items.length > 0 ? ['', 'What was refunded:', ...input.items.map((i) => `- ${i}`)] : []),
      '',
      where,
      '',
      `Your order: ${trackUrl}`,
    ]),
    html: html(
      <Layout title={subject} preview={sentence}>
        <P>{greeting(input.name)}</P>
        <P>{sentence}</P>
        {input.items.length > 0 ? (
          <ul style={{ color: MUTED }}>
            {input.items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        ) : null}
        <P>{where}</P>
        <Action href={trackUrl} label="See your order" />
      </Layout>,
    ),
  };
}
