// The storefront and account pages for everyone (issue 15): axe finds no serious or critical
// violation on any page or state a shopper meets, at a laptop's width and a 360 px phone's; on the
// phone no page scrolls sideways, the main controls are 44 px tap targets (WCAG 2.5.5; inline text
// links in a paragraph excepted, as the criterion does), and a product page shows its price and
// Add to Cart without scrolling. Pages are waited for by their load event, not by hydration, so
// the checks hold for pages served with little or no JavaScript.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Mailbox, newShopper, signUpAndConfirm } from './accounts-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { setupBrowser } from './browser.ts';
import {
  addToCartButton,
  cartLine,
  checkoutForm,
  listProducts,
  pickProduct,
  productUrl,
  variantPrice,
} from './shop-helpers.ts';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 900 };

async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: 'load' });
  expect.soft(response?.status(), path).toBeLessThan(500);
  return response;
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );
  expect.soft(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** axe, and on a phone no sideways scroll, on the page as it is now. */
async function checkHere(page: Page, where: string) {
  await expectNoSeriousViolations(page, where);
  if ((page.viewportSize()?.width ?? 0) <= PHONE.width) await expectNoSidewaysScroll(page, where);
}

async function check(page: Page, path: string) {
  await visit(page, path);
  await checkHere(page, path);
}

/** Puts one unit of a variant in this browser's cart by the form's own POST. */
async function putInCart(page: Page, baseUrl: string, variantId: number) {
  const res = await page.request.post('/cart', {
    form: { intent: 'add', variantId: String(variantId), quantity: '1' },
    headers: { origin: baseUrl },
    maxRedirects: 0,
  });
  expect(res.status()).toBeLessThan(400);
}

/**
 * Visible links, buttons and form controls inside `scope` smaller than 44 × 44 CSS px, leaving
 * out what WCAG 2.5.5 excepts: links inside running text (a paragraph), and a link whose address
 * a big enough link on the page also offers (a cart line's name beside its photo).
 */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const found: string[] = [];
    const bigLinks = new Set(
      [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
        .filter((a) => {
          const box = a.getBoundingClientRect();
          return box.width >= 44 && box.height >= 44;
        })
        .map((a) => a.href),
    );
    for (const root of document.querySelectorAll(scope)) {
      const controls = root.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, summary, [role="button"]',
      );
      for (const el of controls) {
        if (el instanceof HTMLAnchorElement && (el.closest('p') || bigLinks.has(el.href))) continue;
        // A checkbox or radio counts by its label, which is what a finger presses.
        const target =
          el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
            ? (el.closest('label') ?? el)
            : el;
        // Not drawn: a closed menu's links, a hidden breakpoint's variant.
        if (!target.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
        const box = target.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.width < 44 || box.height < 44) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
          found.push(
            `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          );
        }
      }
    }
    return found;
  }, scope);
}

async function expectTapTargets(page: Page, scope: string, where: string) {
  const small = await smallTargets(page, scope);
  expect.soft(small, `tap targets under 44 px in ${scope} on ${where}`).toEqual([]);
}

for (const viewport of [PHONE, LAPTOP]) {
  describe(`storefront pages at ${viewport.width} px`, () => {
    const t = setupBrowser({ viewport });

    it('the anonymous pages: home, listing and its states, info pages, 404', async () => {
      for (const path of [
        '/',
        '/collections',
        '/collections?category=bundles&sort=price-asc&minPrice=30000&maxPrice=100000',
        '/collections?search=nothing-sells-like-this',
        '/pages/about',
        '/pages/shipping',
        '/pages/returns',
        '/pages/privacy',
        '/pages/terms',
        '/wishlist',
        '/support',
        '/track-order',
        '/track-order?id=CH000000000000',
        '/payment-canceled',
        '/payment-success',
        '/no-such-page',
        '/auth',
        '/auth?tab=signup',
        '/auth/forgot-password',
      ])
        await check(t.page, path);
    });

    it('product pages: in stock and sold out', async () => {
      const products = await listProducts();
      const inStock = products.find((p) => p.variants.some((v) => v.stock > 0))!;
      await check(t.page, productUrl(inStock));
      const soldOut = products
        .flatMap((p) => p.variants.map((v) => ({ p, v })))
        .find(({ v }) => v.stock === 0);
      if (soldOut) {
        await visit(t.page, productUrl(soldOut.p, soldOut.v));
        await t.page.getByRole('region', { name: 'Sold out for now' }).waitFor();
        await checkHere(t.page, 'a sold-out product page');
      }
    });

    it('the auth forms with errors', async () => {
      const { page } = t;
      await visit(page, '/auth?tab=signup');
      const signUp = page.getByRole('form', { name: 'Sign up' });
      await signUp.getByLabel('Email', { exact: true }).fill('not-an-email');
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').first().waitFor();
      await checkHere(page, 'sign up with errors');

      await visit(page, '/auth');
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Email', { exact: true }).fill('nobody@example.com');
      await signIn.getByLabel('Password', { exact: true }).fill('wrong password entirely');
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').first().waitFor();
      await checkHere(page, 'sign in refused');
    });

    it('cart (empty, with an item, a promo error) and checkout (validation errors)', async () => {
      const { page, baseUrl } = t;
      await check(page, '/cart');
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();

      const { inStock } = await pickProduct({ variants: 1, minStock: 2 });
      await putInCart(page, baseUrl, inStock[0]!.id);
      await check(page, '/cart');
      await cartLine(page).first().waitFor();

      await page.getByRole('textbox', { name: 'Promo code' }).fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid promo code' }).waitFor();
      await checkHere(page, 'cart with a promo error');

      await check(page, '/checkout');
      await checkoutForm(page).locator('button[type="submit"]').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await checkHere(page, 'checkout with validation errors');
    });
  });
}

describe('account pages at 360 px', () => {
  const t = setupBrowser({ viewport: PHONE });
  const mailbox = new Mailbox(
    () => t.browser,
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());

  it('the dashboard tabs, the wishlist and support signed in', async () => {
    const { page } = t;
    await signUpAndConfirm(page, mailbox, newShopper('a11y'));
    for (const tab of ['profile', 'orders', 'support', 'reviews', 'settings'])
      await check(page, `/dashboard?tab=${tab}`);
    await check(page, '/wishlist');
    await check(page, '/support');
  });
});

describe('a 360 px phone', () => {
  const t = setupBrowser({ viewport: PHONE });

  it('gives the header, product page and cart controls 44 px tap targets', async () => {
    const { page, baseUrl } = t;
    await visit(page, '/');
    await expectTapTargets(page, 'header', 'home');

    const { product, inStock } = await pickProduct({ variants: 1, minStock: 2 });
    await visit(page, productUrl(product, inStock[0]));
    await expectTapTargets(page, 'main form', 'the product page');
    await expectTapTargets(page, 'form[data-wishlist]', 'the product page');

    await putInCart(page, baseUrl, inStock[0]!.id);
    await visit(page, '/cart');
    await expectTapTargets(page, 'main', 'the cart');
  });

  it('shows a product page’s price and Add to Cart without scrolling', async () => {
    const { page } = t;
    const { product, inStock } = await pickProduct({ variants: 1, minStock: 2 });
    await visit(page, productUrl(product, inStock[0]));
    for (const [id, shown] of [
      ['variant-price', variantPrice(page)],
      ['add-to-cart', addToCartButton(page)],
    ] as const) {
      const seen = await shown.first().evaluate((el) => {
        // A sticky bar's place on screen is what getBoundingClientRect gives.
        const box = el.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, screen: window.innerHeight };
      });
      expect
        .soft(
          seen.top >= 0 && seen.bottom <= seen.screen,
          `${id} in the first screen: ${JSON.stringify(seen)}`,
        )
        .toBe(true);
    }
  });
});
