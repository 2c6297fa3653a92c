// What a shopper and an owner see at a phone's width (issue 29, "At phone width"): nothing spills
// out of its box. The admin sidebar holds the Complaints figures (phone menu, tablet and laptop
// sidebar); the dashboard's chart and recent orders fit the screen rather than hide half their
// width; the cart's "Shipping" keeps apart from its value; the wishlist is reachable from the
// phone menu; and a checkout field's error goes once the field is corrected.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { shopUrl } from './browser.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { checkoutForm, fillCheckout, lagosDelivery, pickProduct } from './shop-helpers.ts';

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const SLOW = { timeout: 30_000 } as const;

let browser: Browser;
let baseUrl: string;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  baseUrl = shopUrl();
  // The demo admin, signed in once (the sample shop has complaints, orders and audit entries).
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/admin/sign-in');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/dashboard', SLOW);
  adminState = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  viewport: { width: number; height: number },
  options: { admin?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    storageState: options.admin ? adminState : undefined,
  });
  return context.newPage();
}

async function close(page: Page) {
  await page.context().close();
}

/** Visible elements inside `scope` whose box reaches past `scope`'s own box (left or right). */
async function spilling(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const found: string[] = [];
    for (const box of document.querySelectorAll<HTMLElement>(scope)) {
      if (!box.offsetParent) continue;
      const outer = box.getBoundingClientRect();
      const right = Math.min(outer.right, window.innerWidth);
      for (const el of box.querySelectorAll<Element>('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        if (el.closest('.sr-only')) continue;
        if (r.right > right + 0.5 || r.left < outer.left - 0.5) {
          const name = (el.textContent ?? '').trim().slice(0, 30) || el.tagName.toLowerCase();
          found.push(
            `${name} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(outer.left)}–${Math.round(right)})`,
          );
        }
      }
    }
    return found;
  }, scope);
}

describe('the admin sidebar', () => {
  for (const viewport of [...PHONES, { width: 768, height: 900 }, { width: 1024, height: 900 }]) {
    it(`holds the Complaints figures inside it at ${viewport.width} px`, async () => {
      const page = await open(viewport, { admin: true });
      await page.goto('/admin/dashboard');
      const menu = page.locator('summary', { hasText: /^\s*Menu$/ });
      if (await menu.isVisible()) await menu.click();
      const nav = page.locator('nav[aria-label^="Admin"]:visible');
      // The figures beside the link (their words are its description, for screen readers).
      const badge = nav
        .getByRole('link', { name: 'Complaints', exact: true })
        .locator('span[aria-hidden="true"]');
      await badge.waitFor(SLOW);
      const pills = await badge.locator('span').count();
      expect(pills, 'the sample shop has complaints to count').toBeGreaterThan(0);
      expect(await spilling(page, 'nav[aria-label^="Admin"]')).toEqual([]);
      await close(page);
    });
  }
});

describe('the admin dashboard on a phone', () => {
  for (const viewport of PHONES) {
    it(`shows the whole revenue chart and every recent order's figures at ${viewport.width} px`, async () => {
      const page = await open(viewport, { admin: true });
      await page.goto('/admin/dashboard');
      await page.getByRole('img', { name: /Revenue by/ }).waitFor(SLOW);
      await page
        .getByRole('link', { name: /^CH\d+/ })
        .first()
        .waitFor(SLOW);
      expect(await spilling(page, 'section[aria-labelledby="revenue-chart-title"]')).toEqual([]);
      expect(await spilling(page, 'section[aria-labelledby="recent-orders-title"]')).toEqual([]);
      // Each recent order says its number, customer, total and status on screen.
      const first = page.getByRole('region', { name: 'Recent orders' }).getByRole('listitem').first();
      const text = await first.innerText();
      expect(text).toMatch(/CH\d+/);
      expect(text).toMatch(/₦[\d,]+/);
      await close(page);
    });
  }
});

describe('a shopper at phone width', () => {
  for (const viewport of PHONES) {
    it(`reads the cart's Shipping apart from its value at ${viewport.width} px`, async () => {
      const page = await open(viewport);
      const { inStock } = await pickProduct({ variants: 1, minStock: 2 });
      const res = await page.request.post('/cart', {
        form: { intent: 'add', variantId: String(inStock[0]!.id), quantity: '1' },
        headers: { origin: baseUrl },
        maxRedirects: 0,
      });
      expect(res.status()).toBeLessThan(400);
      await page.goto('/cart');
      const row = page.getByRole('complementary', { name: 'Order summary' }).locator('dl > div', {
        has: page.locator('dt', { hasText: 'Shipping' }),
      });
      const label = (await row.locator('dt').boundingBox())!;
      const value = (await row.locator('dd').boundingBox())!;
      const sideBySide = value.y < label.y + label.height;
      if (sideBySide) {
        expect(
          value.x - (label.x + label.width),
          'space between "Shipping" and its value',
        ).toBeGreaterThanOrEqual(8);
      }
      expect(value.x + value.width).toBeLessThanOrEqual(viewport.width);
      await close(page);
    });
  }

  it('reaches the wishlist from the phone menu at 390 px', async () => {
    const page = await open(PHONES[1]!);
    await page.goto('/');
    await page.getByLabel('Menu', { exact: true }).click();
    const link = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Wishlist' });
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/wishlist', SLOW);
    await close(page);
  });

  it('sees a checkout field’s error go once the field is corrected', async () => {
    const page = await open(PHONES[1]!);
    const { inStock } = await pickProduct({ variants: 1, minStock: 2 });
    await page.request.post('/cart', {
      form: { intent: 'add', variantId: String(inStock[0]!.id), quantity: '1' },
      headers: { origin: baseUrl },
      maxRedirects: 0,
    });
    await page.goto('/checkout');
    const delivery = lagosDelivery('phone-width@example.com');
    await fillCheckout(page, { ...delivery, phone: '12345' });
    await checkoutForm(page).locator('button[type="submit"]').click();
    const phone = checkoutForm(page).getByLabel('Phone', { exact: true });
    const error = page.locator('[data-field-error="phone"]');
    await error.waitFor(SLOW);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.inputValue()).toBe('12345'); // what was typed is kept

    await phone.fill(delivery.phone);
    await expect.poll(() => error.isVisible(), SLOW).toBe(false);
    expect(await phone.getAttribute('aria-invalid')).toBeNull();
    // Another field's error (none here) and the rest of the form are untouched.
    expect(await checkoutForm(page).getByLabel('City / LGA', { exact: true }).inputValue()).toBe(
      delivery.city,
    );
    await close(page);
  });
});

describe('notifications', () => {
  it('show at most three at once on a storefront page, the oldest giving way', async () => {
    const page = await open(PHONES[1]!);
    await page.goto('/');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // Five notifications arrive (as page code adds them to the page's toast region).
    await page.evaluate(() => {
      const region = document.querySelector('[data-toasts]')!;
      for (let i = 1; i <= 5; i++) {
        const toast = document.createElement('div');
        toast.setAttribute('data-toast', '');
        toast.dataset.kind = 'success';
        toast.textContent = `Notification ${i}`;
        region.append(toast);
      }
    });
    const shown = page.locator('[data-toast]');
    await expect.poll(() => shown.count(), SLOW).toBe(3);
    expect(await shown.allInnerTexts()).toEqual(['Notification 3', 'Notification 4', 'Notification 5']);
    await close(page);
  });
});
