// Order emails: confirmation when an order goes through (paid, pay on delivery, or waiting for a
// bank transfer), and a note at every status change. Amounts are naira, formatted once in core.
import { formatDeliveryFee, formatDiscount, formatPrice } from '#core/money.ts';
import {
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  STATUS_LABELS,
} from '#core/order-status.ts';
import type { OutgoingMail } from './mail.service.ts';
import {
  Action,
  BRAND,
  checkedUrl,
  greeting,
  html,
  Layout,
  MUTED,
  P,
  SHOP_NAME,
  text,
} from './templates.tsx';

export interface OrderMailLine {
  productName: string;
  variantLabel: string;
  quantity: number;
  totalKobo: number;
}

export interface OrderMailInput {
  to: string;
  name: string;
  trackingNumber: string;
  paymentMethod: PaymentMethod;
  /** True once the money is in (card payments). */
  paid: boolean;
  lines: OrderMailLine[];
  subtotalKobo: number;
  discountKobo: number;
  deliveryFeeKobo: number;
  /** Store credit spent on it (ADR 100; absent or 0: no line). */
  storeCreditKobo?: number;
  totalKobo: number;
  estimatedDelivery: string;
  address: string;
  trackUrl: string;
  /** Pay on delivery: the day by which staff must confirm the order, or it is cancelled. */
  confirmBy?: string;
  bank?: {
    bankName: string;
    accountName: string;
    accountNumber: string;
    reference: string;
    deadline: string;
  };
}

function lineText(l: OrderMailLine): string {
  return `${l.quantity} × ${l.productName}${l.variantLabel ? ` (${l.variantLabel})` : ''}: ${formatPrice(l.totalKobo)}`;
}

function opening(input: OrderMailInput): { subject: string; lead: string } {
  if (input.paid) {
    return {
      // "Placed", as tracking says: the shop's team confirms the order next.
      subject: `Order ${input.trackingNumber} placed: payment received`,
      lead: `Thank you! We have received your payment of ${formatPrice(input.totalKobo)} and your order is in.`,
    };
  }
  if (input.paymentMethod === 'bank_transfer') {
    return {
      subject: `Order ${input.trackingNumber}: complete your bank transfer`,
      lead: `Thank you! Your order is reserved. Transfer ${formatPrice(input.totalKobo)} to the account below and we will confirm it as soon as the money arrives.`,
    };
  }
  return {
    subject: `Order ${input.trackingNumber} placed: pay on delivery`,
    lead: `Thank you! Your order is in. Please have ${formatPrice(input.totalKobo)} ready for the rider (cash or transfer) when it arrives.${
      input.confirmBy
        ? ` We will call you to confirm it; an order we cannot confirm by ${input.confirmBy} is cancelled and nothing is owed.`
        : ''
    }`,
  };
}

/** The order's receipt (ADR 098): the receipt page beside the tracking page. */
function receiptUrlFor(trackUrl: string, trackingNumber: string): string {
  return new URL(`/track-order/${encodeURIComponent(trackingNumber)}/receipt`, trackUrl).toString();
}

/** The support form for this order (the shop's /support, with the tracking number filled in). */
function supportUrlFor(trackUrl: string, trackingNumber: string): string {
  const url = new URL('/support', trackUrl);
  url.searchParams.set('order', trackingNumber);
  return url.toString();
}

function SupportLine({ href }: { href: string }) {
  return (
    <P muted>
      A problem with this order?{' '}
      <a href={href} style={{ color: BRAND }}>
        Get Support
      </a>
    </P>
  );
}

