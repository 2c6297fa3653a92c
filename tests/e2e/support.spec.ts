// Support tickets in a real Chromium, at laptop and phone widths (issue 14's "done when"): a guest
// on /payment-canceled follows Get Support, opens a ticket with a photo; staff find it on
// /admin/complaints, see the photo on its page and reply from the dialog; the guest opens the
// private link from the emailed reply, reads it and answers; staff see the answer. axe checks the
// shopper pages (the admin ones are in admin-axe.spec.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jpegPhoto } from '#tests/factories/images.ts';
import { uniqueEmail } from './accounts-helpers.ts';
import { expectMessage, expectNoSidewaysScroll, SLOW, setupAdmin, WIDTHS } from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';

const admin = setupAdmin('Funke Support');

/** The rows of the complaints table, as the owner reads it (the table named by its caption). */
const complaintRows = (page: Page) => page.getByRole('table', { name: 'Complaints' }).getByRole('row');

describe.each(WIDTHS)('support tickets on a $name', (width) => {
  it('a guest opens a ticket with a photo, staff reply, the guest reads it by the emailed link and answers', async () => {
    const email = uniqueEmail(`guest-${width.name}`);
    const subject = `Parcel arrived damaged (${width.name})`;

    // The guest, on the payment-canceled page, asks for help.
    const guest = await admin.open(width, { signedIn: false });
    await openPage(guest, '/payment-canceled');
    await guest.locator('main').getByRole('link', { name: 'Get Support' }).click();
    await guest.waitForURL((url) => url.pathname === '/support', SLOW);
    await guest.getByRole('heading', { name: 'Get Support', level: 1 }).waitFor(SLOW);
    await expectNoSeriousViolations(guest, '/support');
    await expectNoSidewaysScroll(guest, '/support');
    const form = guest.getByRole('form', { name: 'New support ticket' });
    await form.getByLabel('Your name').fill('Halima Guest');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Description').fill('The box was crushed and the wig cap is bent. Photo attached.');
    await form.getByLabel('Photo (optional)').setInputFiles({
      name: 'crushed-box.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegPhoto(800, 600),
    });
    await form.getByRole('button', { name: 'Send to Crown Hair' }).click();
    await guest.getByRole('status').filter({ hasText: 'your ticket' }).waitFor(SLOW);
    const sent = await guest.getByRole('status').filter({ hasText: 'your ticket' }).innerText();
    const reference = /T-[A-Z0-9]{6}/.exec(sent)![0];

    // Staff find it (counted in the sidebar), open it and see the photo, then reply from the list.
    const staff = await admin.open(width);
    await openPage(staff, `/admin/complaints?q=${encodeURIComponent(email)}`);
    await staff.getByRole('heading', { name: 'Complaints', level: 1 }).waitFor(SLOW);
    const row = complaintRows(staff).filter({ hasText: reference });
    await row.getByRole('link', { name: subject }).click();
    await staff.waitForURL((url) => /^\/admin\/complaints\/\d+$/.test(url.pathname), SLOW);
    const photo = staff
      .getByRole('region', { name: 'Conversation' })
      .getByRole('img', { name: 'Sent by Halima Guest with this message' });
    await photo.waitFor(SLOW);
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth), SLOW)
      .toBeGreaterThan(0);
    await openPage(staff, `/admin/complaints?q=${encodeURIComponent(email)}`);
    await complaintRows(staff).filter({ hasText: reference }).getByRole('link', { name: 'Reply' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Reply to Halima Guest' });
    await dialog.waitFor(SLOW);
    await dialog.getByLabel(/Your reply/).fill('We are sorry! A replacement wig leaves our store today.');
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await expectMessage(staff, /Reply saved and emailed/);
    await expect
      .poll(() => complaintRows(staff).filter({ hasText: reference }).innerText(), SLOW)
      .toContain('Update Reply');

    // The guest opens the private link from the emailed reply, reads it and answers.
    const mail = await admin.mailbox.message(email, `Reply to your ticket ${reference}`, 30_000);
    const link = /https?:\/\/\S+\/support\/t\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
    await openPage(guest, new URL(link).pathname);
    await guest.getByRole('heading', { name: 'Your support ticket' }).waitFor(SLOW);
    expect(
      await guest.getByRole('listitem').filter({ hasText: 'Reply from Crown Hair' }).innerText(),
    ).toContain('A replacement wig leaves our store today.');
    await expectNoSeriousViolations(guest, '/support/t/…');
    await expectNoSidewaysScroll(guest, '/support/t/…');
    const answer = guest.getByRole('form', { name: `Add a message to ${reference}` });
    await answer.getByLabel('Add a message').fill('Thank you, I will be home all day.');
    await answer.getByRole('button', { name: 'Send message' }).click();
    await guest.getByText('Your message has been added to the ticket.').waitFor(SLOW);
    expect(await guest.getByRole('article').innerText()).toContain('Thank you, I will be home all day.');

    // Staff see the answer in the thread.
    await complaintRows(staff).filter({ hasText: reference }).getByRole('link', { name: subject }).click();
    await staff.getByText('Thank you, I will be home all day.').waitFor(SLOW);
  });
});
