// axe on every admin page at a laptop's and a phone's width (issue 12): no serious or critical
// violation anywhere, and no page scrolls sideways on the phone. The owner is an admin with the
// second factor, so every section is open to them; the enrolment and recovery-code pages are
// checked while the owner sets up (at the laptop width).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, SLOW, setupAdmin, WIDTHS } from './admin-helpers.ts';
import {
  type AxeViolation,
  describeViolations,
  expectNoSeriousViolations,
  seriousViolations,
} from './axe.ts';
import { openPage } from './browser.ts';

const enrolment: Record<string, AxeViolation[]> = {};
const t = setupAdmin('Ifeoma Nnadi', {
  duringEnrolment: async (page, step) => {
    enrolment[step] = await seriousViolations(page);
  },
});

it('finds nothing serious on the two-factor enrolment and recovery-code pages', () => {
  expect(Object.keys(enrolment)).toEqual(['enrol', 'recovery-codes']);
  for (const [step, found] of Object.entries(enrolment))
    expect.soft(found, `axe on the ${step} page:\n${describeViolations(found)}`).toEqual([]);
});

// A second admin with the second factor, so the staff page always offers the owner a "Reset
// two-factor" page to check (whichever other browser tests ran first).
setupAdmin('Chidi Eze');

/** Opens an admin page, waits for its main heading, checks it with axe and for sideways scroll. */
async function check(page: Page, path: string, heading?: string | RegExp) {
  const response = await openPage(page, path);
  expect(response?.status(), path).toBeLessThan(500);
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) }).first();
  await h1.waitFor(SLOW);
  await expectNoSeriousViolations(page, path);
  await expectNoSidewaysScroll(page, path);
}

/** The first link matched by `selector` whose address matches `pattern`, as a path. */
async function firstHref(page: Page, selector: string, pattern: RegExp): Promise<string> {
  const hrefs = await page
    .locator(selector)
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const found = hrefs.find((h) => pattern.test(h));
  expect(found, `a link matching ${pattern}`).toBeTruthy();
  return found!;
}

