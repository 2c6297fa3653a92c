// The shop's notifications a shopper asked for or may turn off (ADR 037): "it's back in stock"
// and the one abandoned-cart reminder. Each says why it came and where to turn it off.
import type { OutgoingMail } from './mail.service.ts';
import { Action, checkedUrl, html, Layout, P, SHOP_NAME, text } from './templates.tsx';

export function backInStockSubject(productName: string): string {
  return `${productName} is back in stock at ${SHOP_NAME}`;
}

/** One waiting shopper's email: the product (and option) they asked about is on sale again. */
export function backInStockMail(input: {
  to: string;
  productName: string;
  /** "Colour: Natural black, Length: 16 inches", or '' when the product has one variant. */
  optionSummary: string;
  /** The product page, with the variant chosen. */
  url: string;
  /** Whether the request was made from an account (it can turn these emails off in Settings). */
  account: boolean;
  settingsUrl: string;
}): OutgoingMail {
  const url = checkedUrl(input.url);
  const settingsUrl = checkedUrl(input.settingsUrl);
  const subject = backInStockSubject(input.productName);
  const what = input.optionSummary ? `${input.productName} (${input.optionSummary})` : input.productName;
  const news = `Good news: ${what} is back in stock. Stock can go quickly, so if you still want it, now is the time.`;
  const why = input.account
    ? `You asked us to tell you when it was back. This is the only email about it. You can turn back-in-stock emails off in your account settings: ${settingsUrl}`
    : 'You asked us to tell you when it was back. This is the only email about it; we have not added you to any list.';
  return {
    template: 'back-in-stock',
    to: input.to,
    subject,
    text: text(['Hello,', '', news, '', url, '', why]),
    html: html(
      <Layout title={subject} preview={`${what} is back in stock.`}>
        <P>Hello,</P>
        <P>{news}</P>
        <Action href={url} label="See it in the shop" />
        <P muted>{why}</P>
      </Layout>,
    ),
  };
}

export const ABANDONED_CART_SUBJECT = `You left something in your ${SHOP_NAME} cart`;

/** The one reminder for a cart left waiting. Lines are names and quantities (no prices: they change). */
export function abandonedCartMail(input: {
  to: string;
  name: string | null;
  lines: { name: string; quantity: number }[];
  cartUrl: string;
  /** Where the shopper turns promotional emails off (the account's settings), or null for a guest. */
  settingsUrl: string | null;
}): OutgoingMail {
  const cartUrl = checkedUrl(input.cartUrl);
  const settingsUrl = input.settingsUrl ? checkedUrl(input.settingsUrl) : null;
  const hello = input.name?.trim() ? `Hi ${input.name.trim().slice(0, 80)},` : 'Hello,';
  const intro = 'Your cart is still waiting for you:';
  const items = input.lines.map((l) => `${l.quantity} × ${l.name}`);
  const close = 'Stock and prices can change, so the cart shows today’s figures when you come back.';
  const why = settingsUrl
    ? `This is the only reminder about this cart. You can turn promotional emails off in your account settings: ${settingsUrl}`
    : 'You typed this address at checkout. This is the only reminder about this cart; we have not added you to any list.';
  return {
    template: 'abandoned-cart',
    to: input.to,
    subject: ABANDONED_CART_SUBJECT,
    text: text([hello, '', intro, ...items.map((i) => `- ${i}`), '', cartUrl, '', close, why]),
    html: html(
      <Layout title={ABANDONED_CART_SUBJECT} preview="Your cart is still waiting for you.">
        <P>{hello}</P>
        <P>{intro}</P>
        <ul>
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
        <Action href={cartUrl} label="Back to my cart" />
        <P muted>
          {close} {why}
        </P>
      </Layout>,
    ),
  };
}
