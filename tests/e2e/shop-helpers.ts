// Helpers for the purchase path: finding products with stock through the public API, adding them
// to the cart from their product pages, reading naira amounts off the page and filling checkout.
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { formatPrice } from '#core/money.ts';
import { openPage } from './browser.ts';

export interface ApiVariant {
  id: number;
  priceKobo: number;
  stock: number;
  options: Record<string, string>;
}

export interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  category: string;
  variants: ApiVariant[];
}

/** Every product as the API sees it now (the sample data has 50; the API pages at 60). */
export async function listProducts(): Promise<ApiProduct[]> {
  const res = await fetch(`${inject('baseUrl')}/api/v1/products?pageSize=60`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: ApiProduct[] }).items;
}

export const productUrl = (p: ApiProduct, v?: ApiVariant) =>
  `/collections/${p.slug}-${p.id}${v ? `?variant=${v.id}` : ''}`;

// Products already picked by this test file: each test buys from a product of its own, so no test
// depends on what another one took (the server, and its stock, is shared by the whole run).
const picked = new Set<number>();

/**
 * A product (wigs or bundles first) with at least `variants` variants that have `minStock` or
 * more in stock right now, not picked before in this file; returns it and those variants.
 */
export async function pickProduct({
  variants = 2,
  minStock = 3,
}: {
  variants?: number;
  minStock?: number;
} = {}): Promise<{ product: ApiProduct; inStock: ApiVariant[] }> {
  const products = await listProducts();
  const rank = (p: ApiProduct) => (p.category === 'wigs' ? 0 : p.category === 'bundles' ? 1 : 2);
  const candidates = products
    .filter((p) => !picked.has(p.id))
    .map((p) => ({ product: p, inStock: p.variants.filter((v) => v.stock >= minStock) }))
    .filter((c) => c.inStock.length >= variants)
    .sort((a, b) => rank(a.product) - rank(b.product));
  const choice = candidates[0];
  if (!choice) throw new Error(`No product has ${variants} variants with ${minStock}+ in stock`);
  picked.add(choice.product.id);
  return choice;
}

/** "₦189,900" or "−₦18,990.50" → kobo (positive). */
export function kobo(text: string): number {
  const match = /₦([\d,]+(?:\.\d{1,2})?)/.exec(text);
  if (!match) throw new Error(`No naira amount in "${text}"`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100);
}

export const naira = (amountKobo: number) => formatPrice(amountKobo);

/** The header's cart badge: the number of units, or 0 when there is no badge. */
export async function cartBadge(page: Page): Promise<number> {
  const badge = page
    .locator('header')
    .getByRole('link', { name: /^Cart\b/ })
    .locator('span', { hasText: /^\d+\+?$/ });
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.innerText());
}

/** What the page's main content says for a term of a description list ("Order ID", "Status"…). */
export function definition(page: Page, term: string | RegExp) {
  const exact = typeof term === 'string' ? new RegExp(`^${term}$`) : term;
  return page.getByRole('main').locator('dt', { hasText: exact }).locator('xpath=following-sibling::dd[1]');
}

/** The account's order history: one item per order (its products are lists inside). */
export function orderRows(page: Page) {
  return page.getByRole('list', { name: 'Your orders' }).locator(':scope > li');
}

/** The product page's price: the first amount under its heading. */
export function variantPrice(page: Page) {
  return page.getByRole('main').locator('h1 ~ div data[value]').first();
}

/** The product page's Add to Cart form: the one with the Quantity field. */
function addToCartForm(page: Page) {
  return page
    .getByRole('main')
    .locator('form')
    .filter({ has: page.getByRole('spinbutton', { name: 'Quantity', exact: true }) });
}

/** The product page's Add to Cart button (it says "Adding…" while it works). */
export function addToCartButton(page: Page) {
  return addToCartForm(page).getByRole('button', { name: /^(Add to Cart|Adding…)$/ });
}

/** What Add to Cart said: the status line under it. */
export function addToCartStatus(page: Page) {
  return addToCartForm(page).getByRole('status');
}

/** One line of /cart, found by the variant its forms post (the list "Items in your cart"). */
export function cartLine(page: Page, variantId?: number) {
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  return variantId === undefined
    ? lines
    : lines.filter({ has: page.locator(`input[name="variantId"][value="${variantId}"]`) });
}

/** A line's quantity, as its "Quantity of …" stepper shows it. */
export function lineQuantity(line: Locator) {
  return line.getByRole('form', { name: /^Quantity of / });
}

/** Each line's total (the figure alone; the unit price says "each"). */
export function lineTotalFigures(page: Page) {
  return cartLine(page).locator('p', { hasText: /^₦[\d,.]+$/ });
}

