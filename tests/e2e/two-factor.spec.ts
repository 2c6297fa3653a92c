// Two-factor sign-in for staff in a real Chromium (ADR 019): a staff member enrols at the first
// sign-in by reading the secret off the page (as they would type it into an app), the QR code is a
// real image, the recovery codes are shown, and the whole flow also works with JavaScript off.
// The shared browser-test shop has only the demo admin (exempt), so this file serves its own shop,
// in process, with staff accounts made for it.
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { freshCode } from '#tests/helpers/two-factor.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

let shop: TestShop;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROMIUM_PATH or install chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function newPage(javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled });
  const page = await context.newPage();
  return page;
}

async function goto(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Password at /admin, then the enrolment page: scan (here: read the key), type the code. */
async function enrolInBrowser(page: Page, email: string, javaScriptEnabled: boolean) {
  await goto(page, '/admin/mailbox', javaScriptEnabled);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/two-factor');
  await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();

  // The QR code is an image the browser can draw, with no script.
  const qr = page.getByRole('img', { name: /^QR code to add / });
  expect(
    await qr.evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    ),
  ).toBe(true);
  const secret = (await page.getByText(/^([A-Z2-7]{4} ?)+$/).innerText()).replaceAll(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // Before the code, the admin is not open.
  const blocked = await page.request.get('/api/v1/admin/mailbox');
  expect(blocked.status()).toBe(403);

  await page.getByLabel('Code from the app').fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await page.getByRole('link', { name: /I have saved them/ }).click();
  await page.waitForURL((url) => url.pathname === '/admin/mailbox');
  await page.getByRole('heading', { name: 'Mailbox', level: 1 }).waitFor();
  return secret;
}

describe('two-factor sign-in for staff', () => {
  it('enrols a staff member at the first sign-in, with JavaScript on', async () => {
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const page = await newPage(true);
    await enrolInBrowser(page, staff.email, true);
    expect((await page.request.get('/api/v1/admin/mailbox')).status()).toBe(200);
    await page.context().close();
  });

  it('enrols with JavaScript off, and an admin resets it from the staff page', async () => {
    const admin = await createUser(shop.database.db, { role: 'admin', name: 'Funke Admin' });
    const staff = await createUser(shop.database.db, { role: 'staff', name: 'Tunde Staff' });
    const staffPage = await newPage(false);
    await enrolInBrowser(staffPage, staff.email, false);

    const adminPage = await newPage(false);
    await enrolInBrowser(adminPage, admin.email, false);
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
    const row = adminPage.locator(`tr[data-staff-email="${staff.email}"]`);
    expect(await row.getByRole('cell', { name: /^(Yes|No)$/ }).innerText()).toBe('Yes');
    await row.getByRole('link', { name: 'Reset two-factor' }).click();
    await adminPage.getByRole('button', { name: 'Yes, reset two-factor' }).click();
    await adminPage.getByText('Two-factor sign-in was reset for Tunde Staff').waitFor();
    expect(await row.getByRole('cell', { name: /^(Yes|No)$/ }).innerText()).toBe('No');

    // The member was signed out; at the next sign-in they set it up again.
    await goto(staffPage, '/admin/mailbox', false);
    await staffPage.getByRole('heading', { name: 'Admin sign in' }).waitFor();
    await enrolInBrowser(staffPage, staff.email, false);
    await staffPage.context().close();
    await adminPage.context().close();
  });
});
