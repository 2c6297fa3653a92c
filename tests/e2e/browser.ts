// One Chromium per test file, a fresh context (cookies, storage) per test.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

/**
 * The suite's shop this test file uses (global-setup.ts): the one of its vitest worker, which runs
 * no other file meanwhile.
 */
export function shopUrl(): string {
  const urls = inject('shopUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[worker - 1];
  if (!url) throw new Error(`No shop for worker ${worker} of ${urls.length} (tests/e2e/global-setup.ts)`);
  return url;
}

export interface BrowserFixture {
  baseUrl: string;
  page: Page;
  context: BrowserContext;
  browser: Browser;
}

/** Opens a page and waits until React has hydrated it (so clicks are handled by the app). */
export async function openPage(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

export function setupBrowser(
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const fixture = {} as BrowserFixture;
  beforeAll(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install chromium');
    fixture.browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    fixture.baseUrl = shopUrl();
  });
  beforeEach(async () => {
    fixture.context = await fixture.browser.newContext({
      baseURL: fixture.baseUrl,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      viewport: options.viewport ?? { width: 1280, height: 900 },
    });
    fixture.page = await fixture.context.newPage();
  });
  afterEach(async () => {
    await fixture.context?.close();
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  return fixture;
}
