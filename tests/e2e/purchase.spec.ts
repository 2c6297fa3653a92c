// The purchase path end to end, as shoppers meet it: product page → cart (promo code) → checkout →
// sandbox payment (or pay on delivery) → result page → email → tracking and order history.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Mailbox, newShopper, signUpAndConfirm, uniqueEmail } from './accounts-helpers.ts';
import { openPage, setupBrowser } from './browser.ts';
import {
  type ApiProduct,
  type ApiVariant,
  addShownVariant,
  addToCart,
  addToCartButton,
  cartBadge,
  cartLine,
  cartSummary,
  checkoutForm,
  definition,
  fillCheckout,
  kobo,
  lagosDelivery,
  lineQuantity,
  lineTotalFigures,
  naira,
  orderRows,
  PAYMENT,
  pickProduct,
  productUrl,
  promoStatus,
  summaryFigure,
  variantPrice,
  waitForPath,
} from './shop-helpers.ts';

const TRACKING_NUMBER = /^CH\d{12}$/;

/** Percent off, rounded to the nearest kobo (halves up), as the shop computes it. */
const percentOf = (amountKobo: number, percent: number) => Math.floor((amountKobo * percent + 50) / 100);

/** "ab•••@example.ng": what strangers see of a shopper's email on the tracking page. */
const masked = (email: string) => `${email.slice(0, 2)}•••${email.slice(email.indexOf('@'))}`;

/** On a product page showing `from`, follows an option link to another variant with stock. */
async function chooseOtherVariant(page: Page, product: ApiProduct, from: ApiVariant, inStock: ApiVariant[]) {
  const hrefs = await page
    .locator('main fieldset a[href*="?variant="]:not([aria-current="true"])')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const ids = hrefs.map((h) => Number(new URL(h).searchParams.get('variant')));
  const target = inStock.find((v) => v.id !== from.id && ids.includes(v.id));
  if (!target) {
    // No option link leads straight to a variant with stock: open one by its address instead.
    const other = inStock.find((v) => v.id !== from.id)!;
    await openPage(page, productUrl(product, other));
    return other;
  }
  // A link: the variant's own page (the product page is not hydrated; ADR 039).
  await page.locator(`main fieldset a[href$="?variant=${target.id}"]`).first().click();
  await page.waitForURL((url) => url.searchParams.get('variant') === String(target.id));
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect.poll(() => variantPrice(page).innerText()).toBe(naira(target.priceKobo));
  return target;
}

/** On /checkout: checks the method's radio and submits; returns the button's label. */
async function submitCheckout(page: Page, method: RegExp) {
  const form = checkoutForm(page);
  await form.getByRole('radio', { name: method }).check();
  const submit = form.locator('button[type="submit"]');
  const label = (await submit.innerText()).trim();
  await submit.click();
  return label;
}

/**
 * On the sandbox payment page: checks the amount, then presses Pay or Cancel; returns the payment
 * reference ("CH…-…": the order's tracking number, then the attempt).
 */
async function sandbox(page: Page, amount: string, action: 'Pay' | 'Cancel') {
  const url = await waitForPath(page, /^\/pay\/sandbox\/[^/]+$/);
  const reference = decodeURIComponent(url.pathname.split('/').at(-1)!);
  expect(reference).toMatch(/^CH\d{12}-\w+$/);
  await page.getByRole('heading', { level: 1, name: `Pay ${amount}` }).waitFor();
  await page.getByText(reference, { exact: true }).waitFor();
  await page.getByRole('button', { name: `Pay ${amount}` }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).waitFor();
  await page.getByRole('button', { name: action === 'Pay' ? `Pay ${amount}` : 'Cancel' }).click();
  return reference;
}

async function expectEmptyCart(page: Page) {
  await openPage(page, '/cart');
  await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
  await page.getByText('Add some beautiful hair products to get started!').waitFor();
  expect(await cartBadge(page)).toBe(0);
}

