// Helpers for the admin portal in a real Chromium: a shop owner made the way a real one is (a
// customer account the demo admin makes an admin, who then sets up the second factor in the
// browser), pages at laptop and phone widths, and ways of reading the pages that do not depend on
// how a screen happens to lay out its filters or say "done".
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { freshCode } from '#tests/helpers/two-factor.ts';
import { Mailbox, newShopper, type Shopper, signUpAndConfirm } from './accounts-helpers.ts';
import { openPage } from './browser.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

/** A laptop and a phone. */
export const WIDTHS = [
  { name: 'laptop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
export type Width = (typeof WIDTHS)[number];

/** Generous: the machine running these may be busy with other work. */
export const SLOW = { timeout: 30_000 } as const;

export interface Owner extends Shopper {
  /** The base32 secret of the owner's authenticator app. */
  secret: string;
  /** Cookies of a session that gave both factors (so each test need not sign in again). */
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/** Signs the demo admin in (exempt from the second factor in demo mode, ADR 016/019). */
export async function signInDemoAdmin(page: Page) {
  await openPage(page, '/admin/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/dashboard', SLOW);
}

/** The id of the account with this email, read off the admin users list. */
export async function userIdOf(page: Page, email: string): Promise<number> {
  await openPage(page, `/admin/users?q=${encodeURIComponent(email)}`);
  const link = page
    .locator('tbody tr')
    .filter({ hasText: email })
    .locator('a[href^="/admin/users/"]')
    .first();
  const href = (await link.getAttribute('href', SLOW)) ?? '';
  const id = Number(/\/admin\/users\/(\d+)/.exec(href)?.[1]);
  expect(id, `a link to ${email}'s account`).toBeGreaterThan(0);
  return id;
}

/** On /admin/two-factor after the password: reads the key off the page and turns the factor on. */
export async function enrolSecondFactor(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor(SLOW);
  const secret = (await page.getByText(/^([A-Z2-7]{4} ?)+$/).innerText()).replaceAll(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor(SLOW);
  return secret;
}

/** Password, then a fresh code from the authenticator: ends on `destination`. */
export async function signInWithSecondFactor(page: Page, account: Owner, destination = '/admin/dashboard') {
  await openPage(page, `/admin/sign-in?redirectTo=${encodeURIComponent(destination)}`);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/two-factor', SLOW);
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor(SLOW);
  await page.getByLabel('Authentication code').fill(await freshCode(account.secret));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL((url) => url.pathname === destination, SLOW);
}

/**
 * One browser for the file, an owner made once for it, and `open(width)` giving a page of a new
 * context at that width, signed in as the owner (contexts close after each test).
 */
export function setupAdmin(
  ownerName: string,
  options: {
    /** Called on the enrolment page and on the recovery codes page while the owner sets up. */
    duringEnrolment?: (page: Page, step: 'enrol' | 'recovery-codes') => Promise<void>;
  } = {},
) {
  const fixture = {
    browser: undefined as unknown as Browser,
    baseUrl: '',
    owner: undefined as unknown as Owner,
    mailbox: undefined as unknown as Mailbox,
    contexts: [] as BrowserContext[],
    /** A fresh context at this width; signed in as the owner unless `signedIn` is false. */
    async open(width: Width, { signedIn = true } = {}): Promise<Page> {
      const context = await fixture.browser.newContext({
        baseURL: fixture.baseUrl,
        viewport: width.viewport,
        acceptDownloads: true,
        ...(signedIn ? { storageState: fixture.owner.storageState } : {}),
      });
      fixture.contexts.push(context);
      return context.newPage();
    },
  };

  beforeAll(async () => {
    const executablePath = findChromium();
    if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install chromium');
    fixture.browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    fixture.baseUrl = inject('baseUrl');
    fixture.mailbox = new Mailbox(
      () => fixture.browser,
      () => fixture.baseUrl,
    );

    // A customer signs up and confirms; the demo admin makes them an admin.
    const shopper = newShopper('owner', ownerName);
    const setup = await fixture.browser.newContext({ baseURL: fixture.baseUrl });
    const page = await setup.newPage();
    await signUpAndConfirm(page, fixture.mailbox, shopper);
    const demo = await (await fixture.browser.newContext({ baseURL: fixture.baseUrl })).newPage();
    await signInDemoAdmin(demo);
    const id = await userIdOf(demo, shopper.email);
    await openPage(demo, `/admin/users/${id}`);
    await demo.getByText('Change role…').click();
    await demo.getByRole('radio', { name: 'Admin' }).check();
    await demo.getByRole('button', { name: 'Change role' }).click();
    await demo.locator('h1 + span', { hasText: /^Admin$/ }).waitFor(SLOW);
    await demo.context().close();

    // Their next sign-in asks for the second factor, set up here in the browser.
    await openPage(page, '/admin/sign-in');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/two-factor', SLOW);
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor(SLOW);
    await options.duringEnrolment?.(page, 'enrol');
    const secret = await enrolSecondFactor(page);
    await options.duringEnrolment?.(page, 'recovery-codes');
    await page.getByRole('link', { name: /I have saved them/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard', SLOW);
    fixture.owner = { ...shopper, secret, storageState: await setup.storageState() };
    await setup.close();
  }, 180_000);

  afterEach(async () => {
    for (const context of fixture.contexts.splice(0)) await context.close().catch(() => {});
  });
  afterAll(async () => {
    await fixture.mailbox?.close();
    await fixture.browser?.close();
  });
  return fixture;
}

/** The page fits the screen: nothing makes the whole page scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect.soft(overflow, `${where} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/** Opens the `<details>` a control sits in (a filter bar folded on a phone, say), if it is closed. */
export async function reveal(control: Locator) {
  const folded = control.locator('xpath=ancestor::details[not(@open)]');
  const count = await folded.count();
  for (let i = count - 1; i >= 0; i--) {
    await folded.nth(i).locator('xpath=./summary').click();
  }
  await control.waitFor({ state: 'visible', ...SLOW });
}

/** Follows a section of the admin sidebar; on a phone, through the Menu first. */
export async function goToSection(page: Page, label: string) {
  const menu = page.locator('summary', { hasText: /^\s*Menu$/ });
  const phone = await menu.isVisible();
  if (phone) await menu.click();
  const nav = page.getByRole('navigation', { name: phone ? 'Admin (menu)' : 'Admin', exact: true });
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor(SLOW);
}

/**
 * Waits until the page says something matching `text` in a message a person reads after a form
 * post: a status or alert region, a toast or a result banner, wherever the screen puts it.
 */
export async function expectMessage(page: Page, text: RegExp) {
  const regions = page.locator('[role="status"], [role="alert"], [data-testid="done-message"], output');
  await expect
    .poll(async () => (await regions.allInnerTexts()).some((t) => text.test(t)), {
      ...SLOW,
      message: `a message matching ${text}`,
    })
    .toBe(true);
}
