// Verified reviews end to end, in a real Chromium at a laptop's and a phone's width (issue 14): a
// shopper orders, the owner moves the order on to delivered, the shopper reviews it with a photo
// from the order line's Leave Review, staff approve it at /admin/reviews, and it shows on the
// product page (photo included) with the new average and in the page's JSON-LD.

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newShopper, signUpAndConfirm } from './accounts-helpers.ts';
import { expectMessage, expectNoSidewaysScroll, SLOW, setupAdmin, WIDTHS } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import {
  type ApiProduct,
  addToCart,
  checkoutForm,
  definition,
  fillCheckout,
  lagosDelivery,
  orderRows,
  PAYMENT,
  pickProduct,
  productUrl,
  waitForPath,
} from './shop-helpers.ts';

const t = setupAdmin('Ifeoma Okeke');

/** The product page's link to write or edit a review, whichever it says. */
const reviewButton = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('link', { name: /^(Leave Review|Edit your review|Bought this\? Write a review)$/ });

/** The product page's star distribution: how many approved reviews and their star total. */
async function approvedFigures(page: Page): Promise<{ count: number; total: number }> {
  const table = page.getByRole('table', { name: 'How many reviews gave each number of stars' });
  if ((await table.count()) === 0) return { count: 0, total: 0 };
  const rows = await table.locator('tr').allInnerTexts();
  let count = 0;
  let total = 0;
  for (const row of rows) {
    const [stars, n] = [/^(\d)/.exec(row.trim())?.[1], /(\d+)\s*$/.exec(row.trim())?.[1]].map(Number);
    count += n!;
    total += stars! * n!;
  }
  return { count, total };
}

/** The page's schema.org Product. */
async function productJsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  const docs = JSON.parse(text ?? '[]') as Array<Record<string, unknown>>;
  return docs.find((d) => d['@type'] === 'Product')!;
}

