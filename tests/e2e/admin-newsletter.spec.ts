// The newsletter in a real Chromium at a laptop's and a phone's width (issue 14, ADR 036): a
// shopper signs up from the footer and counts in the admin list only once they have confirmed
// from the email; the owner writes a campaign, previews it, sends themselves a test, sends it to
// every confirmed subscriber, watches it finish, and the shopper's inbox has it with its
// one-click unsubscribe.
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_SUBJECT } from '#server/modules/mail/newsletter-templates.tsx';
import { uniqueEmail } from './accounts-helpers.ts';
import {
  expectMessage,
  expectNoSidewaysScroll,
  goToSection,
  SLOW,
  setupAdmin,
  WIDTHS,
} from './admin-helpers.ts';
import { openPage } from './browser.ts';

const t = setupAdmin('Bola Ogunleye');

for (const width of WIDTHS) {
  describe(`the newsletter at ${width.viewport.width} px (${width.name})`, () => {
    it('a footer sign-up counts once confirmed by email, and the owner’s campaign reaches it', async () => {
      const email = uniqueEmail(`letters-${width.name}`);
      const shopper = await t.open(width, { signedIn: false });
      await openPage(shopper, '/');
      const form = shopper.locator('#newsletter');
      await form.getByRole('textbox').fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await form.getByText('check your inbox', { exact: false }).waitFor(SLOW);

      // Not yet a subscriber: the admin list has it as waiting.
      const owner = await t.open(width);
      await openPage(owner, '/admin/dashboard');
      await goToSection(owner, 'Newsletter');
      await openPage(owner, `/admin/newsletter?q=${encodeURIComponent(email)}`);
      const row = owner
        .getByRole('table', { name: 'Newsletter subscribers' })
        .getByRole('row')
        .filter({ hasText: email });
      await row.waitFor(SLOW);
      expect(await row.innerText()).toContain('Waiting for confirmation');
      await openPage(owner, `/admin/newsletter?q=${encodeURIComponent(email)}&status=confirmed`);
      await owner.getByText('No subscribers match these filters', { exact: true }).waitFor(SLOW);

      // Confirmed from the email: now it counts.
      const link = await t.mailbox.link(email, NEWSLETTER_CONFIRM_SUBJECT, '/newsletter/confirm');
      await openPage(shopper, link);
      await shopper.getByRole('button', { name: 'Confirm my subscription' }).click();
      await shopper.getByRole('heading', { name: 'You are subscribed' }).waitFor(SLOW);
      await openPage(owner, `/admin/newsletter?q=${encodeURIComponent(email)}&status=confirmed`);
      await owner
        .getByRole('table', { name: 'Newsletter subscribers' })
        .getByRole('row')
        .filter({ hasText: email })
        .waitFor(SLOW);
      await expectNoSidewaysScroll(owner, 'the newsletter list');

      // The owner writes a campaign, tests it on themselves, and sends it.
      const subject = `Fresh Peruvian bundles (${width.name} ${Date.now()})`;
      await openPage(owner, '/admin/newsletter');
      await owner.getByRole('link', { name: 'New campaign' }).click();
      await owner.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor(SLOW);
      await owner.getByLabel('Subject').fill(subject);
      await owner.getByLabel('Email (Markdown)').fill('Our **Peruvian bundles** are back in every length.');
      await owner.getByRole('button', { name: 'Create draft' }).click();
      await owner.getByRole('heading', { name: subject, level: 1 }).waitFor(SLOW);
      const preview = owner.frameLocator('[data-testid="campaign-preview"]');
      await preview.locator('strong', { hasText: 'Peruvian bundles' }).waitFor(SLOW);
      await expectNoSidewaysScroll(owner, 'the campaign page');

      await owner.getByRole('button', { name: 'Send a test to yourself' }).click();
      await expectMessage(owner, /A test copy is on its way/);
      const test = await t.mailbox.message(t.owner.email, `[Test] ${subject}`);
      expect(test.text).toContain('Unsubscribe with one click');

      await owner.getByText('Send to all confirmed subscribers').click();
      await owner.getByRole('button', { name: 'Yes, send it' }).click();
      await expectMessage(owner, /Sending to \d+ confirmed subscriber/);
      await expect
        .poll(
          async () => {
            await owner.reload();
            return owner.getByTestId('campaign-progress').innerText();
          },
          { ...SLOW, interval: 1000 },
        )
        .toMatch(/Sent\. (\d+) of \1 subscribers/);

      const mail = await t.mailbox.message(email, subject, 30_000);
      expect(mail.text).toContain('Peruvian bundles');
      expect(mail.text).toContain('Unsubscribe with one click');
    }, 180_000);
  });
}
