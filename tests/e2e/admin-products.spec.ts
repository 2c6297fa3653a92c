// Running the shelves in a real Chromium at a laptop's and a phone's width (issue 13): the owner
// adds a wig with three lengths through the variant builder, sees it on the storefront, a shopper
// buys one (the owner's form shows the stock one lower), edits its price and sees the new one, then
// deletes (archives) it and its page answers 410. axe checks the form on the way. Two photos go up
// with the form's photo manager (progress, alt text, main photo).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '#core/money.ts';
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
import {
  addToCartButton,
  cartBadge,
  checkoutForm,
  fillCheckout,
  lagosDelivery,
  PAYMENT,
  waitForPath,
} from './shop-helpers.ts';

const t = setupAdmin('Funke Adeyemi');

for (const width of WIDTHS) {
  describe(`products at ${width.viewport.width} px (${width.name})`, () => {
    it('adds a wig with two photos and three lengths, sees it on the shop, a shopper buys one, edits its price, archives it', async () => {
      const name = `Test Bone Straight Wig ${width.name} ${Date.now()}`;
      const page = await t.open(width);
      await openPage(page, '/admin/dashboard');
      await goToSection(page, 'Products');
      await page.getByRole('link', { name: 'Add Product' }).click();
      await page.getByRole('heading', { name: 'Add product', level: 1 }).waitFor(SLOW);

      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Description', { exact: true }).fill('Bone straight, 100% human hair.');
      await page.getByRole('radio', { name: /Active/ }).check();
      await page.getByLabel('Length', { exact: true }).fill('12", 14", 16"');
      await page.getByRole('button', { name: 'Build rows' }).click();
      const rows = page.getByRole('table', { name: 'Variants: one row per combination' }).locator('tbody tr');
      await expect.poll(() => rows.count(), SLOW).toBe(3);
      // What was typed stays after building.
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);

      const bulk = page.getByRole('group', {
        name: 'Set for all selected rows (all rows if none is ticked)',
      });
      await bulk.getByLabel('Price (₦)', { exact: true }).fill('45,000');
      await bulk.getByLabel('Stock', { exact: true }).fill('6');
      await page.getByRole('button', { name: 'Set for selected' }).click();
      await expect.poll(() => page.getByLabel('Stock of 16"', { exact: true }).inputValue(), SLOW).toBe('6');
      await page.getByLabel('Price of 16" (₦)', { exact: true }).fill('52,000');

      // Two photos at once; the first is the main one.
      const photo = (background: string) =>
        sharp({ create: { width: 800, height: 1000, channels: 3, background } })
          .jpeg()
          .toBuffer();
      await page.getByLabel('Add photos', { exact: true }).setInputFiles([
        { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#3d162c') },
        { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('#c79a45') },
      ]);
      await expect
        .poll(
          () => page.getByRole('list', { name: 'Add photos in display order' }).getByRole('listitem').count(),
          SLOW,
        )
        .toBe(2);
      const alts = page.getByLabel('Alt text (what the photo shows)');
      await alts.nth(0).fill('The wig from the front');
      await alts.nth(1).fill('The wig from the side');
      await expectNoSeriousViolations(page, 'the product form with its variant rows');
      await expectNoSidewaysScroll(page, 'the product form');

      await page.getByRole('button', { name: 'Add product' }).click();
      await page.waitForURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname), SLOW);
      await expectMessage(page, /Product added/);
      await expectNoSeriousViolations(page, 'the product page after saving');
      await expectNoSidewaysScroll(page, 'the product page');

      // On the storefront at once.
      const shopLink = await page.getByRole('link', { name: 'See it on the shop' }).getAttribute('href');
      const shopper = await t.open(width, { signedIn: false });
      await openPage(shopper, shopLink!);
      await shopper.getByRole('heading', { name, level: 1 }).waitFor(SLOW);
      await expect.poll(() => shopper.locator('main').innerText(), SLOW).toContain(formatPrice(4_500_000));
      await shopper.getByAltText('The wig from the front').first().waitFor(SLOW);
      await shopper.getByRole('button', { name: 'Show picture 2 of 2' }).click();
      await shopper.getByAltText('The wig from the side').first().waitFor(SLOW);

      // A shopper buys one (the first length, paying on delivery in Lagos).
      await addToCartButton(shopper).click();
      await expect.poll(() => cartBadge(shopper), SLOW).toBe(1);
      await openPage(shopper, '/checkout');
      await fillCheckout(shopper, lagosDelivery(`wig-buyer-${width.name}-${Date.now()}@example.com`));
      const checkout = checkoutForm(shopper);
      await checkout.getByRole('radio', { name: PAYMENT.payOnDelivery }).check();
      await checkout.locator('button[type="submit"]').click();
      await waitForPath(shopper, '/payment-success');
      await shopper.getByRole('heading', { name: 'Order placed!' }).waitFor(SLOW);
      // The owner's form shows the sale: one fewer of that length.
      await page.reload();
      await expect.poll(() => page.getByLabel('Stock of 12"', { exact: true }).inputValue(), SLOW).toBe('5');

      // A new price shows at once.
      await page.getByLabel('Price of 12" (₦)', { exact: true }).fill('39,500');
      await page.getByRole('button', { name: 'Save product' }).click();
      await expectMessage(page, /Product saved/);
      await openPage(shopper, shopLink!);
      await expect.poll(() => shopper.locator('main').innerText(), SLOW).toContain(formatPrice(3_950_000));

      // Delete asks the question, then archives: the page is gone (410).
      await page.getByText('Delete product', { exact: true }).click();
      await page.getByText('Are you sure you want to delete this product?').waitFor(SLOW);
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await expectMessage(page, /Product deleted/);
      const gone = await openPage(shopper, shopLink!);
      expect(gone?.status()).toBe(410);

      // It is listed under Archived for an admin to restore.
      await openPage(page, `/admin/products?status=archived&q=${encodeURIComponent(name)}`);
      await page.getByRole('heading', { name, level: 2 }).waitFor(SLOW);
      await expectNoSeriousViolations(page, 'the archived products list');
      await expectNoSidewaysScroll(page, 'the products list');
    }, 240_000);
  });
}
