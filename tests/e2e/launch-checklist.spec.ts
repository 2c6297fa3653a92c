// The launch checklist (/admin/launch, ADR 071) in a real Chromium at a laptop's and a phone's
// width: the owner follows the dashboard's "n of m done" card to the checklist, reads each step's
// state and what to do, copies the webhook address, and sends themselves a test email whose
// result the page then shows — and the same page works with JavaScript off. axe finds nothing
// serious and nothing scrolls sideways. (The sample data's removal: sample-removal.spec.ts.)
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectMessage,
  expectNoSidewaysScroll,
  goToSection,
  SLOW,
  setupAdmin,
  WIDTHS,
} from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';

const t = setupAdmin('Amaka Obi');

/** A step of the checklist: the list item named by its heading ("Step 3: Payments"). */
const launchStep = (page: Page, title: string) =>
  page.getByRole('listitem', { name: new RegExp(`^Step \\d: ${title}$`) });

/** What a step's badge says beside its heading: "Done" or "To do". */
const stepBadge = (step: Locator) => step.getByText(/^(Done|To do)$/).innerText();

const STEPS = [
  'Your own admin',
  'Sample data removed',
  'Payments',
  'Email',
  'Public address',
  'Shop details',
  'Staff security',
  'Backups',
];

async function expectSteps(page: Page) {
  await page.getByRole('heading', { name: 'Launch checklist', level: 1 }).waitFor(SLOW);
  for (const title of STEPS)
    await page.getByRole('heading', { level: 2, name: new RegExp(title) }).waitFor(SLOW);
  // The progress in words agrees with the progress bar.
  const progress = page.getByRole('progressbar', { name: 'Launch checklist progress' });
  const done = await progress.getAttribute('aria-valuenow');
  expect(await page.getByText(/^\d of 8 done$/).innerText()).toBe(`${done} of 8 done`);
}

/** Reloads until the email step says what became of the test email. */
async function expectTestEmailSent(page: Page, email: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        const result = page.getByText(/^Test email to /);
        return (await result.count()) > 0 ? result.innerText() : '';
      },
      { ...SLOW, interval: 1000 },
    )
    .toMatch(new RegExp(`Test email to ${email.replace(/[.+]/g, '\\$&')}: sent`));
}

for (const width of WIDTHS) {
  describe(`the launch checklist at ${width.viewport.width} px (${width.name})`, () => {
    it('leads from the dashboard to the steps, each saying what to do, and sends a test email', async () => {
      const page = await t.open(width);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await openPage(page, '/admin/dashboard');
      const card = page.getByRole('link', { name: /^Launch checklist: / });
      await card.waitFor(SLOW);
      expect(await card.innerText()).toMatch(/Launch checklist: \d of 8 done/);
      await card.click();
      await page.waitForURL((url) => url.pathname === '/admin/launch', SLOW);
      await expectSteps(page);

      // The demo shop: the demo admin is still there, and the step says how to replace it.
      const admin = launchStep(page, 'Your own admin');
      expect(await stepBadge(admin)).toBe('To do');
      expect(await admin.innerText()).toContain('npm run admin:create -- --email you@example.com');
      // The sandbox takes payments; the webhook address is there to copy.
      const payments = launchStep(page, 'Payments');
      expect(await payments.innerText()).toContain('the built-in sandbox takes pretend payments');
      const webhook = payments.getByLabel('Webhook address for Paystack');
      expect(await webhook.inputValue()).toMatch(/^http:\/\/.+\/api\/webhooks\/paystack$/);
      await payments.getByRole('button', { name: 'Copy' }).click();
      await payments.getByRole('button', { name: 'Copied' }).waitFor(SLOW);

      await expectNoSeriousViolations(page, 'the launch checklist');
      await expectNoSidewaysScroll(page, 'the launch checklist');

      await page.getByRole('button', { name: 'Send me a test email' }).click();
      await expectMessage(page, /Test email queued to/);
      await expectTestEmailSent(page, t.owner.email);
      await expectNoSeriousViolations(page, 'the launch checklist after a test email');

      // The sidebar leads here too (through the Menu on a phone).
      await openPage(page, '/admin/dashboard');
      await goToSection(page, 'Launch checklist');
      await expectSteps(page);
    });
  });
}

describe('the launch checklist without JavaScript', () => {
  it('shows the steps and the webhook address, and sends the test email as a plain form', async () => {
    const context = await t.browser.newContext({
      baseURL: t.baseUrl,
      viewport: WIDTHS[1].viewport,
      javaScriptEnabled: false,
      storageState: t.owner.storageState,
    });
    t.contexts.push(context);
    const plain = await context.newPage();
    await plain.goto('/admin/launch');
    await expectSteps(plain);
    // Selectable text; no Copy button without a script to press it.
    expect(await plain.getByLabel('Webhook address for Paystack').inputValue()).toMatch(
      /\/api\/webhooks\/paystack$/,
    );
    expect(await plain.getByRole('button', { name: 'Copy' }).count()).toBe(0);
    await plain.getByRole('button', { name: 'Send me a test email' }).click();
    await plain.waitForURL((url) => url.pathname === '/admin/launch', SLOW);
    await expectTestEmailSent(plain, t.owner.email);
  });
});