describe('buying (JavaScript on)', () => {
  const t = setupBrowser();
  const mailbox = new Mailbox(
    () => t.browser,
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());

  it('a guest buys two variants with SAVE10 by card: discount, sandbox payment, email and tracking', async () => {
    const { page } = t;
    const email = uniqueEmail('buyer');
    const { product, inStock } = await pickProduct({ variants: 2, minStock: 3 });

    // Two of one variant (with the + button), then another variant through its option link.
    const first = inStock[0]!;
    await addToCart(page, product, first, 2, 2);
    const second = await chooseOtherVariant(page, product, first, inStock);
    await addShownVariant(page, product, 1, 3);
    const expectedSubtotal = 2 * first.priceKobo + second.priceKobo;

    // The cart: two lines, and the badge link goes there.
    await page.locator('header').getByRole('link', { name: 'Cart, 3 items' }).click();
    await waitForPath(page, '/cart');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const lines = cartLine(page);
    await expect.poll(() => lines.count()).toBe(2);
    const line = (v: ApiVariant) => cartLine(page, v.id);
    expect(await lineQuantity(line(first)).innerText()).toBe('2');
    expect(await lineQuantity(line(second)).innerText()).toBe('1');
    const lineTotals = (await lineTotalFigures(page).allInnerTexts()).map(kobo);
    expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(expectedSubtotal);
    expect(await cartSummary(page)).toEqual({
      subtotal: expectedSubtotal,
      discount: 0,
      total: expectedSubtotal,
    });
    await page.getByText('Checkout is secured by Paystack').waitFor();

    // An unknown code is refused; "save10" in lower case takes 10 % off.
    const promo = page.getByRole('textbox', { name: 'Promo code' });
    await promo.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid promo code' }).waitFor();
    await promo.fill('save10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const discount = percentOf(expectedSubtotal, 10);
    await expect
      .poll(() =>
        promoStatus(page)
          .innerText()
          .catch(() => ''),
      )
      .toContain(`SAVE10 applied: you save ${naira(discount)}`);
    const summary = await cartSummary(page);
    expect(summary).toEqual({
      subtotal: expectedSubtotal,
      discount,
      total: expectedSubtotal - discount,
    });
    const cartTotal = naira(summary.total);
    expect(await summaryFigure(page, 'Total').innerText()).toBe(cartTotal);

    // Checkout: Lagos, card. Delivery is free, so the total is the cart's.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await waitForPath(page, '/checkout');
    await checkoutForm(page).waitFor();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await fillCheckout(page, lagosDelivery(email));
    expect(await summaryFigure(page, 'Total').innerText()).toBe(cartTotal);
    expect(await submitCheckout(page, PAYMENT.online)).toBe(`Pay ${cartTotal}`);

    // The sandbox stands in for Paystack: pay.
    const paid = await sandbox(page, cartTotal, 'Pay');
    const success = await waitForPath(page, '/payment-success');
    expect(success.searchParams.get('reference')).toBe(paid);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const orderId = (await definition(page, 'Order ID').innerText()).trim();
    expect(orderId).toMatch(TRACKING_NUMBER);
    expect(await definition(page, /^Total (paid|to pay)$/).innerText()).toBe(cartTotal);
    const orderLines = await page.getByRole('list', { name: 'Items in this order' }).innerText();
    expect(orderLines).toContain(`2 × ${product.name}`);
    expect(orderLines).toContain(`1 × ${product.name}`);
    for (const heading of ['What happens next', 'Estimated delivery'])
      await page.getByText(heading).waitFor();
    for (const step of ['Email confirmation', 'Packaging', 'Shipping']) {
      await page.getByText(new RegExp(`^\\d\\. ${step}$`)).waitFor();
    }
    expect(
      await page.locator('main').getByRole('link', { name: 'Track Your Order' }).getAttribute('href'),
    ).toBe(`/track-order?id=${orderId}`);
    await page.locator('main').getByRole('link', { name: 'Continue Shopping' }).waitFor();
    expect(await page.locator('main').getByRole('link', { name: 'Order History' }).getAttribute('href')).toBe(
      '/dashboard?tab=orders',
    );
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    expect(await page.locator('main a[href^="tel:"]').count()).toBe(1);

    // The cart is empty now.
    expect(await cartBadge(page)).toBe(0);
    await expectEmptyCart(page);

    // The confirmation email, with the same total.
    const mail = await mailbox.message(email, `Order ${orderId} placed: payment received`);
    expect(mail.text).toContain(`Total: ${cartTotal}`);
    expect(mail.text).toContain(`Discount: −${naira(discount)}`);

    // Tracking by the number in lower case: placed, first step done, email masked for a stranger.
    await openPage(page, `/track-order?id=${orderId.toLowerCase()}`);
    await page.getByRole('list', { name: 'Progress' }).waitFor();
    expect(await definition(page, 'Status').innerText()).toBe('Placed');
    expect(await definition(page, 'Email').innerText()).toBe(masked(email));
    expect(await definition(page, 'Delivery address').innerText()).toBe('Ikeja, Lagos');
    const steps = page.getByRole('list', { name: 'Progress' }).locator('li[data-completed]');
    expect(await steps.count()).toBe(5);
    expect(await steps.evaluateAll((li) => li.map((l) => l.getAttribute('data-completed')))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);

    // An unknown number is explained.
    await openPage(page, '/track-order?id=CH000000000000');
    await page.getByText('Order not found. Please check your tracking number.').waitFor();
  });

  it('changes quantities, removes a line and keeps a typed promo error in place on the cart (ADR 046)', async () => {
    const { page } = t;
    const { product, inStock } = await pickProduct({ variants: 2, minStock: 3 });
    const [first, second] = [inStock[0]!, inStock[1]!];
    await addToCart(page, product, first, 1, 1);
    await openPage(page, productUrl(product, second));
    await addShownVariant(page, product, 1, 2);

    await openPage(page, '/cart');
    // A marker on the window: the island changes the page in place, a reload would drop it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const line = (v: ApiVariant) => cartLine(page, v.id);
    await line(first).getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => lineQuantity(line(first)).innerText()).toBe('2');
    expect(await cartBadge(page)).toBe(3);
    expect(await cartSummary(page)).toMatchObject({ subtotal: 2 * first.priceKobo + second.priceKobo });
    // Focus stays on the button pressed, so a keyboard can press it again.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Increase quantity',
    );
    await line(first).getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => lineQuantity(line(first)).innerText()).toBe('1');
    await line(second)
      .getByRole('button', { name: `Remove ${product.name} from cart` })
      .click();
    await expect.poll(() => cartLine(page).count()).toBe(1);
    expect(await cartBadge(page)).toBe(1);

    await page.getByRole('textbox', { name: 'Promo code' }).fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid promo code' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Promo code' }).inputValue()).toBe('NOSUCHCODE');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // Checkout follows the state and the method chosen.
    await openPage(page, '/checkout');
    const form = checkoutForm(page);
    const button = form.locator('button[type="submit"]');
    expect((await button.innerText()).trim()).toBe(`Pay ${naira(first.priceKobo)}`);
    await form.getByRole('radio', { name: PAYMENT.bankTransfer }).check();
    expect((await button.innerText()).trim()).toBe('Place Order');
    await page.getByText('Your order reference for the transfer comes on the next page').waitFor();
    await form.getByLabel('State', { exact: true }).selectOption('Lagos');
    await page
      .getByRole('main')
      .getByText(/^Delivery to /)
      .filter({ hasText: 'Delivery to Lagos' })
      .waitFor();

    // The cart's last line removed: the empty cart, and an empty badge.
    await openPage(page, '/cart');
    await page.getByRole('button', { name: `Remove ${product.name} from cart` }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await cartBadge(page)).toBe(0);
  });

  it('a guest cancels on the payment page, keeps the cart, tries again and pays', async () => {
    const { page, context } = t;
    const email = uniqueEmail('canceller');
    const { product, inStock } = await pickProduct({ variants: 1, minStock: 3 });
    const variant = inStock[0]!;
    await addToCart(page, product, variant, 1, 1);
    const total = naira(variant.priceKobo);

    await openPage(page, '/checkout');
    await fillCheckout(page, lagosDelivery(email, 'Tolu Bakare'));
    expect(await submitCheckout(page, PAYMENT.online)).toBe(`Pay ${total}`);
    const cancelled = await sandbox(page, total, 'Cancel');
    const trackingNumber = cancelled.split('-')[0]!;

    const canceled = await waitForPath(page, '/payment-canceled');
    expect(canceled.searchParams.get('reference')).toBe(cancelled);
    await page.getByRole('heading', { name: 'Payment Canceled' }).waitFor();
    await page.getByText('No charge was made, and your cart has been kept for you.').waitFor();
    await page.getByRole('button', { name: 'Try Payment Again' }).waitFor();
    expect(
      await page.locator('main').getByRole('link', { name: 'Return to Cart' }).getAttribute('href'),
    ).toBe('/cart');
    expect(
      await page.locator('main').getByRole('link', { name: 'Continue Shopping' }).getAttribute('href'),
    ).toBe('/collections');
    expect(await page.locator('main').getByRole('link', { name: 'Get Support' }).getAttribute('href')).toBe(
      '/support',
    );
    const alternatives = await page
      .getByRole('heading', { name: 'Other ways to pay' })
      .locator('xpath=..')
      .innerText();
    for (const way of ['Bank transfer:', 'Pay on delivery:', 'USSD:', 'Mobile money:']) {
      expect(alternatives).toContain(way);
    }

    // The cart (seen in another tab) still holds the item.
    const tab = await context.newPage();
    await openPage(tab, '/cart');
    await expect.poll(() => cartLine(tab).count()).toBe(1);
    expect(await cartLine(tab).locator('input[name="variantId"]').first().inputValue()).toBe(
      String(variant.id),
    );
    expect(await summaryFigure(tab, 'Total').innerText()).toBe(total);
    expect(await cartBadge(tab)).toBe(1);
    await tab.close();

    // Try again: the payment page for the same amount; this time pay.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Try Payment Again' }).click();
    const retried = await sandbox(page, total, 'Pay');
    expect(retried.startsWith(`${trackingNumber}-`)).toBe(true); // the same order
    await waitForPath(page, '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const orderId = (await definition(page, 'Order ID').innerText()).trim();
    expect(orderId).toBe(trackingNumber);
    expect(await definition(page, /^Total (paid|to pay)$/).innerText()).toBe(total);
    await expectEmptyCart(page);
    const mail = await mailbox.message(email, `Order ${orderId} placed: payment received`);
    expect(mail.text).toContain(`Total: ${total}`);
  });

  it('offers pay on delivery in Lagos but not in Kano, and places the order with it', async () => {
    const { page } = t;
    const email = uniqueEmail('pod');
    const { product, inStock } = await pickProduct({ variants: 1, minStock: 3 });
    const variant = inStock[0]!;
    await addToCart(page, product, variant, 1, 1);
    const total = naira(variant.priceKobo);

    await openPage(page, '/checkout');
    const form = checkoutForm(page);
    const pod = form.getByRole('radio', { name: PAYMENT.payOnDelivery });
    const state = form.getByLabel('State', { exact: true });
    expect(await state.locator('option').count()).toBe(38); // "Choose a state" and the 37
    await state.selectOption('Lagos');
    await pod.waitFor();
    // The three ways to pay, and Pay small-small for an order from ₦50,000 (the sample shop's, ADR 099).
    expect(await form.getByRole('radio').count()).toBe(variant.priceKobo >= 5_000_000 ? 4 : 3);
    await state.selectOption('Kano');
    await expect.poll(() => pod.count()).toBe(0);
    expect(await form.getByRole('radio', { name: PAYMENT.online }).count()).toBe(1);
    expect(await form.getByRole('radio', { name: PAYMENT.bankTransfer }).count()).toBe(1);
    await state.selectOption('FCT (Abuja)');
    await pod.waitFor();

    await fillCheckout(page, lagosDelivery(email, 'Kemi Ogunleye'));
    expect(await summaryFigure(page, 'Total').innerText()).toBe(total);
    expect(await submitCheckout(page, PAYMENT.payOnDelivery)).toBe('Place Order');

    const placed = await waitForPath(page, '/payment-success');
    const reference = placed.searchParams.get('reference') ?? '';
    expect(reference).toMatch(/^CH\d{12}-POD$/);
    await page.getByRole('heading', { name: 'Order placed!' }).waitFor();
    const orderId = (await definition(page, 'Order ID').innerText()).trim();
    expect(reference).toBe(`${orderId}-POD`);
    expect(await definition(page, /^Total (paid|to pay)$/).innerText()).toBe(total);
    expect(await cartBadge(page)).toBe(0);
    await expectEmptyCart(page);

    const mail = await mailbox.message(email, `Order ${orderId} placed: pay on delivery`);
    expect(mail.text).toContain(`Total: ${total}`);

    // The header's Track Order pop-up finds it (any case).
    await page.getByRole('link', { name: 'Track order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track your order' });
    await dialog.getByLabel('Tracking number').fill(orderId.toLowerCase());
    await dialog.getByRole('button', { name: 'Track Order' }).click();
    await page.waitForURL((url) => url.pathname === '/track-order' && url.searchParams.has('id'));
    await page.getByRole('list', { name: 'Progress' }).waitFor();
    expect(await definition(page, 'Status').innerText()).toBe('Placed');
    expect(await definition(page, 'Email').innerText()).toBe(masked(email));
  });

  it('a signed-in shopper pays on delivery with the email prefilled and finds the order in the dashboard', async () => {
    const { page } = t;
    const shopper = newShopper('orders', 'Amaka Nwosu');
    await signUpAndConfirm(page, mailbox, shopper);

    const { product, inStock } = await pickProduct({ variants: 1, minStock: 3 });
    const variant = inStock[0]!;
    await addToCart(page, product, variant, 1, 1);
    const total = naira(variant.priceKobo);

    await openPage(page, '/checkout');
    const form = checkoutForm(page);
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);
    expect(await form.getByLabel("Recipient's name", { exact: true }).inputValue()).toBe(shopper.name);
    await fillCheckout(page, lagosDelivery(shopper.email, shopper.name), ['email', 'name']);
    expect(await submitCheckout(page, PAYMENT.payOnDelivery)).toBe('Place Order');
    await waitForPath(page, '/payment-success');
    await page.getByRole('heading', { name: 'Order placed!' }).waitFor();
    const orderId = (await definition(page, 'Order ID').innerText()).trim();
    expect(orderId).toMatch(TRACKING_NUMBER);

    // Order history lists it, with its tracking number, status and total.
    await page.locator('main').getByRole('link', { name: 'Order History' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('tab') === 'orders');
    const row = orderRows(page).filter({ hasText: orderId });
    await row.waitFor();
    expect(await orderRows(page).count()).toBe(1);
    await row.getByText('Placed', { exact: true }).waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(total);
    expect(rowText).toContain(product.name);
    await row.getByRole('link', { name: 'View Details' }).waitFor();

    // Its Track Order link: the owner sees the full email and address.
    await row.getByRole('link', { name: 'Track Order' }).click();
    await page.waitForURL((url) => url.pathname === '/track-order' && url.searchParams.get('id') === orderId);
    await page.getByRole('list', { name: 'Progress' }).waitFor();
    expect(await definition(page, 'Email').innerText()).toBe(shopper.email);
    expect(await definition(page, 'Delivery address').innerText()).toContain('14 Allen Avenue');
    expect(await definition(page, 'Status').innerText()).toBe('Placed');

    const mail = await mailbox.message(shopper.email, `Order ${orderId} placed: pay on delivery`);
    expect(mail.text).toContain(`Total: ${total}`);
  });
});

