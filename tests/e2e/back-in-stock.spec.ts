// "Email me when it's back" in a real Chromium at a laptop's and a phone's width (issue 14,
// ADR 037): the owner adds a wig that is sold out, a shopper leaves their email on its page (the
// form stands where Add to Cart was), the owner raises the stock in /admin/products/:id, and the
// shopper's email arrives — once, even after the owner saves again — with a link that opens the
// product, now on sale.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backInStockSubject } from '#server/modules/mail/notification-templates.tsx';
import { mailboxMessages, mailText, mailTo, uniqueEmail } from './accounts-helpers.ts';
import {
  expectMessage,
  expectNoSidewaysScroll,
  goToSection,
  SLOW,
  setupAdmin,
  WIDTHS,
} from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import { addToCartButton } from './shop-helpers.ts';

const t = setupAdmin('Bisi Restock');

/** The mailbox's emails to `to` with `subject` (the owner reads the local mailbox). */
async function mailCount(page: Page, to: string, subject: string): Promise<number> {
  await openPage(page, `/admin/mailbox?to=${encodeURIComponent(to)}`);
  return mailboxMessages(page).filter({ hasText: subject }).count();
}

for (const width of WIDTHS) {
  describe(`back in stock at ${width.viewport.width} px (${width.name})`, () => {
    it('a shopper asks on a sold-out wig, the owner restocks it, and one email arrives', async () => {
      const name = `Test Restock Wig ${width.name} ${Date.now()}`;
      const email = uniqueEmail(`restock-${width.name}`);
      const page = await t.open(width);

      // The owner adds a wig whose one length is sold out.
      await openPage(page, '/admin/dashboard');
      await goToSection(page, 'Products');
      await page.getByRole('link', { name: 'Add Product' }).click();
      await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor(SLOW);
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Description', { exact: true }).fill('Kinky straight, 100% human hair.');
      await page.getByRole('radio', { name: /Active/ }).check();
      await page.getByLabel('Length', { exact: true }).fill('18"');
      await page.getByRole('button', { name: 'Build rows' }).click();
      await page.getByLabel('Price of 18" (₦)', { exact: true }).fill('48,000');
      await page.getByLabel('Stock of 18"', { exact: true }).fill('0');
      await page.getByRole('button', { name: 'Add product' }).click();
      await page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname), SLOW);
      await expectMessage(page, /Product added/);
      const productAdmin = new URL(page.url()).pathname;
      const shopLink = await page.getByRole('link', { name: 'See it on the shop' }).getAttribute('href');

      // A guest on its page: no Add to Cart, the form instead.
      const shopper = await t.open(width, { signedIn: false });
      await openPage(shopper, shopLink!);
      await shopper.getByRole('heading', { name, level: 1 }).waitFor(SLOW);
      expect(await addToCartButton(shopper).count()).toBe(0);
      const form = shopper.getByRole('region', { name: 'Sold out for now' });
      await form.getByRole('heading', { name: 'Sold out for now' }).waitFor(SLOW);
      // A bad address is refused in place.
      await form.getByLabel(/Leave your email/).fill('not-an-email');
      await form.getByRole('button', { name: "Email me when it's back" }).click();
      await form.getByText('Please enter a valid email address.').waitFor(SLOW);
      await form.getByLabel(/Leave your email/).fill(email);
      await form.getByRole('button', { name: "Email me when it's back" }).click();
      await shopper
        .getByRole('region', { name: 'Sold out for now' })
        .getByRole('status')
        .getByText(`we'll email ${email} once`)
        .waitFor(SLOW);
      await expectNoSeriousViolations(shopper, 'the sold-out product page with the back-in-stock form');
      await expectNoSidewaysScroll(shopper, 'the sold-out product page');

      // Nothing is sent while it is sold out.
      const subject = backInStockSubject(name);
      expect(await mailCount(page, email, subject)).toBe(0);

      // The owner raises the stock.
      await openPage(page, productAdmin);
      await page.getByLabel('Stock of 18"', { exact: true }).fill('4');
      await page.getByRole('button', { name: 'Save product' }).click();
      await expectMessage(page, /Product saved/);
      await expect
        .poll(() => mailCount(page, email, subject), {
          timeout: 45_000,
          interval: 1000,
          message: 'the email',
        })
        .toBe(1);

      // Saving again (more stock) sends nothing more.
      await openPage(page, productAdmin);
      await page.getByLabel('Stock of 18"', { exact: true }).fill('6');
      await page.getByRole('button', { name: 'Save product' }).click();
      await expectMessage(page, /Product saved/);
      await page.waitForTimeout(3000); // the outbox worker delivers every 2 s
      expect(await mailCount(page, email, subject)).toBe(1);

      // The email's link opens the product, on sale again.
      await mailboxMessages(page).filter({ hasText: subject }).first().click();
      await mailText(page).waitFor(SLOW);
      expect(await mailTo(page).innerText()).toBe(email);
      const links = await mailText(page)
        .locator('a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      const productLink = links.find((l) => new URL(l).pathname === new URL(shopLink!, 'http://x').pathname);
      expect(productLink, links.join(', ')).toBeDefined();
      const url = new URL(productLink!);
      await openPage(shopper, `${url.pathname}${url.search}`);
      await addToCartButton(shopper).waitFor(SLOW);
      expect(await shopper.getByRole('region', { name: 'Sold out for now' }).count()).toBe(0);
    }, 240_000);
  });
}
