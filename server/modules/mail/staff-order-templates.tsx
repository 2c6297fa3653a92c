// The email staff get for every new paid order (to the addresses in STAFF_ORDER_EMAILS): what
// was bought, by whom, for how much, and the link to the order in the admin portal.
import { formatPrice } from '#core/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#core/order-status.ts';
import type { OutgoingMail } from './mail.service.ts';
import { Action, checkedUrl, html, Layout, P, SHOP_NAME, text } from './templates.tsx';

export interface StaffOrderMailInput {
  to: string;
  trackingNumber: string;
  customerName: string;
  totalKobo: number;
  paymentMethod: PaymentMethod;
  state: string;
  /** The order in the admin portal. */
  adminUrl: string;
}

export function staffNewPaidOrderMail(input: StaffOrderMailInput): OutgoingMail {
  const adminUrl = checkedUrl(input.adminUrl);
  const subject = `New paid order ${input.trackingNumber}: ${formatPrice(input.totalKobo)}`;
  const lead = `${input.customerName} paid ${formatPrice(input.totalKobo)} for an order to be delivered in ${input.state}.`;
  return {
    template: 'staff-new-paid-order',
    to: input.to,
    subject,
    text: text([
      lead,
      '',
      `Order: ${input.trackingNumber}`,
      `Payment: ${PAYMENT_METHOD_LABELS[input.paymentMethod]}`,
      '',
      `Open it in the admin portal: ${adminUrl}`,
      '',
      `— ${SHOP_NAME}`,
    ]),
    html: html(
      <Layout title={subject} preview={lead}>
        <P>{lead}</P>
        <P>
          <strong>Order {input.trackingNumber}</strong>
          <br />
          Payment: {PAYMENT_METHOD_LABELS[input.paymentMethod]}
        </P>
        <Action href={adminUrl} label="Open the order" />
      </Layout>,
    ),
  };
}
