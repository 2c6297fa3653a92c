// Suspending a customer in a real Chromium at a laptop's and a phone's width (issue 12): the owner
// finds the customer, suspends them while they are signed in elsewhere, and that browser is signed
// out at its next request and refused at sign-in with a clear message; the owner reactivates them,
// and the audit log records both, with who did it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newShopper, signIn, signUpAndConfirm } from './accounts-helpers.ts';
import {
  expectMessage,
  expectNoSidewaysScroll,
  goToSection,
  reveal,
  SLOW,
  setupAdmin,
  WIDTHS,
} from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';

const t = setupAdmin('Bola Ogunbanjo');

async function findUser(page: Page, email: string) {
  const field = page.getByRole('searchbox', { name: 'Search', includeHidden: true });
  await reveal(field);
  await field.fill(email);
  await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === email, SLOW);
  // The list shows this account alone once the filtered page has arrived.
  await expect.poll(() => page.locator('tbody tr').count(), SLOW).toBe(1);
  const row = page.locator('tbody tr').filter({ hasText: email });
  await row.waitFor(SLOW);
  return row;
}

for (const width of WIDTHS) {
  describe(`suspending a customer at ${width.viewport.width} px (${width.name})`, () => {
    it('signs them out at once, refuses their sign-in, lets them back after reactivation, all audited', async () => {
      const customer = newShopper(`suspend-${width.name}`, 'Tobi Afolabi');
      const shopper = await t.open(width, { signedIn: false });
      await signUpAndConfirm(shopper, t.mailbox, customer);

      const page = await t.open(width);
      await openPage(page, '/admin/dashboard');
      await goToSection(page, 'Users');
      const row = await findUser(page, customer.email);
      await expectNoSidewaysScroll(page, 'the users list');
      await row.getByRole('link').first().click();
      await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor(SLOW);
      const id = Number(/\/admin\/users\/(\d+)/.exec(page.url())?.[1]);

      const suspend = page.locator('details').filter({ hasText: 'Suspend this account…' });
      await suspend.locator('summary').click();
      await suspend.getByLabel(/^Reason/).fill('Chargeback under review');
      await page.getByRole('button', { name: `Yes, suspend ${customer.name}` }).click();
      await expectMessage(page, /suspended/i);
      await page.getByText('Suspended', { exact: true }).waitFor(SLOW);
      await expectNoSidewaysScroll(page, 'the user page');
      await expectNoSeriousViolations(page, 'the suspended user page with its result message');

      // The customer's browser is signed out at its next request …
      await shopper.goto('/dashboard');
      await shopper.waitForURL((url) => url.pathname === '/auth', SLOW);
      // … and sign-in is refused with a message that says why.
      await signIn(shopper, customer);
      await shopper.getByText(/This account is suspended/).waitFor(SLOW);
      expect(new URL(shopper.url()).pathname).toBe('/auth');

      await page.getByRole('button', { name: 'Reactivate this account' }).click();
      await expectMessage(page, /reactivated/i);
      await page.getByText('Suspend this account…').waitFor(SLOW);
      await signIn(shopper, customer);
      await shopper.waitForURL((url) => url.pathname === '/dashboard', SLOW);

      // The audit log names who did it and why.
      await goToSection(page, 'Audit log');
      const about = page
        .getByRole('list', { name: 'Audit entries' })
        .getByRole('listitem')
        .filter({ hasText: `user ${id}` });
      const suspended = about.filter({ hasText: 'user.suspended' }).first();
      await suspended.waitFor(SLOW);
      expect(await suspended.innerText()).toContain(t.owner.name);
      expect(await suspended.innerText()).toContain('Chargeback under review');
      const reactivated = about.filter({ hasText: 'user.reactivated' }).first();
      expect(await reactivated.innerText()).toContain(t.owner.name);
      await expectNoSidewaysScroll(page, 'the audit log');
    });
  });
}