/** A figure of the "Order summary" (cart or checkout), by its term: Subtotal, Discount, Shipping, Total. */
export function summaryFigure(page: Page, term: string) {
  return page
    .getByRole('complementary', { name: 'Order summary' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}\\b`) }) })
    .locator('dd');
}

/** The cart's promo line: its message and its Remove button. */
export function promoStatus(page: Page) {
  return page
    .getByRole('complementary', { name: 'Order summary' })
    .locator('div', { has: page.getByRole('button', { name: 'Remove', exact: true }) })
    .last();
}

/**
 * Sets the product page's quantity with the − / + buttons (JavaScript on) and checks the field
 * follows.
 */
export async function setQuantity(page: Page, quantity: number) {
  const field = page.getByRole('spinbutton', { name: 'Quantity', exact: true });
  for (let guard = 0; guard < 50; guard++) {
    const now = Number(await field.inputValue());
    if (now === quantity) return;
    await page
      .getByRole('button', { name: now < quantity ? 'Increase quantity' : 'Decrease quantity' })
      .click();
    await expect.poll(() => field.inputValue()).toBe(String(now < quantity ? now + 1 : now - 1));
  }
  throw new Error(`Could not set the quantity to ${quantity}`);
}

/**
 * With JavaScript on, on a product page already showing the variant: sets the quantity, presses
 * Add to Cart and waits until the page says so and the header badge shows `badgeAfter`.
 */
export async function addShownVariant(page: Page, product: ApiProduct, quantity: number, badgeAfter: number) {
  await setQuantity(page, quantity);
  const button = addToCartButton(page);
  expect(await button.innerText()).toBe('Add to Cart');
  await button.click();
  const status = addToCartStatus(page);
  await expect.poll(() => status.innerText()).toBe(`${product.name} added. View cart`);
  await expect.poll(() => button.innerText()).toBe('Add to Cart');
  await expect
    .poll(() => cartBadge(page), { timeout: 10_000, message: 'the header cart badge after Add to Cart' })
    .toBe(badgeAfter);
}

/** Opens the variant's product page (JavaScript on) and adds `quantity` of it to the cart. */
export async function addToCart(
  page: Page,
  product: ApiProduct,
  variant: ApiVariant,
  quantity: number,
  badgeAfter: number,
) {
  await openPage(page, productUrl(product, variant));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await addShownVariant(page, product, quantity, badgeAfter);
}

export interface Delivery {
  email: string;
  phone: string;
  name: string;
  recipientPhone: string;
  state: string;
  city: string;
  street: string;
  landmark?: string;
}

export function lagosDelivery(email: string, name = 'Ngozi Adebayo'): Delivery {
  return {
    email,
    phone: '0803 123 4567',
    name,
    recipientPhone: '0812 765 4321',
    state: 'Lagos',
    city: 'Ikeja',
    street: '14 Allen Avenue',
    landmark: 'Opposite the filling station',
  };
}

export const checkoutForm = (page: Page) => page.getByRole('form', { name: 'Checkout' });

export const PAYMENT = {
  online: /^Card, bank or USSD/,
  bankTransfer: /^Bank transfer/,
  payOnDelivery: /^Pay on delivery/,
} as const;

/**
 * Fills the checkout form (fields left blank in `skip` are not touched, e.g. a prefilled email).
 * Typing works the same with and without JavaScript.
 */
export async function fillCheckout(page: Page, d: Delivery, skip: (keyof Delivery)[] = []) {
  const form = checkoutForm(page);
  const fields: [keyof Delivery, string][] = [
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['name', "Recipient's name"],
    ['recipientPhone', "Recipient's phone"],
    ['city', 'City / LGA'],
    ['street', 'Street address'],
    ['landmark', 'Landmark (optional)'],
  ];
  for (const [key, label] of fields) {
    if (skip.includes(key) || d[key] === undefined) continue;
    await form.getByLabel(label, { exact: true }).fill(d[key]);
  }
  if (!skip.includes('state')) await form.getByLabel('State', { exact: true }).selectOption(d.state);
}

/** The "Order summary" total of /cart, in kobo, with its three amounts. */
export async function cartSummary(page: Page) {
  const text = async (term: string) => summaryFigure(page, term).innerText();
  const hasDiscount = (await summaryFigure(page, 'Discount').count()) > 0;
  return {
    subtotal: kobo(await text('Subtotal')),
    discount: hasDiscount ? kobo(await text('Discount')) : 0,
    total: kobo(await text('Total')),
  };
}

/** Waits for a URL with this path, and returns it. */
export async function waitForPath(page: Page, pathname: string | RegExp): Promise<URL> {
  await page.waitForURL((url) =>
    typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
  );
  return new URL(page.url());
}
