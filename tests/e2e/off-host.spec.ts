// Issue 29, defect 1 (ADR 061): a fresh `npm start` opened at http://127.0.0.1:<port> (or the
// machine's LAN address on a phone) while PUBLIC_URL says http://localhost:<port>. The whole guest
// purchase by card (the sandbox) and a sign-up with its confirmation email work, in a real
// Chromium with the shop's real CSP; and when a form the page's script sends goes nowhere, the
// shopper reads why and keeps what they typed. This file starts a shop of its own (the suite's
// shop has PUBLIC_URL = the address the browser uses).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, type ShopProcess, startShopProcess } from '#tests/helpers/shop-process.ts';
import { fillSignUp, Mailbox, newShopper, SUBJECTS, uniqueEmail } from './accounts-helpers.ts';
import { openPage } from './browser.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import {
  type ApiProduct,
  addToCartButton,
  addToCartStatus,
  checkoutForm,
  fillCheckout,
  lagosDelivery,
  PAYMENT,
  waitForPath,
} from './shop-helpers.ts';

let shop: ShopProcess;
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Where the shopper opened the shop, and what PUBLIC_URL says. */
let openedAt = '';
let publicUrl = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-off-host-'));
  const port = await freePort();
  openedAt = `http://127.0.0.1:${port}`;
  publicUrl = `http://localhost:${port}`;
  shop = await startShopProcess({
    name: 'off-host shop',
    port,
    timeoutMs: 110_000,
    env: { DATA_DIR: dataDir, PUBLIC_URL: publicUrl, MAIL_POLL_MS: '500' },
  });
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: openedAt, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/** A product of this shop with a variant that has stock (each test takes its own). */
const taken = new Set<number>();
async function productWithStock(): Promise<{ product: ApiProduct; variantId: number }> {
  const res = await fetch(`${openedAt}/api/v1/products?pageSize=60`);
  const { items } = (await res.json()) as { items: ApiProduct[] };
  for (const product of items) {
    const variant = product.variants.find((v) => v.stock >= 3);
    if (variant && !taken.has(product.id)) {
      taken.add(product.id);
      return { product, variantId: variant.id };
    }
  }
  throw new Error('no product with stock');
}

/** Adds one of a variant from its product page (JavaScript on). */
async function addOne(product: ApiProduct, variantId: number) {
  await openPage(page, `/collections/${product.slug}-${product.id}?variant=${variantId}`);
  await addToCartButton(page).click();
  await expect.poll(() => addToCartStatus(page).innerText()).toBe(`${product.name} added. View cart`);
}

/** The host the page is on now. */
const hostNow = () => new URL(page.url()).host;

describe('a shop opened at 127.0.0.1 while PUBLIC_URL says localhost', () => {
  it('a guest buys by card: checkout → sandbox payment page → Pay → success, all on 127.0.0.1', async () => {
    const { product, variantId } = await productWithStock();
    await addOne(product, variantId);
    await openPage(page, '/checkout');
    await fillCheckout(page, lagosDelivery(uniqueEmail('offhost')));
    const form = checkoutForm(page);
    await form.getByRole('radio', { name: PAYMENT.online }).check();
    await form.locator('button[type="submit"]').click();

    // Today's fault: the sandbox's address came back on localhost, the CSP refused to follow the
    // form's redirect there, and the page stayed on /checkout without a word.
    const payPage = await waitForPath(page, /^\/pay\/sandbox\/[^/]+$/);
    expect(payPage.host).toBe(new URL(openedAt).host);
    const heading = await page.getByRole('heading', { level: 1 }).innerText();
    expect(heading).toMatch(/^Pay ₦/);
    await page.getByRole('button', { name: heading }).click();

    const success = await waitForPath(page, '/payment-success');
    expect(success.host).toBe(new URL(openedAt).host);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(await page.getByRole('list', { name: 'Items in this order' }).innerText()).toContain(product.name);
  });

  it('signs up at 127.0.0.1 and confirms through the email link (which names PUBLIC_URL)', async () => {
    const mailbox = new Mailbox(
      () => browser,
      () => openedAt,
    );
    try {
      const shopper = newShopper('offhost');
      await openPage(page, '/auth?tab=signup');
      await fillSignUp(page, shopper);
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      expect(hostNow()).toBe(new URL(openedAt).host);

      // The email's link is absolute on PUBLIC_URL: an email has no "current host".
      const link = await mailbox.link(shopper.email, SUBJECTS.confirm, '/auth/verify-email', 30_000);
      expect(new URL(link).origin).toBe(publicUrl);
      await openPage(page, link);
      await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
      await page.getByLabel('Your password').fill(shopper.password);
      await page.getByRole('button', { name: 'Confirm my email' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(hostNow()).toBe(new URL(publicUrl).host);
    } finally {
      await mailbox.close();
    }
  });

  it('a checkout whose answer the browser will not follow says so and keeps what was typed', async () => {
    const { product, variantId } = await productWithStock();
    await addOne(product, variantId);
    await openPage(page, '/checkout');
    const email = uniqueEmail('offhost.stuck');
    await fillCheckout(page, lagosDelivery(email));
    // The answer sends the browser to another origin, as the sandbox's address did before the fix:
    // the page's CSP (form-action 'self') refuses to follow it.
    await page.route('**/checkout', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 302, headers: { location: 'http://other-host.invalid/pay/sandbox/X' } })
        : route.continue(),
    );
    const form = checkoutForm(page);
    await form.getByRole('radio', { name: PAYMENT.online }).check();
    await form.locator('button[type="submit"]').click();
    const failure = form.getByRole('alert').filter({ hasText: 'Your browser did not open the next page' });
    await failure.waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await form.getByLabel('Street address', { exact: true }).inputValue()).toBe('14 Allen Avenue');
    // The button works again.
    expect(await form.locator('button[type="submit"]').isEnabled()).toBe(true);
  });

  it('the cart says when it cannot reach the shop, and keeps the typed promo code', async () => {
    const { product, variantId } = await productWithStock();
    await addOne(product, variantId);
    await openPage(page, '/cart');
    await page.route('**/cart', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    const promo = page.getByRole('textbox', { name: 'Promo code' });
    await promo.fill('SAVE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'We could not reach the shop' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await promo.inputValue()).toBe('SAVE10');
    expect(await page.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
  });

  it('a sign-up whose request gets no answer says so and keeps what was typed (hydrated page)', async () => {
    await openPage(page, '/auth?tab=signup');
    await page.route('**/auth.data**', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    const shopper = newShopper('offhost.unreachable');
    await fillSignUp(page, shopper);
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('alert').filter({ hasText: 'We could not reach the shop' }).waitFor();
    expect(await form.getByLabel('Full name').inputValue()).toBe(shopper.name);
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);
    // Pressing again once the shop answers creates the account.
    await page.unroute('**/auth.data**');
    await form.getByLabel('Password', { exact: true }).fill(shopper.password);
    await form.getByLabel('Confirm password', { exact: true }).fill(shopper.password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  });
});
