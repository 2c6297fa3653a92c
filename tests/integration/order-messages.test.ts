// What the shop tells a shopper about an order is true (ADR 065): the success page and the paid
// email say the payment is in and the shop confirms next (tracking shows "Confirmed" not yet); a
// payment the shopper cancels reads as cancelled on tracking and in its email; every status
// email's subject is a sentence; the estimated delivery is the state's promised working days.
// Through HTTP on a real database: the pages' text and the mailbox.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '#core/order-status.ts';
import { queryRows } from '#server/db/client.ts';
import { orderStatusMail } from '#server/modules/mail/order-templates.tsx';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

/** The page's text without tags and React's comment markers. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

const lagosDay = new Intl.DateTimeFormat('en-NG', { dateStyle: 'full', timeZone: 'Africa/Lagos' });

/** `days` working days (Monday to Friday, Lagos time) after `from`, as the shop writes a date. */
function workingDaysAfter(from: Date, days: number): string {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += 86_400_000;
    const weekday = new Date(at + 3_600_000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return lagosDay.format(new Date(at));
}

async function createdAtOf(trackingNumber: string): Promise<Date> {
  const [row] = await queryRows<{ created_at: Date | string }>(
    shop.database.db,
    sql`SELECT created_at FROM orders WHERE tracking_number = ${trackingNumber}`,
  );
  return new Date(row!.created_at);
}

async function buyByCard(email: string, form: Record<string, string> = {}) {
  const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 3_000_000, stock: 5 }] });
  const client = new TestClient(shop.app);
  await addToCart(client, product.variants[0]!.id, 1);
  const { reference } = await placeOrder(client, checkoutForm({ email, ...form }));
  const trackingNumber = reference.split('-')[0]!;
  return { client, reference, trackingNumber };
}

describe('what the shop says about an order is true', () => {
  it('a paid order: the success page and the email say paid and placed, the shop confirms next, as tracking shows', async () => {
    const { client, reference, trackingNumber } = await buyByCard('paid-words@example.ng');
    const back = await sandboxPay(client, reference);
    const success = textOf((await client.get(back)).body);
    expect(success).toContain('Payment Successful!');
    expect(success).not.toMatch(/order is confirmed/i);
    expect(success).toContain('We have received your payment and your order is placed.');
    expect(success).toContain('Our team confirms it next');

    const tracking = textOf((await client.get(`/track-order?id=${trackingNumber}`)).body);
    expect(tracking).toMatch(/Order placed \(done\)/);
    expect(tracking).toMatch(/Confirmed \(not yet\)/);

    const [mail] = await shop.mailTo('paid-words@example.ng');
    expect(mail!.subject).toBe(`Order ${trackingNumber} placed: payment received`);
    expect(mail!.textBody).not.toMatch(/order is confirmed/i);
  });

  it('a payment the shopper cancels reads as cancelled on tracking and in the email, and can still be retried', async () => {
    const { client, reference, trackingNumber } = await buyByCard('cancel-words@example.ng');
    await sandboxPay(client, reference, 'cancel');
    const canceled = await client.get(`/payment-canceled?reference=${reference}`);
    expect(canceled.body).toContain('Try Payment Again');

    const tracking = textOf((await client.get(`/track-order?id=${trackingNumber}`)).body);
    expect(tracking).toContain('Cancelled');
    expect(tracking).not.toContain('Payment failed');

    const [mail] = await shop.mailTo('cancel-words@example.ng');
    expect(mail!.subject).toBe(`Your Crown Hair order ${trackingNumber} has been cancelled`);
    expect(mail!.textBody).toContain('You cancelled the payment. Nothing was charged.');
    expect(mail!.textBody).not.toMatch(/payment failed/i);

    // Trying again still works: the order waits for payment once more.
    const retry = await client.post('/payment-canceled', { reference });
    expect(retry.statusCode).toBe(302);
    expect(String(retry.headers.location)).toMatch(/\/pay\/sandbox\/CH\d+-[0-9A-F]{8}$/);
  });

  it('a declined payment says so in a sentence', async () => {
    const declined = await createOrder(shop, {
      paymentMethod: 'online',
      email: 'declined-words@example.ng',
      status: 'payment_failed',
    });
    const [mail] = await shop.mailTo('declined-words@example.ng');
    expect(mail!.subject).toBe(
      `Payment for your Crown Hair order ${declined.trackingNumber} did not go through`,
    );
  });

  it('every status has an email subject that is a sentence (no "is payment failed")', () => {
    const subjects = ORDER_STATUSES.map(
      (status) =>
        orderStatusMail({
          to: 'a@example.ng',
          name: 'Ada',
          trackingNumber: 'CH1',
          status,
          trackUrl: 'http://shop.test/t',
        }).subject,
    );
    expect(subjects).toEqual([
      'Your Crown Hair order CH1 is waiting for payment',
      'Your Crown Hair order CH1 is waiting for your bank transfer',
      'Your Crown Hair order CH1 has been placed',
      'Your Crown Hair order CH1 has been confirmed',
      'Your Crown Hair order CH1 has been packaged',
      'Your Crown Hair order CH1 has been shipped',
      'Your Crown Hair order CH1 has been delivered',
      'Your Crown Hair order CH1 has been cancelled',
      'Payment for your Crown Hair order CH1 did not go through',
      'Your Crown Hair order CH1 is on Pay small-small',
    ]);
  });

  it('the estimated delivery is the state’s promised working days: on the success page, in the email and on tracking', async () => {
    // Lagos: "usually 1–2 working days" at checkout; Kano: 3–7 (the reference delivery rates).
    for (const [state, days, email] of [
      ['Lagos', 2, 'eta-lagos@example.ng'],
      ['Kano', 7, 'eta-kano@example.ng'],
    ] as const) {
      const { client, reference, trackingNumber } = await buyByCard(email, {
        shipState: state,
        shipCity: 'Town',
      });
      const checkout = await client.get(`/pay/sandbox/${encodeURIComponent(reference)}`);
      expect(checkout.statusCode).toBe(200);
      const back = await sandboxPay(client, reference);
      const expected = workingDaysAfter(await createdAtOf(trackingNumber), days);

      const success = textOf((await client.get(back)).body);
      expect(success).toContain(`Estimated delivery ${expected}`);
      const tracking = textOf((await client.get(`/track-order?id=${trackingNumber}`)).body);
      expect(tracking).toContain(`Estimated delivery ${expected}`);
      const [mail] = await shop.mailTo(email);
      expect(mail!.textBody).toContain(`Estimated delivery: ${expected}`);
    }
  });
});
