// The storefront popup in a real Chromium at a laptop's and a phone's width (issue 13): the owner
// adds a popup with a photo on /admin/banners; a shopper sees it once per session as a dialog
// (focus inside, Escape closes it), never on the checkout; the owner deletes it again.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  expectMessage,
  expectNoSidewaysScroll,
  SLOW,
  setupAdmin,
  WIDTHS,
  type Width,
} from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import { pickProduct } from './shop-helpers.ts';

const t = setupAdmin('Amaka Obi');

/** A shopper's ordinary Chrome (the headless one names itself, and crawlers get no popup). */
const SHOPPER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function shopperPage(width: Width) {
  const context = await t.browser.newContext({
    baseURL: t.baseUrl,
    viewport: width.viewport,
    userAgent: SHOPPER_UA,
  });
  t.contexts.push(context);
  return context.newPage();
}

/** Long enough for the popup's idle-time load to have happened if it were going to. */
const QUIET_MS = 6000;

for (const width of WIDTHS) {
  describe(`the storefront popup at ${width.viewport.width} px (${width.name})`, () => {
    it('is added with a photo, shown once per session as an accessible dialog, never on checkout', {
      timeout: 240_000,
    }, async () => {
      const title = `Weekend sale (${width.name})`;
      const admin = await t.open(width);
      await openPage(admin, '/admin/banners?tab=popup');
      await admin.getByRole('link', { name: 'Add popup' }).click();
      await admin.getByRole('heading', { name: 'Add a popup banner' }).waitFor(SLOW);
      await admin.getByLabel('Title', { exact: true }).fill(title);
      await admin.getByLabel('Message').fill('Every wig 20% off until Sunday.');
      await admin.getByLabel('Link (optional)').fill('/collections');
      await admin.getByLabel('Button text').fill('Shop the sale');
      const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c79a45' } })
        .jpeg()
        .toBuffer();
      await admin
        .getByLabel('Popup photo (optional)')
        .setInputFiles({ name: 'sale.jpg', mimeType: 'image/jpeg', buffer: photo });
      await admin
        .getByRole('list', { name: 'Popup photo (optional) in display order' })
        .getByRole('listitem')
        .waitFor(SLOW);
      await admin.getByLabel('Alt text (what the photo shows)').fill('Gold sale banner');
      await expectNoSidewaysScroll(admin, 'the popup form');
      await expectNoSeriousViolations(admin, 'the popup form with a photo');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expectMessage(admin, /Popup saved/);
      await admin.getByRole('heading', { name: title }).waitFor(SLOW);

      // A shopper: the popup opens after the page, focus moves into it, Escape closes it.
      const shopper = await shopperPage(width);
      await openPage(shopper, '/');
      const dialog = shopper.getByRole('dialog', { name: title });
      await dialog.waitFor(SLOW);
      await expect.poll(() => shopper.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
      await expect.poll(() => dialog.getByRole('img', { name: 'Gold sale banner' }).count()).toBe(1);
      await expectNoSeriousViolations(shopper, 'the storefront with its popup');
      await shopper.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', ...SLOW });

      // Once per session: not again on the next page of this visit.
      await openPage(shopper, '/collections');
      await shopper.waitForTimeout(QUIET_MS);
      expect(await shopper.getByRole('dialog', { name: title, includeHidden: true }).count()).toBe(0);

      // Never on the checkout, even in a fresh session.
      // (With something in the cart, so /checkout is the checkout and not a redirect to the cart.)
      const buyer = await shopperPage(width);
      const { inStock } = await pickProduct({ variants: 1, minStock: 3 });
      const added = await buyer.request.post('/cart', {
        form: { intent: 'add', variantId: String(inStock[0]!.id), quantity: '1' },
        maxRedirects: 0,
      });
      expect(added.status()).toBe(302);
      await openPage(buyer, '/checkout');
      expect(new URL(buyer.url()).pathname).toBe('/checkout');
      await buyer.waitForTimeout(QUIET_MS);
      expect(await buyer.getByRole('dialog', { name: title, includeHidden: true }).count()).toBe(0);
      // … and the same fresh session sees it on the home page, closed by its button.
      await openPage(buyer, '/');
      await buyer.getByRole('dialog', { name: title }).waitFor(SLOW);
      await buyer.getByRole('button', { name: 'Close' }).click();
      await buyer.getByRole('dialog', { name: title }).waitFor({ state: 'hidden', ...SLOW });

      // The owner deletes it after the spec's question; the storefront has no popup again.
      await openPage(admin, '/admin/banners?tab=popup');
      const row = admin
        .getByRole('listitem')
        .filter({ has: admin.getByRole('heading', { name: title, level: 2, exact: true }) });
      await row.locator('summary', { hasText: 'Delete' }).click();
      await expect
        .poll(() => row.getByText('Are you sure you want to delete this popup?').isVisible())
        .toBe(true);
      await row.getByRole('button', { name: 'Yes, delete this popup' }).click();
      await expectMessage(admin, /Popup deleted/);
      const res = await admin.request.get('/api/v1/popup');
      expect((await res.json()).popup).toBeNull();
    });
  });
}