/** The owner moves the order along the spec's steps until it is delivered. */
async function deliver(page: Page, trackingNumber: string) {
  await openPage(page, `/admin/orders/${trackingNumber}`);
  await page.getByRole('heading', { name: `Order ${trackingNumber}`, level: 1 }).waitFor(SLOW);
  for (const next of ['Confirmed', 'Packaged', 'Shipped', 'Delivered']) {
    const actions = page.getByRole('region', { name: 'Actions', exact: true });
    const moveTo = actions.getByLabel('Move to', { exact: true });
    await expect.poll(() => moveTo.locator('option').allInnerTexts(), SLOW).toContain(next);
    await moveTo.selectOption({ label: next });
    await actions.getByRole('button', { name: 'Update status' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Status history' }).innerText(), SLOW)
      .toContain(next);
  }
}

async function placeSignedInOrder(page: Page, product: ApiProduct, email: string, name: string) {
  const { inStock } = { inStock: product.variants.filter((v) => v.stock >= 3) };
  await addToCart(page, product, inStock[0]!, 1, 1);
  await openPage(page, '/checkout');
  await fillCheckout(page, lagosDelivery(email, name), ['email', 'name']);
  const form = checkoutForm(page);
  await form.getByRole('radio', { name: PAYMENT.payOnDelivery }).check();
  await form.locator('button[type="submit"]').click();
  await waitForPath(page, '/payment-success');
  return (await definition(page, 'Order ID').innerText()).trim();
}

for (const width of WIDTHS) {
  describe(`a verified review at ${width.viewport.width} px (${width.name})`, () => {
    it('a delivered order is reviewed with a photo, approved by staff, and shows with the new average and in JSON-LD', async () => {
      const shopper = newShopper(`review-${width.name}`, 'Zainab Musa');
      const page = await t.open(width, { signedIn: false });
      await signUpAndConfirm(page, t.mailbox, shopper);
      const { product } = await pickProduct({ variants: 1, minStock: 3 });
      const trackingNumber = await placeSignedInOrder(page, product, shopper.email, shopper.name);

      // Before delivery the order line offers no review.
      await openPage(page, '/dashboard?tab=orders');
      const row = orderRows(page).filter({ hasText: trackingNumber });
      await row.waitFor(SLOW);
      expect(await row.getByRole('link', { name: /Leave Review/ }).count()).toBe(0);

      const owner = await t.open(width);
      await deliver(owner, trackingNumber);

      // The product page as it stands (sample reviews may be there already).
      await openPage(page, productUrl(product));
      const before = await approvedFigures(page);
      // A signed-in buyer who received it is offered Leave Review on the product page too.
      expect(await reviewButton(page).innerText()).toBe('Leave Review');

      // The order line's Leave Review leads to the form for that product.
      await openPage(page, '/dashboard?tab=orders');
      await row.getByText('Delivered', { exact: true }).waitFor(SLOW);
      const line = row
        .getByRole('list', { name: 'Products in this order' })
        .getByRole('listitem')
        .filter({ hasText: product.name });
      await line.getByRole('link', { name: /Leave Review/ }).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get('tab') === 'reviews' && url.searchParams.get('product') === String(product.id),
        SLOW,
      );
      const form = page.getByRole('form', { name: `Review of product ${product.id}` });
      await form.waitFor(SLOW);
      const comment = `Soft, full and no shedding after two washes (${width.name}). Delivered quickly to Ikeja.`;
      await form.getByText('5 stars', { exact: true }).click();
      await form.getByLabel('Your review', { exact: true }).fill(comment);
      const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#6b2d4f' } })
        .jpeg()
        .toBuffer();
      await form
        .getByLabel(/Add photos/)
        .setInputFiles({ name: 'my-wig.jpg', mimeType: 'image/jpeg', buffer: photo });
      // With JavaScript the chosen photo is previewed before sending.
      await form.getByRole('list', { name: 'Photos chosen' }).getByText('my-wig.jpg').waitFor(SLOW);
      await form.getByRole('button', { name: 'Submit review' }).click();
      await page
        .getByText('Thank you! Your review will show on the product page once we have checked it.')
        .waitFor(SLOW);
      const mine = page.locator(`li#review-product-${product.id}`).filter({ hasText: product.name });
      expect(await mine.getByText(/^(Published|Awaiting approval)$/).innerText()).toMatch(
        /Awaiting approval/i,
      );
      await mine
        .getByRole('list', { name: /^Photos from / })
        .locator('img')
        .first()
        .waitFor(SLOW);
      await expectNoSidewaysScroll(page, 'the dashboard reviews tab');
      await expectNoSeriousViolations(page, 'the dashboard reviews tab with a review and its photo');

      // Staff approve it from the pending queue.
      await openPage(owner, `/admin/reviews?status=pending&q=${encodeURIComponent(shopper.email)}`);
      const pending = owner
        .getByRole('list', { name: 'Reviews', exact: true })
        .locator(':scope > li')
        .filter({ hasText: comment });
      await pending.waitFor(SLOW);
      await pending
        .getByRole('list', { name: /^Photos from / })
        .locator('img')
        .first()
        .waitFor(SLOW);
      await pending.getByRole('button', { name: 'Approve', exact: true }).click();
      await expectMessage(owner, /approved/i);
      await expectNoSidewaysScroll(owner, '/admin/reviews');

      // On the product page: the review with its photo, the new average, and the JSON-LD.
      const visitor = await t.open(width, { signedIn: false });
      await openPage(visitor, productUrl(product));
      const shown = visitor
        .getByRole('region', { name: 'Customer reviews' })
        .getByRole('listitem')
        .filter({ hasText: comment });
      await shown.waitFor(SLOW);
      expect(await shown.innerText()).toContain('Zainab M.');
      expect(await shown.innerText()).toContain('Verified purchase');
      const thumb = shown
        .getByRole('list', { name: /^Photos from / })
        .locator('img')
        .first();
      expect(await thumb.getAttribute('loading')).toBe('lazy');
      await thumb.scrollIntoViewIfNeeded();
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW)
        .toBeGreaterThan(0);
      const larger = await shown
        .getByRole('list', { name: /^Photos from / })
        .locator('a')
        .first()
        .getAttribute('href');
      expect(larger).toMatch(/^\/media\/[a-f0-9]{24}\/\d+\.jpg$/);
      const full = await visitor.request.get(larger!);
      expect(full.status()).toBe(200);

      const after = await approvedFigures(visitor);
      expect(after).toEqual({ count: before.count + 1, total: before.total + 5 });
      const average = Math.round((after.total / after.count) * 10) / 10;
      expect(await visitor.getByRole('link', { name: /^Rated [\d.]+ out of 5/ }).innerText()).toContain(
        average.toFixed(1),
      );
      const ld = await productJsonLd(visitor);
      expect(ld.aggregateRating).toMatchObject({ ratingValue: average, reviewCount: after.count });
      expect(ld.review).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            reviewBody: comment,
            author: { '@type': 'Person', name: 'Zainab M.' },
            reviewRating: expect.objectContaining({ ratingValue: 5 }),
          }),
        ]),
      );
      await expectNoSidewaysScroll(visitor, 'the product page');
      await expectNoSeriousViolations(visitor, 'the product page with reviews and photos');

      // The author is now offered to edit it, from the product page and the order line.
      await openPage(page, productUrl(product));
      expect(await reviewButton(page).innerText()).toBe('Edit your review');
      await openPage(page, '/dashboard?tab=orders');
      await row
        .getByRole('list', { name: 'Products in this order' })
        .getByRole('listitem')
        .filter({ hasText: product.name })
        .getByRole('link', { name: /Edit your review/ })
        .waitFor(SLOW);
    }, 240_000);
  });
}
