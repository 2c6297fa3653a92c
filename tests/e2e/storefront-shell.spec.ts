import { describe, expect, it } from 'vitest';
import { BEST_SELLER_MIN_SALES } from '#core/catalog.ts';
import { seedProducts } from '#server/db/seed/catalogue.ts';
import { openPage, setupBrowser } from './browser.ts';

const t = setupBrowser();

/** What the home page must show, worked out from the sample data with the spec's rules. */
function expectedSections() {
  const active = seedProducts.map((p, i) => ({ ...p, order: i }));
  const bySales = (a: (typeof active)[0], b: (typeof active)[0]) => b.sales - a.sales || a.order - b.order;
  return {
    flashSale: active
      .filter((p) => p.isFlashSale)
      .sort(bySales)
      .slice(0, 4)
      .map((p) => p.name),
    bestSellers: active
      .filter((p) => p.sales > BEST_SELLER_MIN_SALES)
      .sort(bySales)
      .slice(0, 4)
      .map((p) => p.name),
    newArrivals: [...active]
      .sort((a, b) => a.createdDaysAgo - b.createdDaysAgo || b.order - a.order)
      .slice(0, 4)
      .map((p) => p.name),
  };
}

describe('home page', () => {
  it('shows the hero, Flash Sale, Best Sellers, New Arrivals, categories and the promo block from the database', async () => {
    const { page } = t;
    const response = await openPage(page, '/');
    expect(response?.status()).toBe(200);
    const expected = expectedSections();
    const section = (name: string) => page.getByRole('region', { name, exact: true });
    const names = (name: string) => section(name).getByRole('article').getByRole('heading').allInnerTexts();
    expect(await names('Flash Sale')).toEqual(expected.flashSale);
    expect(await names('Best Sellers')).toEqual(expected.bestSellers);
    expect(await names('New Arrivals')).toEqual(expected.newArrivals);
    expect(await section('Shop by Category').locator('h3').allInnerTexts()).toEqual([
      'Wigs',
      'Bundles',
      'Braiding Hair',
      'Lace Frontals',
    ]);
    expect(await section('Why shop with us').locator('h3').count()).toBe(3);
    // Every price on the page is in naira with separators.
    const prices = await page.getByRole('main').locator('data[value]').allInnerTexts();
    expect(prices.length).toBeGreaterThan(8);
    for (const price of prices) expect(price).toMatch(/^₦\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
    // Pictures load for real.
    const firstImage = section('New Arrivals').locator('img').first();
    await firstImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await page.locator('footer').innerText()).toContain(String(new Date().getFullYear()));
  });

  it('rotates the hero every 5 seconds, wraps around, and has working arrows and dots', async () => {
    const { page } = t;
    await openPage(page, '/');
    const hero = page.getByRole('region', { name: 'Featured collections' });
    const active = () => hero.locator('[data-active="true"]').getAttribute('aria-label');
    expect(await active()).toBe('1 of 2');
    await expect.poll(active, { timeout: 8000, interval: 250 }).toBe('2 of 2');
    await expect.poll(active, { timeout: 8000, interval: 250 }).toBe('1 of 2');
    await page.mouse.move(0, 0);
    await hero.getByRole('button', { name: 'Previous slide' }).click();
    expect(await active()).toBe('2 of 2');
    await hero.getByRole('button', { name: 'Next slide' }).click();
    expect(await active()).toBe('1 of 2');
    await hero.getByRole('button', { name: 'Show slide 2' }).click();
    expect(await active()).toBe('2 of 2');
    const link = hero.locator('[data-active="true"] a');
    expect(await link.getAttribute('href')).toBe('/collections?category=wigs');
  });

  it('holds the hero still while it has keyboard focus', async () => {
    const { page } = t;
    await openPage(page, '/');
    const hero = page.getByRole('region', { name: 'Featured collections' });
    await hero.getByRole('button', { name: 'Show slide 1' }).focus();
    await page.keyboard.press('Tab');
    expect(await hero.getAttribute('data-paused')).toBe('true');
    await page.waitForTimeout(5600);
    expect(await hero.locator('[data-active="true"]').getAttribute('aria-label')).toBe('1 of 2');
  });

  it('holds the hero still for shoppers who ask for reduced motion', async () => {
    const { page } = t;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/');
    const hero = page.getByRole('region', { name: 'Featured collections' });
    await expect.poll(() => hero.getAttribute('data-paused')).toBe('true');
  });
});

describe('header pop-ups', () => {
  it('search goes to /collections?search= with the text trimmed, and a blank search does nothing', async () => {
    const { page } = t;
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the shop' });
    await dialog.getByPlaceholder('Search products...').fill('   ');
    await dialog.getByRole('button', { name: 'Search' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.isVisible()).toBe(false);

    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await dialog.getByPlaceholder('Search products...').fill('  body wave & 613 ');
    await dialog.getByPlaceholder('Search products...').press('Enter');
    await page.waitForURL('**/collections?search=*');
    expect(new URL(page.url()).search).toBe('?search=body%20wave%20%26%20613');
    expect(await dialog.isVisible()).toBe(false);
    // Opening it again shows an empty field.
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    expect(await dialog.getByPlaceholder('Search products...').inputValue()).toBe('');
  });

  it('track order goes to /track-order?id= with the number', async () => {
    const { page } = t;
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Track order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track your order' });
    await dialog.getByLabel('Tracking number').fill(' ch1234567890 ');
    await dialog.getByRole('button', { name: 'Track Order' }).click();
    await page.waitForURL('**/track-order?id=*');
    expect(new URL(page.url()).search).toBe('?id=ch1234567890');
    expect(await page.getByRole('main').getByLabel('Tracking number').inputValue()).toBe('CH1234567890');
  });
});

describe('navigation', () => {
  it('answers an unknown address with the 404 page and status 404', async () => {
    const { page } = t;
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('scrolls to the top on a route change', async () => {
    const { page } = t;
    await openPage(page, '/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer').getByRole('link', { name: 'Wigs' }).click();
    await page.waitForURL('**/collections?category=wigs');
    // The new page's chunk may still be loading on a busy machine: allow it a few seconds.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
  });

  it('remembers the chosen currency across reloads, rendered by the server', async () => {
    const { page } = t;
    await openPage(page, '/');
    await page.locator('#currency-top').selectOption('USD');
    await expect.poll(() => page.getByRole('main').locator('data[value]').first().innerText()).toMatch(/^\$/);
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('USD');
    expect(await page.getByText(/^Prices in [A-Z]{3} are approximate/).innerText()).toContain('approximate');
    const response = await page.reload();
    expect(await response?.text()).toContain('>$');
    expect(await page.getByRole('main').locator('data[value]').first().innerText()).toMatch(/^\$/);
  });
});

describe('newsletter', () => {
  it('subscribes from the footer and says so; a bad address is explained', async () => {
    const { page } = t;
    await openPage(page, '/');
    const form = page.locator('#newsletter');
    await form.getByRole('textbox').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('Please enter a valid email address.').waitFor();
    expect(await form.getByRole('textbox').inputValue()).toBe('not-an-email');
    await form.getByRole('textbox').fill('chioma@example.ng');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('check your inbox', { exact: false }).waitFor();
    await expect.poll(() => form.getByRole('textbox').inputValue()).toBe('');
  });
});
