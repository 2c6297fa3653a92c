import { describe, expect, inject, it } from 'vitest';
import { openPage, setupBrowser } from './browser.ts';
import { variantPrice } from './shop-helpers.ts';

const t = setupBrowser();

interface ApiItem {
  id: number;
  slug: string;
  name: string;
  priceKobo: number;
  variants: { id: number; priceKobo: number; stock: number; options: Record<string, string> }[];
}

async function api(query: string): Promise<{ items: ApiItem[]; total: number }> {
  const res = await fetch(`${inject('baseUrl')}/api/v1/products${query}`);
  return (await res.json()) as { items: ApiItem[]; total: number };
}

const cardNames = (page: typeof t.page) =>
  page.getByRole('main').getByRole('article').locator('h3').allInnerTexts();

describe('collections', () => {
  it('filters, sorts, limits the price and pages, all in the URL, and a shared link reopens the same view', async () => {
    const { page } = t;
    await openPage(page, '/collections');
    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: 'Bundles' })
      .click();
    await page.waitForURL('**/collections?category=bundles');
    await page.getByRole('heading', { name: 'Bundles' }).waitFor();
    await page.locator('#sort').selectOption('price-asc');
    await page.waitForURL('**/collections?category=bundles&sort=price-asc');
    const expected = await api('?category=bundles&sort=price-asc&pageSize=12');
    await expect.poll(() => cardNames(page)).toEqual(expected.items.map((i) => i.name));

    // The price range is a real control: move the sliders with the keyboard and apply.
    await page.getByRole('slider').first().focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.getByRole('slider').nth(1).focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    expect(
      await page.getByRole('group', { name: 'Price', exact: true }).locator('p[aria-live]').innerText(),
    ).toBe('₦30,000 – ₦100,000');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/collections?category=bundles&sort=price-asc&minPrice=30000&maxPrice=100000');

    const filtered = '/collections?category=bundles&sort=price-asc&minPrice=30000&maxPrice=100000';
    await openPage(page, filtered);
    const inRange = await api('?category=bundles&sort=price-asc&minPrice=30000&maxPrice=100000');
    expect(await cardNames(page)).toEqual(inRange.items.slice(0, 12).map((i) => i.name));
    for (const item of inRange.items) expect(item.priceKobo).toBeGreaterThanOrEqual(3_000_000);

    const all = await api('?pageSize=12&page=2');
    await openPage(page, '/collections');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL('**/collections?page=2');
    await expect.poll(() => cardNames(page)).toEqual(all.items.map((i) => i.name));
    // The same link opened afresh (as a shopper sharing it would) shows the same products.
    const other = await t.context.newPage();
    await other.goto(page.url());
    expect(await cardNames(other)).toEqual(all.items.map((i) => i.name));
    await page.goBack();
    await page.waitForURL((url) => url.search === '');
  });

  it('finds products by typo-tolerant search from the header', async () => {
    const { page } = t;
    await openPage(page, '/');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByPlaceholder('Search products...').fill('bodywave');
    await page.getByPlaceholder('Search products...').press('Enter');
    await page.waitForURL('**/collections?search=bodywave');
    await page.getByRole('heading', { name: 'Results for “bodywave”' }).waitFor();
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names.slice(0, 3).every((n) => /body wave/i.test(n))).toBe(true);
  });

  it('says so when nothing matches', async () => {
    const { page } = t;
    await openPage(page, '/collections?search=zzqqxx');
    await page.getByText('No products found matching your criteria.').waitFor();
  });
});

