// Changing a display currency's rate in a real Chromium at a laptop's and a phone's width (issue
// 13): the owner sets how many naira make one US dollar on /admin/settings, and a shopper browsing
// in dollars sees the product's price follow at their next page; a rate that is not an amount is
// refused next to its field, keeping what was typed. The rate is put back afterwards (the server is
// shared by the whole run).
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
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
import { pickProduct, productUrl, variantPrice } from './shop-helpers.ts';

const t = setupAdmin('Funke Adeyemi');
let original: string | null = null;

async function setUsd(page: Page, value: string) {
  await openPage(page, '/admin/settings');
  const field = page.getByLabel('₦ per 1 USD');
  original ??= await field.inputValue();
  await field.fill(value);
  await page.getByRole('button', { name: 'Save currencies' }).click();
}

afterAll(async () => {
  if (original === null) return;
  const page = await t.open(WIDTHS[0]);
  await setUsd(page, original);
  await page
    .getByText(/Currency rates saved|Nothing changed/)
    .first()
    .waitFor(SLOW);
});

for (const width of WIDTHS) {
  describe(`currency rates at ${width.viewport.width} px (${width.name})`, () => {
    it('the storefront’s dollar prices follow the rate the owner sets', async () => {
      const { product, inStock } = await pickProduct({ variants: 1, minStock: 0 });
      const variant = inStock[0]!;
      const shopper = await t.open(width, { signedIn: false });
      await openPage(shopper, productUrl(product, variant));
      await shopper.locator('#currency-top').selectOption('USD');
      await expect.poll(() => variantPrice(shopper).innerText(), SLOW).toMatch(/\$/);

      const owner = await t.open(width);
      await openPage(owner, '/admin/dashboard');
      await goToSection(owner, 'Settings');
      await owner.getByRole('heading', { name: 'Settings', level: 1 }).waitFor(SLOW);

      // Refused: the message is next to the field and what was typed stays.
      await setUsd(owner, 'about 1500');
      const fieldError = owner.locator('[data-field-error="USD"]');
      await fieldError.waitFor(SLOW);
      expect(await fieldError.innerText()).toContain('Enter how many naira make 1 USD in naira');
      expect(await owner.getByLabel('₦ per 1 USD').inputValue()).toBe('about 1500');
      await expectNoSidewaysScroll(owner, 'the settings page');
      await expectNoSeriousViolations(owner, 'the settings page with a refused rate');

      const nairaPerDollar = width.name === 'laptop' ? 1_000 : 1_250;
      await setUsd(owner, nairaPerDollar.toLocaleString('en-NG'));
      await expectMessage(owner, /Currency rates saved/);

      const expected = formatPrice(variant.priceKobo, { code: 'USD', symbol: '$', rate: 1 / nairaPerDollar });
      await openPage(shopper, productUrl(product, variant));
      expect(await variantPrice(shopper).innerText()).toContain(expected);
      await expectNoSidewaysScroll(shopper, 'the product page in dollars');
    });
  });
}
