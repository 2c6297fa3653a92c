// The sample data removed from the launch checklist (issue 30, ADRs 070 and 071) in a real
// Chromium, at a laptop's and a phone's width. Each width gets a shop of its own (the suite's
// shared shop stays a demo shop for the other files): started with ADMIN_EMAIL, so it is taken
// over yet still holds the samples. The owner signs in, sets up two-factor, opens the checklist,
// reads how many sample rows remain, confirms the removal — at 1280 px everything, at 390 px
// keeping the catalogue — and sees the step done and the shop without them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ShopProcess, startShopProcess } from '#tests/helpers/shop-process.ts';
import { enrolSecondFactor, expectMessage, expectNoSidewaysScroll, SLOW, WIDTHS } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

const OWNER = { email: 'owner@crownhair.test', password: 'plaited-cornrow-42' };

interface Opened {
  shop: ShopProcess;
  dataDir: string;
}
const shops = new Map<string, Opened>();
let browser: Browser;

async function openShop(name: string): Promise<Opened> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-sample-removal-${name}-`));
  const port = await freePort();
  const shop = await startShopProcess({
    name: `sample-removal shop (${name})`,
    port,
    timeoutMs: 150_000,
    env: {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
  });
  return { shop, dataDir };
}

beforeAll(async () => {
  // Both shops seed their samples at once: the slow part, done once for the file.
  const [laptop, phone] = await Promise.all([openShop('laptop'), openShop('phone')]);
  shops.set('laptop', laptop);
  shops.set('phone', phone);
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const { shop, dataDir } of shops.values()) {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The owner's first sign-in: password, then two-factor set up, ending on the dashboard. */
async function signInOwner(page: Page) {
  await openPage(page, '/admin/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/two-factor', SLOW);
  await enrolSecondFactor(page);
  await page.getByRole('link', { name: /I have saved them/ }).click();
  await page.waitForURL((url) => url.pathname === '/admin/dashboard', SLOW);
}

/** How many products the storefront's listing says it has. */
async function productsOnSale(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/products?pageSize=1`);
  return ((await res.json()) as { total: number }).total;
}

for (const width of WIDTHS) {
  const keepCatalogue = width.name === 'phone';
  describe(`removing the sample data at ${width.viewport.width} px (${width.name})`, () => {
    it(`${keepCatalogue ? 'keeps the catalogue when asked' : 'removes every sample row'}, after a confirmation, and the step is done`, async () => {
      const { shop } = shops.get(width.name)!;
      const context = await browser.newContext({ baseURL: shop.url, viewport: width.viewport });
      try {
        const page = await context.newPage();
        await signInOwner(page);
        const productsBefore = await productsOnSale(shop.url);
        expect(productsBefore).toBeGreaterThan(10);

        await openPage(page, '/admin/launch');
        const step = page.getByRole('listitem', { name: /^Step \d: Sample data removed$/ });
        await step.waitFor(SLOW);
        expect(await step.getByText(/^(Done|To do)$/).innerText()).toBe('To do');
        expect(await step.innerText()).toMatch(/[\d,]+ sample rows remain/);
        expect(await step.innerText()).toContain('Sample customers');
        await expectNoSeriousViolations(page, 'the launch checklist with sample data');
        await expectNoSidewaysScroll(page, 'the launch checklist with sample data');

        // The confirmation: nothing is removed until the question is answered.
        await step.getByText('Remove the sample data…').click();
        await step.getByText(/Remove the sample data for good\?/).waitFor(SLOW);
        if (keepCatalogue) await step.getByLabel(/Keep the sample catalogue/).check();
        await expectNoSeriousViolations(page, 'the removal question');
        await step.getByRole('button', { name: 'Yes, remove the sample data' }).click();
        await expectMessage(
          page,
          keepCatalogue
            ? /sample data is removed; the sample catalogue is kept/
            : /The sample data is removed\./,
        );

        const done = page.getByRole('listitem', { name: /^Step \d: Sample data removed$/ });
        await expect.poll(() => done.getByText(/^(Done|To do)$/).innerText(), SLOW).toBe('Done');
        expect(await done.innerText()).toContain('No sample customers, orders or products are left.');
        expect(await page.getByText('Remove the sample data…', { exact: true }).count()).toBe(0);
        await expectNoSidewaysScroll(page, 'the launch checklist after the removal');

        // The shop without them: no sample customers in the admin; the catalogue as chosen.
        await openPage(page, '/admin/users');
        expect(await page.getByText('@example.com').count()).toBe(0);
        expect(await productsOnSale(shop.url)).toBe(keepCatalogue ? productsBefore : 0);
      } finally {
        await context.close();
      }
    });
  });
}
