// Receipts (ADR 098) as a shopper meets them: a guest buys with the sandbox, opens the receipt from
// the payment-success page, downloads its PDF, and prints it — on a desktop (1280 px) and a phone
// (390 px). On paper only the receipt: no shop header, footer or buttons.
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './accounts-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import {
  addToCart,
  checkoutForm,
  fillCheckout,
  lagosDelivery,
  naira,
  PAYMENT,
  pickProduct,
  waitForPath,
} from './shop-helpers.ts';

const SCREENSHOTS = process.env.RECEIPT_SCREENSHOTS ?? '';

for (const width of [1280, 390]) {
  describe(`the receipt at ${width} px`, () => {
    const t = setupBrowser({ viewport: { width, height: width > 500 ? 900 : 844 } });

    it('a shopper pays with the sandbox and opens, downloads and prints the receipt', async () => {
      const { page } = t;
      const email = uniqueEmail(`receipt${width}`);
      const { product, inStock } = await pickProduct({ variants: 1, minStock: 2 });
      const variant = inStock[0]!;
      await addToCart(page, product, variant, 1, 1);

      await page.goto('/checkout');
      await checkoutForm(page).waitFor();
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await fillCheckout(page, lagosDelivery(email, 'Adaeze Receipt'));
      const form = checkoutForm(page);
      await form.getByRole('radio', { name: PAYMENT.online }).check();
      await form.locator('button[type="submit"]').click();
      await waitForPath(page, /^\/pay\/sandbox\//);
      await page.getByRole('button', { name: /^Pay / }).click();
      await waitForPath(page, '/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

      await page.getByRole('link', { name: 'View Receipt' }).click();
      const url = await waitForPath(page, /^\/track-order\/CH\d{12}\/receipt$/);
      const trackingNumber = url.pathname.split('/')[2]!;
      await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
      const number = page.getByText(/^CH-\d{4}-\d{6}$/);
      const receiptNumber = (await number.innerText()).trim();
      // A guest holds the tracking number, as on the tracking page: a first name and the city only.
      await page.getByText('Adaeze', { exact: true }).waitFor();
      await page.getByText('Ikeja, Lagos', { exact: true }).waitFor();
      expect(await page.getByText('14 Allen Avenue').count()).toBe(0);
      await page.getByText(trackingNumber, { exact: true }).waitFor();
      await page.getByText(product.name).first().waitFor();
      await page.getByRole('heading', { name: 'Payments' }).waitFor();
      await page.getByText('No refunds.').waitFor();
      expect((await page.locator('dd', { hasText: naira(variant.priceKobo) }).count()) > 0).toBe(true);
      await expectNoSeriousViolations(page, `the receipt at ${width} px`);
      // Readable on a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/receipt-${width}.png`, fullPage: true });

      // The PDF, as a download named for the receipt.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);

      // On paper: the receipt alone.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('body > header').first().isVisible()).toBe(false);
      expect(await page.locator('body > footer').first().isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false);
      expect(await number.isVisible()).toBe(true);
      if (SCREENSHOTS) {
        await page.screenshot({ path: `${SCREENSHOTS}/receipt-${width}-print.png`, fullPage: true });
        if (width > 500) await page.pdf({ path: `${SCREENSHOTS}/receipt-print.pdf`, format: 'A4' });
      }
    });
  });
}
