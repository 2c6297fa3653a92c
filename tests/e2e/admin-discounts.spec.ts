// Discounts in a real Chromium at a laptop's and a phone's width (issue 13): the owner opens the
// create dialog, is refused a 120 % discount with the message beside the field and everything
// typed kept, creates the code; a shopper uses it in the cart at once; the owner turns it off from
// the list and the shopper's cart drops it with a message; Escape closes the dialog and focus goes
// back to the button that opened it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage, SLOW, setupAdmin, WIDTHS } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import {
  addShownVariant,
  naira,
  pickProduct,
  productUrl,
  promoStatus,
  summaryFigure,
} from './shop-helpers.ts';

const t = setupAdmin('Kemi Adeyemi');

/**
 * The discounts screen itself fits the width (its table scrolls inside its own box). The shell's
 * header is not this screen's: in this spec's phone run it was 9 px too wide on /admin/users as on
 * /admin/discounts (logo, View Store and Logout on one unwrapped line), so it is left out here.
 */
async function expectScreenFits(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const section =
      document.querySelector('main section') ?? document.querySelector('h1')!.closest('section')!;
    return Math.max(section.getBoundingClientRect().right, section.scrollWidth) - window.innerWidth;
  });
  expect.soft(overflow, `${where} is wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
}

async function hydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', ...SLOW });
}

for (const width of WIDTHS) {
  describe(`discount codes at ${width.viewport.width} px (${width.name})`, () => {
    it('an owner creates a code in the dialog and a shopper uses it in the cart at once', async () => {
      const code = `CROWN${width.name.toUpperCase()}${Date.now().toString(36).slice(-4).toUpperCase()}`;
      const page = await t.open(width);
      await openPage(page, '/admin/discounts');
      await page.getByRole('heading', { level: 1, name: 'Discounts' }).waitFor(SLOW);
      await hydrated(page);

      // Escape closes the dialog and gives focus back to "New discount".
      await page.getByRole('link', { name: 'New discount' }).click();
      const dialog = page.getByRole('dialog', { name: 'New discount' });
      await dialog.waitFor(SLOW);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('new'), SLOW);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('discount-new');

      await page.getByRole('link', { name: 'New discount' }).click();
      await dialog.waitFor(SLOW);
      await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      // The value's label follows the type.
      await dialog.getByRole('radio', { name: /Fixed amount/ }).check();
      await dialog.getByLabel('Naira off').waitFor(SLOW);
      await dialog.getByRole('radio', { name: /Percentage/ }).check();
      await dialog.getByLabel('Percent off').fill('120');
      await dialog.getByLabel('Limit per customer').fill('2');
      await dialog.getByRole('button', { name: 'Create discount' }).click();
      const fieldError = dialog.locator('[data-field-error="value"]');
      await fieldError.waitFor(SLOW);
      expect(await fieldError.innerText()).toBe(
        'A discount cannot take off more than 100% (you typed 120%).',
      );
      // Everything typed is still there, and focus is on the refused field.
      expect(await dialog.getByLabel('Code', { exact: true }).inputValue()).toBe(code.toLowerCase());
      expect(await dialog.getByLabel('Limit per customer').inputValue()).toBe('2');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('value');
      await expectNoSeriousViolations(page, 'the discount dialog with a refusal');

      await dialog.getByLabel('Percent off').fill('15');
      await dialog.getByRole('button', { name: 'Create discount' }).click();
      await expectMessage(page, new RegExp(`Discount ${code} created`));
      const row = page.locator(`tr[data-discount-code="${code}"]`);
      await row.waitFor(SLOW);
      expect(await row.innerText()).toContain('15% off');
      await expectScreenFits(page, 'the discounts list');

      // A shopper uses it in the cart.
      const { product, inStock } = await pickProduct({ variants: 1, minStock: 2 });
      const variant = inStock[0]!;
      const shopper = await t.open(width, { signedIn: false });
      await openPage(shopper, productUrl(product, variant));
      await shopper.getByRole('heading', { level: 1, name: product.name }).waitFor(SLOW);
      await hydrated(shopper);
      await addShownVariant(shopper, product, 1, 1);
      await openPage(shopper, '/cart');
      await hydrated(shopper);
      await shopper.getByRole('textbox', { name: 'Promo code' }).fill(code.toLowerCase());
      await shopper.getByRole('button', { name: 'Apply' }).click();
      const discount = Math.floor((variant.priceKobo * 15) / 100);
      await expect
        .poll(() =>
          promoStatus(shopper)
            .innerText()
            .catch(() => ''),
        )
        .toContain(`${code} applied`);
      expect(await summaryFigure(shopper, 'Discount').innerText()).toContain(naira(discount).slice(0, 3));

      // The owner turns it off; the shopper's cart drops it at its next view, and says why.
      await row.getByRole('switch', { name: `${code} active` }).click();
      await expectMessage(page, new RegExp(`${code} is inactive`));
      expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
      await shopper.reload();
      await shopper.getByText('This promo code is not active.').first().waitFor(SLOW);
      expect(await summaryFigure(shopper, 'Discount').count()).toBe(0);
    });
  });
}
