// Refunds in a real Chromium at a laptop's and a phone's width (issue 32, ADR 097): a guest pays a
// card order of two units in the sandbox; the owner opens the order, presses Refund, refunds one
// unit of the line (putting it back on the shelf) after reviewing the amount, and sees the order
// partly refunded with the refund processed; the shopper gets the email and sees it when tracking.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './accounts-helpers.ts';
import { expectMessage, expectNoSidewaysScroll, SLOW, setupAdmin, WIDTHS } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import {
  addToCart,
  checkoutForm,
  definition,
  fillCheckout,
  lagosDelivery,
  PAYMENT,
  pickProduct,
  waitForPath,
} from './shop-helpers.ts';

const t = setupAdmin('Bisi Refunds');

/** A guest buys two of one variant by card and pays in the sandbox; returns the tracking number. */
async function paidCardOrder(page: Page, email: string) {
  const { product, inStock } = await pickProduct({ variants: 1, minStock: 4 });
  await addToCart(page, product, inStock[0]!, 2, 2);
  await openPage(page, '/checkout');
  await fillCheckout(page, lagosDelivery(email, 'Kemi Okoro'));
  const form = checkoutForm(page);
  await form.getByRole('radio', { name: PAYMENT.online }).check();
  await form.locator('button[type="submit"]').click();
  await waitForPath(page, /^\/pay\/sandbox\/[^/]+$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await waitForPath(page, '/payment-success');
  return (await definition(page, 'Order ID').innerText()).trim();
}

for (const width of WIDTHS) {
  describe(`refunds at ${width.viewport.width} px (${width.name})`, () => {
    it('the owner refunds one unit of a paid sandbox order and sees it', async () => {
      const shopper = await t.open(width, { signedIn: false });
      const email = uniqueEmail(`refund-${width.name}`);
      const trackingNumber = await paidCardOrder(shopper, email);

      const page = await t.open(width);
      await openPage(page, `/admin/orders/${trackingNumber}`);
      await page.getByRole('heading', { name: `Order ${trackingNumber}`, level: 1 }).waitFor(SLOW);
      await page.getByRole('link', { name: 'Refund', exact: true }).click();
      await page.getByRole('heading', { name: `Refund · order ${trackingNumber}`, level: 1 }).waitFor(SLOW);

      const form = page.getByRole('form', { name: 'Refund' });
      await form.getByLabel(/^Quantity to refund of /).fill('1');
      expect(await form.getByLabel('Put back on the shelf').isChecked()).toBe(true);
      await form.getByLabel('Reason').selectOption({ label: 'Damaged or faulty' });
      await form.getByLabel('Details (optional)').fill('Lace torn on arrival');
      await expect.poll(() => form.getByText(/^Refund total: ₦/).innerText(), SLOW).toMatch(/₦[\d,]+/);
      await form.getByRole('button', { name: 'Review refund' }).click();
      const confirm = page.getByRole('button', { name: /^Confirm refund of ₦/ });
      await confirm.waitFor(SLOW);
      expect(await page.getByLabel('Details (optional)').inputValue()).toBe('Lace torn on arrival');
      await page.screenshot({ path: `/tmp/refunds-review-${width.viewport.width}.png`, fullPage: true });
      await confirm.click();

      await page.getByRole('heading', { name: `Order ${trackingNumber}`, level: 1 }).waitFor(SLOW);
      await expectMessage(page, /Refunded ₦/);
      await page.getByText(/^Partly refunded: ₦/).waitFor(SLOW);
      await page.getByRole('link', { name: 'Refund', exact: true }).click();
      await page.getByText('Partly refunded', { exact: true }).waitFor(SLOW);
      const refunds = page.getByRole('region', { name: 'Refunds' });
      await refunds.getByText('Refunded', { exact: true }).waitFor(SLOW);
      expect(await refunds.innerText()).toContain('Lace torn on arrival');
      await expectNoSidewaysScroll(page, 'the refund page');
      await expectNoSeriousViolations(page, 'the refund page');
      await page.screenshot({ path: `/tmp/refunds-done-${width.viewport.width}.png`, fullPage: true });

      // The shopper hears of it by email and sees it on the tracking page.
      const mail = await t.mailbox.message(email, `order ${trackingNumber}: ₦`);
      expect(mail.subject).toMatch(/₦[\d,]+ refunded$/);
      expect(mail.text).toContain('5–10 working days');
      await openPage(shopper, `/track-order?id=${trackingNumber}`);
      await shopper.getByRole('heading', { name: 'Refunds', level: 2 }).waitFor(SLOW);
      await shopper.getByText(/refunded to your card or account on/).waitFor(SLOW);
      await shopper.screenshot({ path: `/tmp/refunds-tracking-${width.viewport.width}.png`, fullPage: true });
    });
  });
}