describe('product page', () => {
  it("changes price, stock and the URL when another variant is chosen: a link to that variant's page", async () => {
    const { page } = t;
    const bundles = await api('?category=bundles&sort=popular');
    const product = bundles.items.find((p) => new Set(p.variants.map((v) => v.priceKobo)).size > 1)!;
    const [first, other] = [
      product.variants[0]!,
      product.variants.find((v) => v.priceKobo !== product.variants[0]!.priceKobo)!,
    ];
    await openPage(page, `/collections/${product.slug}-${product.id}?variant=${first.id}`);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const price = variantPrice(page);
    expect(await price.innerText()).toBe(`₦${(first.priceKobo / 100).toLocaleString('en-NG')}`);
    await page.getByRole('link', { name: other.options.length!, exact: true }).click();
    await page.waitForURL(`**?variant=${other.id}`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => price.innerText()).toBe(`₦${(other.priceKobo / 100).toLocaleString('en-NG')}`);
    const stockText = await page.getByText(/^(In stock|Out of stock|Only \d+ left)$/).innerText();
    expect(stockText).toBe(
      other.stock === 0 ? 'Out of stock' : other.stock <= 5 ? `Only ${other.stock} left` : 'In stock',
    );
    // The product page is not hydrated (ADR 039): the variant's page is a page of its own.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  });

  it('runs on the islands script alone: the gallery, the quantity stepper and Share work without React', async () => {
    const { page, context } = t;
    // A product with two pictures and a variant with a few left (the stepper's ceiling is its stock).
    const { items } = await api('?pageSize=60');
    let found: {
      item: ApiItem;
      images: { id: string; alt: string }[];
      variant: ApiItem['variants'][number];
    } | null = null;
    for (const item of items) {
      const variant = item.variants.find((v) => v.stock >= 2 && v.stock <= 5);
      if (!variant) continue;
      const detail = (await (await fetch(`${inject('baseUrl')}/api/v1/products/${item.id}`)).json()) as {
        images: { id: string; alt: string }[];
      };
      if (detail.images.length >= 2) {
        found = { item, images: detail.images, variant };
        break;
      }
    }
    expect(found, 'a product with two pictures and a variant with 2 to 5 left').not.toBeNull();
    const { item, images, variant } = found!;
    await openPage(page, `/collections/${item.slug}-${item.id}?variant=${variant.id}`);
    // One script: the islands; no React Router in the browser.
    const scripts = await page.locator('script[src]').evaluateAll((s) => s.map((e) => e.getAttribute('src')));
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]);
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);

    // The gallery: the second thumbnail shows its picture in the main place.
    const main = page.locator('[data-gallery-main] img');
    expect(await main.getAttribute('src')).toContain(images[0]!.id);
    const second = page.getByRole('button', { name: `Show picture 2 of ${images.length}` });
    await second.click();
    await expect.poll(() => main.getAttribute('src')).toContain(images[1]!.id);
    expect(await main.getAttribute('alt')).toBe(images[1]!.alt);
    expect(await second.getAttribute('aria-pressed')).toBe('true');
    expect(
      await page
        .getByRole('button', { name: `Show picture 1 of ${images.length}` })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(
      await page.locator('[data-gallery-main] source[type="image/avif"]').getAttribute('srcset'),
    ).toContain(images[1]!.id);

    // The stepper stays within 1 and what is left; the WhatsApp order follows it.
    const field = page.getByRole('spinbutton', { name: 'Quantity', exact: true });
    const less = page.getByRole('button', { name: 'Decrease quantity' });
    const more = page.getByRole('button', { name: 'Increase quantity' });
    expect(await field.inputValue()).toBe('1');
    expect(await less.isDisabled()).toBe(true);
    for (let i = 1; i < variant.stock; i++) await more.click();
    expect(await field.inputValue()).toBe(String(variant.stock));
    expect(await more.isDisabled()).toBe(true);
    const order = await page.getByRole('link', { name: 'Order this on WhatsApp' }).getAttribute('href');
    expect(new URL(order!).searchParams.get('text')).toContain(`order ${variant.stock} × ${item.name}`);
    await less.click();
    expect(await field.inputValue()).toBe(String(variant.stock - 1));
    await field.fill('99');
    await field.blur();
    await expect.poll(() => field.inputValue()).toBe(String(variant.stock));

    // Share: no share sheet in this browser, so the link is copied.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${inject('baseUrl')}/collections/${item.slug}-${item.id}`,
    );
  });

  it('sends link previews and search engines the product in the server HTML', async () => {
    const [product] = (await api('?sort=popular&pageSize=1')).items;
    const res = await fetch(`${inject('baseUrl')}/collections/${product!.slug}-${product!.id}`, {
      headers: { 'user-agent': 'WhatsApp/2.23.20.0' },
    });
    const html = await res.text();
    expect(html).toContain(`<meta property="og:title" content="${product!.name} – ₦`);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    const preview = await fetch(image!);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('"priceCurrency":"NGN"');
  });

  it('shows Product Not Found with status 404 for an unknown product', async () => {
    const { page } = t;
    const response = await page.goto('/collections/imaginary-wig-999999');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Product Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to collections' }).click();
    await page.waitForURL('**/collections');
  });
});

describe('wishlist', () => {
  it('adds, survives a reload, removes and clears', async () => {
    const { page } = t;
    const { items } = await api('?sort=popular&pageSize=2');
    await openPage(page, '/wishlist');
    await page.getByText('Your wishlist is empty').waitFor();
    await page.getByText('Save products you love to view them later!').waitFor();

    for (const item of items) {
      await openPage(page, `/collections/${item.slug}-${item.id}`);
      await page.getByRole('button', { name: /wishlist$/ }).click();
      await expect
        .poll(() => page.getByRole('button', { name: /wishlist$/ }).getAttribute('aria-pressed'))
        .toBe('true');
    }
    await openPage(page, '/wishlist');
    await page.getByRole('heading', { name: 'My Wishlist' }).waitFor();
    expect(
      await page
        .getByRole('main')
        .getByText(/^\d+ items?$/)
        .innerText(),
    ).toBe('2 items');
    await page.reload();
    await page
      .getByRole('main')
      .getByText(/^\d+ items?$/)
      .waitFor();
    expect(
      await page
        .getByRole('main')
        .getByText(/^\d+ items?$/)
        .innerText(),
    ).toBe('2 items');
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe(
      JSON.stringify(items.map((i) => i.id)),
    );

    await page.getByRole('button', { name: `Remove ${items[0]!.name} from wishlist` }).click();
    await expect
      .poll(() =>
        page
          .getByRole('main')
          .getByText(/^\d+ items?$/)
          .innerText(),
      )
      .toBe('1 item');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('Your wishlist is empty').waitFor();
    await page.reload();
    await page.getByText('Your wishlist is empty').waitFor();
  });
});