describe('buying with JavaScript off', () => {
  const t = setupBrowser({ javaScriptEnabled: false });

  it('adds to the cart from the product page and places a pay-on-delivery order in Lagos', async () => {
    const { page } = t;
    const email = uniqueEmail('nojs');
    const { product, inStock } = await pickProduct({ variants: 1, minStock: 3 });
    const variant = inStock[0]!;
    const total = naira(variant.priceKobo);

    await page.goto(productUrl(product, variant));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await addToCartButton(page).click();
    await waitForPath(page, '/cart');
    const line = cartLine(page);
    expect(await line.count()).toBe(1);
    expect(await line.locator('input[name="variantId"]').first().inputValue()).toBe(String(variant.id));
    expect(await lineQuantity(line).innerText()).toBe('1');
    expect(await summaryFigure(page, 'Total').innerText()).toBe(total);
    expect(await cartBadge(page)).toBe(1);

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await waitForPath(page, '/checkout');
    await fillCheckout(page, lagosDelivery(email, 'Ifeoma Chukwu'));
    await submitCheckout(page, PAYMENT.payOnDelivery);

    const placed = await waitForPath(page, '/payment-success');
    expect(placed.searchParams.get('reference')).toMatch(/^CH\d{12}-POD$/);
    await page.getByRole('heading', { name: 'Order placed!' }).waitFor();
    expect(await definition(page, /^Total (paid|to pay)$/).innerText()).toBe(total);
    expect(await cartBadge(page)).toBe(0);
  });
});