for (const width of WIDTHS) {
  describe(`axe on the admin pages at ${width.viewport.width} px (${width.name})`, () => {
    it('finds nothing serious on the sign-in and second-factor pages', async () => {
      const page = await t.open(width, { signedIn: false });
      await check(page, '/admin/sign-in', 'Admin sign in');
      // The password given, the code page waits.
      await page.getByLabel('Email', { exact: true }).fill(t.owner.email);
      await page.getByLabel('Password', { exact: true }).fill(t.owner.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor(SLOW);
      await expectNoSeriousViolations(page, 'the two-factor code page');
      await expectNoSidewaysScroll(page, 'the two-factor code page');
      // An admin address opened while signed out shows the sign-in in its place.
      const other = await t.open(width, { signedIn: false });
      await check(other, '/admin/orders', 'Admin sign in');
    });

    it('finds nothing serious on the dashboard, orders, users, audit, mailbox and staff pages', async () => {
      const page = await t.open(width);
      await check(page, '/admin/dashboard', 'Dashboard');
      await check(page, '/admin/dashboard?period=year', 'Dashboard');
      await check(page, '/admin/orders', 'Orders');
      const order = await firstHref(page, 'tbody a', /^\/admin\/orders\/CH\d+$/);
      await check(page, order, /^Order CH/);
      await check(page, `${order}/packing-slip`, 'Packing slip');
      await check(page, '/admin/orders?status=delivered&method=bank_transfer', 'Orders');
      await check(page, '/admin/orders?q=no-such-order-anywhere', 'Orders');
      await check(page, '/admin/users', 'Users');
      const user = await firstHref(page, 'tbody a', /^\/admin\/users\/\d+$/);
      await check(page, user);
      await check(page, '/admin/users?state=suspended', 'Users');
      await check(page, await firstHref(page, 'tbody a', /^\/admin\/users\/\d+$/));
      await check(page, '/admin/audit', 'Audit log');
      await check(page, '/admin/mailbox', 'Mailbox');
      const mail = await firstHref(page, 'a', /^\/admin\/mailbox\/\d+$/);
      await check(page, mail);
      await check(page, '/admin/staff', 'Staff');
      const href = await firstHref(page, 'a', /^\/admin\/staff\/\d+\/reset-two-factor$/);
      await check(page, href, 'Reset two-factor sign-in');
      await check(page, '/admin/two-factor', 'Two-factor sign-in is on');
    });

    it('finds nothing serious on the settings page and a content page editor with its preview', async () => {
      const page = await t.open(width);
      await check(page, '/admin/settings', 'Settings');
      await check(page, '/admin/launch', 'Launch checklist');
      await check(page, '/admin/settings/pages/shipping', 'Edit Shipping Information');
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('region', { name: 'Preview (not saved)' }).waitFor(SLOW);
      await expectNoSeriousViolations(page, 'the content page preview');
      await expectNoSidewaysScroll(page, 'the content page preview');
    });

    it('finds nothing serious on the products pages', async () => {
      const page = await t.open(width);
      await check(page, '/admin/products/new', 'Add product');
      await check(page, '/admin/products?q=no-such-product-anywhere', 'Products');
      await check(page, '/admin/products?view=list&stock=low', 'Products');
      await check(page, '/admin/products', 'Products');
      await check(page, await firstHref(page, 'a', /^\/admin\/products\/\d+$/));
    });

    it('finds nothing serious on the discounts page, its empty filter and its open dialog', async () => {
      const page = await t.open(width);
      await check(page, '/admin/discounts', 'Discounts');
      await check(page, '/admin/discounts?q=NO-SUCH-CODE-ANYWHERE', 'Discounts');
      await check(page, '/admin/discounts?new=1', 'Discounts');
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const dialog = page.getByRole('dialog', { name: 'New discount' });
      await dialog.waitFor(SLOW);
      await expectNoSeriousViolations(page, 'the new-discount dialog');
      // A refused save: the dialog again, with its messages beside the fields.
      await dialog.getByLabel('Code', { exact: true }).fill('axetest');
      await dialog.getByLabel('Percent off', { exact: true }).fill('120');
      await dialog.getByRole('button', { name: 'Create discount' }).click();
      await page.locator('[data-field-error="value"]').waitFor(SLOW);
      await expectNoSeriousViolations(page, 'the new-discount dialog with refusals');
      await expectNoSidewaysScroll(page, 'the new-discount dialog with refusals');
    }, 120_000);

    it('finds nothing serious on the newsletter pages: subscribers, a new campaign and its page', async () => {
      const page = await t.open(width);
      await check(page, '/admin/newsletter', 'Newsletter');
      await check(page, '/admin/newsletter?status=pending&source=footer', 'Newsletter');
      await check(page, '/admin/newsletter?q=no-such-subscriber-anywhere', 'Newsletter');
      await check(page, '/admin/newsletter/campaigns/new', 'New campaign');
      await page.getByLabel('Subject').fill(`Axe check ${width.name}`);
      await page.getByLabel('Email (Markdown)').fill('Hello **there**.\n\n- One\n- Two');
      await page.getByRole('button', { name: 'Create draft' }).click();
      await page.waitForURL(/\/admin\/newsletter\/campaigns\/\d+$/, SLOW);
      await check(page, new URL(page.url()).pathname, `Axe check ${width.name}`);
    });

    it('finds nothing serious on the reviews queue', async () => {
      const page = await t.open(width);
      await check(page, '/admin/reviews', 'Reviews');
      await check(page, '/admin/reviews?status=approved&rating=5', 'Reviews');
      await check(page, '/admin/reviews?q=no-such-review-anywhere', 'Reviews');
    });

    it('finds nothing serious on the banners pages (lists and forms of both tabs)', async () => {
      const page = await t.open(width);
      for (const path of [
        '/admin/banners',
        '/admin/banners?tab=hero&edit=new',
        '/admin/banners?tab=popup',
        '/admin/banners?tab=popup&edit=new',
      ])
        await check(page, path, 'Banners');
    });

    it('finds nothing serious on the complaints list, its reply dialog and a ticket page', async () => {
      const page = await t.open(width);
      await check(page, '/admin/complaints', 'Complaints');
      const ticket = await firstHref(page, 'a', /^\/admin\/complaints\/\d+$/);
      await check(page, '/admin/complaints?status=resolved', 'Complaints');
      await check(page, '/admin/complaints?q=no-such-complaint-anywhere', 'Complaints');
      await check(page, `/admin/complaints?reply=${ticket.split('/').pop()}`, 'Complaints');
      await page.getByRole('dialog', { name: /^Reply to / }).waitFor(SLOW);
      await expectNoSeriousViolations(page, 'the reply dialog');
      await check(page, ticket);
    });

    it('finds nothing serious on a missing page', async () => {
      const page = await t.open(width);
      await check(page, '/admin/no-such-page');
    });
  });
}