export function orderPlacedMail(input: OrderMailInput): OutgoingMail {
  const trackUrl = checkedUrl(input.trackUrl);
  const supportUrl = supportUrlFor(trackUrl, input.trackingNumber);
  const { subject, lead } = opening(input);
  const receiptUrl = input.paid ? receiptUrlFor(trackUrl, input.trackingNumber) : null;
  const totals = [
    `Subtotal: ${formatPrice(input.subtotalKobo)}`,
    ...(input.discountKobo > 0 ? [`Discount: ${formatDiscount(input.discountKobo)}`] : []),
    `Delivery: ${formatDeliveryFee(input.deliveryFeeKobo)}`,
    ...(input.storeCreditKobo ? [`Store credit: ${formatDiscount(input.storeCreditKobo)}`] : []),
    `Total: ${formatPrice(input.totalKobo)}`,
  ];
  const bankLines = input.bank
    ? [
        `Bank: ${input.bank.bankName}`,
        `Account name: ${input.bank.accountName}`,
        `Account number: ${input.bank.accountNumber}`,
        `Amount: ${formatPrice(input.totalKobo)}`,
        `Reference (put it in the transfer narration): ${input.bank.reference}`,
        `Please transfer by ${input.bank.deadline}, or the items go back on sale.`,
      ]
    : [];
  return {
    template: 'order-placed',
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      lead,
      '',
      `Order: ${input.trackingNumber}`,
      `Payment: ${PAYMENT_METHOD_LABELS[input.paymentMethod]}`,
      ...input.lines.map(lineText),
      ...totals,
      '',
      ...(bankLines.length > 0 ? [...bankLines, ''] : []),
      `Delivery to: ${input.address}`,
      `Estimated delivery: ${input.estimatedDelivery}`,
      '',
      'What happens next: we pack your order within 1–2 business days, then send it with tracking details.',
      `Track your order: ${trackUrl}`,
      ...(receiptUrl ? [`Your receipt: ${receiptUrl}`] : []),
      `A problem with this order? Get Support: ${supportUrl}`,
    ]),
    html: html(
      <Layout title={subject} preview={lead}>
        <P>{greeting(input.name)}</P>
        <P>{lead}</P>
        <P>
          <strong>Order {input.trackingNumber}</strong>
          <br />
          <span style={{ color: MUTED, fontSize: 14 }}>
            Payment: {PAYMENT_METHOD_LABELS[input.paymentMethod]}
          </span>
        </P>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ margin: '0 0 16px', fontSize: 14 }}
        >
          <tbody>
            {input.lines.map((l) => (
              <tr key={`${l.productName}-${l.variantLabel}`}>
                <td style={{ padding: '6px 0', borderBottom: '1px solid #eee' }}>
                  {l.quantity} × {l.productName}
                  {l.variantLabel ? <span style={{ color: MUTED }}> ({l.variantLabel})</span> : null}
                </td>
                <td
                  align="right"
                  style={{ padding: '6px 0', borderBottom: '1px solid #eee', whiteSpace: 'nowrap' }}
                >
                  {formatPrice(l.totalKobo)}
                </td>
              </tr>
            ))}
            {totals.map((t, i) => (
              <tr key={t}>
                <td
                  colSpan={2}
                  align="right"
                  style={{ padding: '4px 0', fontWeight: i === totals.length - 1 ? 700 : 400 }}
                >
                  {t}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {input.bank ? (
          <div
            style={{
              border: `2px solid ${BRAND}`,
              borderRadius: 8,
              padding: '12px 16px',
              margin: '0 0 16px',
            }}
          >
            {bankLines.map((l) => (
              <div key={l} style={{ fontSize: 14, margin: '2px 0' }}>
                {l}
              </div>
            ))}
          </div>
        ) : null}
        <P muted>
          Delivery to: {input.address}
          <br />
          Estimated delivery: {input.estimatedDelivery}
        </P>
        <P>We pack your order within 1–2 business days, then send it with tracking details.</P>
        <Action href={trackUrl} label="Track your order" />
        {receiptUrl ? (
          <P>
            <a href={receiptUrl} style={{ color: BRAND }}>
              View or download your receipt
            </a>
          </P>
        ) : null}
        <SupportLine href={supportUrl} />
      </Layout>,
    ),
  };
}

const STATUS_SENTENCES: Partial<Record<OrderStatus, string>> = {
  placed: 'Your order is in and waiting for our team.',
  confirmed: 'Our team has checked your order and payment.',
  packaged: 'Your hair is packed and ready to leave our store.',
  shipped: 'Your order is on its way with our courier.',
  delivered: 'Your order has been delivered. Enjoy your hair!',
  cancelled: 'Your order has been cancelled.',
  payment_failed: 'We did not receive the payment for your order, so the items went back on sale.',
};

/** A status email's subject, a sentence for every status ("… has been cancelled", never "is payment failed"). */
function statusSubject(status: OrderStatus, order: string): string {
  switch (status) {
    case 'pending_payment':
      return `Your ${order} is waiting for payment`;
    case 'awaiting_transfer':
      return `Your ${order} is waiting for your bank transfer`;
    case 'on_layaway':
      return `Your ${order} is on Pay small-small`;
    case 'payment_failed':
      return `Payment for your ${order} did not go through`;
    default:
      return `Your ${order} has been ${STATUS_LABELS[status].toLowerCase()}`;
  }
}

export function orderStatusMail(input: {
  to: string;
  name: string;
  trackingNumber: string;
  status: OrderStatus;
  note?: string;
  trackUrl: string;
  /** The order's money had arrived: a cancellation then promises the refund. */
  paid?: boolean;
}): OutgoingMail {
  const trackUrl = checkedUrl(input.trackUrl);
  const label = STATUS_LABELS[input.status].toLowerCase();
  const subject = statusSubject(input.status, `${SHOP_NAME} order ${input.trackingNumber}`);
  const sentence =
    input.status === 'cancelled' && input.paid
      ? 'Your order has been cancelled. Your refund is on its way.'
      : (STATUS_SENTENCES[input.status] ?? `Your order is now ${label}.`);
  const supportUrl = supportUrlFor(trackUrl, input.trackingNumber);
  const receiptUrl =
    input.paid && input.status !== 'cancelled' && input.status !== 'payment_failed'
      ? receiptUrlFor(trackUrl, input.trackingNumber)
      : null;
  return {
    template: `order-${input.status}`,
    to: input.to,
    subject,
    text: text([
      greeting(input.name),
      '',
      sentence,
      ...(input.note ? ['', input.note] : []),
      '',
      `Track your order: ${trackUrl}`,
      ...(receiptUrl ? [`Your receipt: ${receiptUrl}`] : []),
      `A problem with this order? Get Support: ${supportUrl}`,
    ]),
    html: html(
      <Layout title={subject} preview={sentence}>
        <P>{greeting(input.name)}</P>
        <P>{sentence}</P>
        {input.note ? <P muted>{input.note}</P> : null}
        <Action href={trackUrl} label="Track your order" />
        {receiptUrl ? (
          <P>
            <a href={receiptUrl} style={{ color: BRAND }}>
              View or download your receipt
            </a>
          </P>
        ) : null}
        <SupportLine href={supportUrl} />
      </Layout>,
    ),
  };
}
