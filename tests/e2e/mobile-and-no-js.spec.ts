import { describe, expect, it } from 'vitest';
import { openPage, setupBrowser } from './browser.ts';
import { addToCartButton, cartLine, lineQuantity } from './shop-helpers.ts';

describe('on a 360 px phone', () => {
  const t = setupBrowser({ viewport: { width: 360, height: 740 } });

  it('fits the screen and the menu lists every category', async () => {
    const { page } = t;
    await openPage(page, '/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel('Menu').click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    expect(await mobileNav.getByRole('link').allInnerTexts()).toEqual([
      'ALL PRODUCTS',
      'WIGS',
      'BUNDLES & LACE',
      'BRAIDING HAIR',
      'NEW ARRIVALS',
      'SALE',
      'WISHLIST', // the header's heart shows from 640 px up
    ]);
    await mobileNav.getByRole('link', { name: 'New Arrivals' }).click();
    await page.waitForURL('**/collections?category=new');
  });

  it('fits the cart and checkout on the screen', async () => {
    const { page } = t;
    const list = (await (await page.request.get('/api/v1/products?pageSize=20')).json()) as {
      items: { variants: { id: number; stock: number }[] }[];
    };
    const variant = list.items.flatMap((p) => p.variants).find((v) => v.stock > 5)!;
    await page.request.post('/cart', {
      form: { intent: 'add', variantId: String(variant.id), quantity: '1' },
    });
    for (const path of ['/cart', '/checkout']) {
      await openPage(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

describe('with JavaScript off', () => {
  const t = setupBrowser({ javaScriptEnabled: false });

  it('still shows the home page, and search and currency still work', async () => {
    const { page } = t;
    await page.goto('/');
    expect(
      await page.getByRole('region', { name: 'New Arrivals', exact: true }).getByRole('article').count(),
    ).toBe(4);
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/collections');
    await page.locator('#currency-top').selectOption('GBP');
    await page
      .locator('#currency-top')
      .locator('xpath=ancestor::form')
      .getByRole('button', { name: 'Set' })
      .click();
    await page.waitForLoadState();
    expect(await page.getByRole('main').locator('data[value]').first().innerText()).toMatch(/^£/);
  });

  it('shows the product page whole: Add to Cart posts a typed quantity, Share waits for JavaScript', async () => {
    const { page } = t;
    const list = (await (await page.request.get('/api/v1/products?pageSize=20')).json()) as {
      items: { id: number; slug: string; name: string; variants: { id: number; stock: number }[] }[];
    };
    const product = list.items.find((p) => p.variants.some((v) => v.stock >= 3))!;
    const variant = product.variants.find((v) => v.stock >= 3)!;
    await page.goto(`/collections/${product.slug}-${product.id}?variant=${variant.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    // The device's share sheet needs JavaScript: only the WhatsApp link shows.
    expect(await page.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Share on WhatsApp' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Quantity', exact: true }).fill('2');
    await addToCartButton(page).click();
    await page.waitForURL('**/cart');
    const line = cartLine(page, variant.id);
    expect(await lineQuantity(line).innerText()).toBe('2');
  });
});
