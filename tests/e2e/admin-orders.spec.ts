// The admin portal's day with orders, in a real Chromium at a laptop's and a phone's width (issue 12):
// the owner (an admin with the second factor) reads the year's figures and chart, finds a shopper's
// order by its number and by the phone written another way, moves it on and sees the tracking page
// and the email follow and the audit log record it, and exports the filtered orders as a CSV that
// a spreadsheet reads.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailboxMessages, mailText, mailTo, uniqueEmail } from './accounts-helpers.ts';
import {
  expectMessage,
  expectNoSidewaysScroll,
  goToSection,
  reveal,
  SLOW,
  setupAdmin,
  signInWithSecondFactor,
  WIDTHS,
} from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import {
  addToCart,
  checkoutForm,
  definition,
  fillCheckout,
  kobo,
  lagosDelivery,
  PAYMENT,
  pickProduct,
  waitForPath,
} from './shop-helpers.ts';

const t = setupAdmin('Funke Adeyemi');

/** A Nigerian mobile number no other order has: "0803 xxx xxxx" and "+234803xxxxxxx". */
function uniquePhone() {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { local: `0803 ${digits.slice(0, 3)} ${digits.slice(3)}`, international: `+234803${digits}` };
}

/** A guest places a pay-on-delivery order in Lagos; returns its tracking number and total. */
async function placeOrder(page: Page, email: string, phone: string) {
  const { product, inStock } = await pickProduct({ variants: 1, minStock: 3 });
  await addToCart(page, product, inStock[0]!, 1, 1);
  await openPage(page, '/checkout');
  await fillCheckout(page, { ...lagosDelivery(email, 'Chiamaka Eze'), phone });
  const form = checkoutForm(page);
  await form.getByRole('radio', { name: PAYMENT.payOnDelivery }).check();
  await form.locator('button[type="submit"]').click();
  await waitForPath(page, '/payment-success');
  const trackingNumber = (await definition(page, 'Order ID').innerText()).trim();
  const total = kobo(await definition(page, /^Total (paid|to pay)$/).innerText());
  return { trackingNumber, total };
}

/** Types into the orders search (wherever the filter bar keeps it) and applies it. */
async function searchOrders(page: Page, text: string) {
  const field = page.getByRole('searchbox', { name: 'Search', includeHidden: true });
  await reveal(field);
  await field.fill(text);
  await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL((url) => url.searchParams.get('q') === text, SLOW);
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(SLOW);
}

/** The orders table's tracking numbers, top to bottom. */
async function listedOrders(page: Page): Promise<string[]> {
  return (await page.locator('tbody a[href^="/admin/orders/CH"]').allInnerTexts()).map((t) => t.trim());
}

/** Presses the list's Export CSV link and reads the file the browser saved. */
async function downloadCsv(page: Page) {
  const saved = page.waitForEvent('download', SLOW);
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await saved;
  const bytes = await readFile((await download.path())!);
  const rows: string[][] = parse(bytes, { bom: true });
  return { name: download.suggestedFilename(), bytes, header: rows[0]!, records: rows.slice(1) };
}

const CSV_HEADER = [
  'Tracking number',
  'Date (Lagos)',
  'Customer',
  'Email',
  'Phone',
  'City',
  'State',
  'Items',
  'Subtotal (NGN)',
  'Discount (NGN)',
  'Delivery (NGN)',
  'Store credit (NGN)',
  'Total (NGN)',
  'Promo code',
  'Payment method',
  'Payment',
  'Paid at (Lagos)',
  'Status',
  'Refunded (NGN)',
];
const column = (name: string) => CSV_HEADER.indexOf(name);
const NAIRA = /^\d+\.\d{2}$/;

/** Waits until the admin mailbox (on the owner's page) has an email to `to` with `subject`, opens it. */
async function openMail(page: Page, to: string, subject: string) {
  const item = mailboxMessages(page).filter({ hasText: subject }).first();
  await expect
    .poll(
      async () => {
        await openPage(page, `/admin/mailbox?to=${encodeURIComponent(to)}`);
        return item.count();
      },
      { timeout: 45_000, interval: 1000, message: `an email "${subject}" to ${to}` },
    )
    .toBeGreaterThan(0);
  await item.click();
  await mailText(page).waitFor(SLOW);
  expect(await mailTo(page).innerText()).toBe(to);
  return mailText(page).innerText();
}

for (const width of WIDTHS) {
  describe(`the owner's orders at ${width.viewport.width} px (${width.name})`, () => {
    it("signs in with the second factor and reads the year's figures and the revenue chart", async () => {
      const page = await t.open(width, { signedIn: false });
      await signInWithSecondFactor(page, t.owner, '/admin/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(SLOW);
      await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'Year' }).click();
      await page.waitForURL((url) => url.searchParams.get('period') === 'year', SLOW);
      await page.getByRole('heading', { name: 'Revenue by month' }).waitFor(SLOW);

      // Each card is a link named by its label, then its figure (a <data> with the value shown).
      const cards = page.getByRole('list', { name: 'The period’s figures' });
      expect(await cards.getByRole('listitem').count()).toBe(6);
      const revenueFigure = cards
        .getByRole('link', { name: /^Revenue\s*₦/ })
        .locator('data')
        .first();
      const revenue = kobo(await revenueFigure.innerText());
      expect(Number(await revenueFigure.getAttribute('value'))).toBe(revenue);
      expect(
        await cards
          .getByRole('link', { name: /^Orders\s*\d/ })
          .locator('data')
          .first()
          .innerText(),
      ).toMatch(/^[\d,]+$/);

      // The chart is an image with a name that says what it shows, and its figures are a table.
      const chart = page.getByRole('img', { name: /Revenue by month/ });
      expect(await chart.getAttribute('aria-labelledby')).toBe('revenue-chart-title revenue-chart-summary');
      expect(await chart.locator('circle').count()).toBeGreaterThan(0);
      // Folded away until asked for: found by its caption while still hidden.
      const table = page.getByRole('table', { name: 'Revenue by month', includeHidden: true });
      await reveal(table);
      const amounts = await table.locator('tbody tr td:nth-of-type(1)').allInnerTexts();
      expect(amounts.length).toBe(await chart.locator('circle').count()); // one per month so far
      expect(amounts.reduce((sum, a) => sum + kobo(a), 0)).toBe(revenue);
      await expectNoSidewaysScroll(page, 'the dashboard');
    });

    it('finds an order by number and by phone, moves it on, and the shopper sees it', async () => {
      const email = uniqueEmail(`order-${width.name}`);
      const phone = uniquePhone();
      const shopper = await t.open(width, { signedIn: false });
      const { trackingNumber, total } = await placeOrder(shopper, email, phone.local);

      const page = await t.open(width);
      await openPage(page, '/admin/dashboard');
      await goToSection(page, 'Orders');
      await searchOrders(page, trackingNumber);
      await expect.poll(() => listedOrders(page), SLOW).toEqual([trackingNumber]);
      await searchOrders(page, phone.international);
      await expect.poll(() => listedOrders(page), SLOW).toEqual([trackingNumber]);
      await expectNoSidewaysScroll(page, 'the orders list');

      await page.getByRole('link', { name: trackingNumber, exact: true }).click();
      await page.getByRole('heading', { name: `Order ${trackingNumber}`, level: 1 }).waitFor(SLOW);
      expect(kobo(await definition(page, 'Total').innerText())).toBe(total);
      const actions = page.getByRole('region', { name: 'Actions', exact: true });
      const moveTo = actions.getByLabel('Move to', { exact: true });
      expect(await moveTo.locator('option').allInnerTexts()).toEqual(['Confirmed']);
      await moveTo.selectOption({ label: 'Confirmed' });
      await actions.getByRole('button', { name: 'Update status' }).click();
      await expectMessage(page, new RegExp(`${trackingNumber}|moved`, 'i'));
      await expect
        .poll(() => page.getByRole('region', { name: 'Status history' }).innerText(), SLOW)
        .toContain(`Confirmed`);
      expect(await page.getByRole('region', { name: 'Status history' }).innerText()).toContain(t.owner.name);
      await expectNoSidewaysScroll(page, 'the order page');
      await expectNoSeriousViolations(page, 'the order page with its result message');

      // The shopper's tracking page and email follow.
      await openPage(shopper, `/track-order?id=${trackingNumber}`);
      expect(await definition(shopper, 'Status').innerText()).toBe('Confirmed');
      const mail = await openMail(page, email, `Your Crown Hair order ${trackingNumber} has been confirmed`);
      expect(mail).toContain(trackingNumber);

      // The filtered export holds this order alone, as it now stands.
      await openPage(page, '/admin/orders');
      await searchOrders(page, phone.local);
      await expect.poll(() => listedOrders(page), SLOW).toEqual([trackingNumber]);
      const csv = await downloadCsv(page);
      expect(csv.name).toMatch(/\.csv$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.header).toEqual(CSV_HEADER);
      expect(csv.records).toHaveLength(1);
      const row = csv.records[0]!;
      expect(row[column('Tracking number')]).toBe(trackingNumber);
      expect(row[column('Email')]).toBe(email);
      expect(row[column('Phone')]?.replaceAll(' ', '')).toBe(phone.local.replaceAll(' ', ''));
      expect(row[column('Total (NGN)')]).toMatch(NAIRA);
      expect(Math.round(Number(row[column('Total (NGN)')]) * 100)).toBe(total);
      expect(row[column('Payment method')]).toBe('Pay on delivery');
      expect(row[column('Status')]).toBe('Confirmed');

      // The audit log says who moved it, and from what to what.
      await goToSection(page, 'Audit log');
      const entry = page
        .getByRole('list', { name: 'Audit entries' })
        .getByRole('listitem')
        .filter({ hasText: 'order.status_changed' })
        .filter({ hasText: trackingNumber });
      await entry.first().waitFor(SLOW);
      const text = await entry.first().innerText();
      expect(text).toContain(t.owner.name);
      expect(text).toMatch(/placed/i);
      expect(text).toMatch(/confirmed/i);
      await expectNoSidewaysScroll(page, 'the audit log');
    });

    it('exports exactly the orders a filter shows', async () => {
      const page = await t.open(width);
      await openPage(page, '/admin/orders');
      const delivered = page.getByRole('checkbox', { name: 'Delivered', exact: true, includeHidden: true });
      await reveal(delivered);
      await delivered.check();
      const method = page.getByLabel('Payment method', { exact: true });
      await method.selectOption({ label: 'Bank transfer' });
      expect(await method.inputValue()).toBe('bank_transfer');
      expect(await delivered.isChecked()).toBe(true);
      await delivered.locator('xpath=ancestor::form').getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get('status') === 'delivered' &&
          url.searchParams.get('method') === 'bank_transfer',
        SLOW,
      );
      // Once the filtered page has arrived, every row shown is a delivered bank transfer.
      const rows = page.locator('tbody tr');
      await expect
        .poll(async () => {
          const texts = await rows.allInnerTexts();
          return (
            texts.length > 0 && texts.every((r) => r.includes('Delivered') && r.includes('Bank transfer'))
          );
        }, SLOW)
        .toBe(true);
      const shown = await listedOrders(page);
      const totalText = await page.getByText(/Page \d+ of \d+ · [\d,]+ orders/).innerText();
      const total = Number(/· ([\d,]+) orders/.exec(totalText)![1]!.replaceAll(',', ''));
      expect(total).toBeGreaterThan(0);

      const csv = await downloadCsv(page);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.header).toEqual(CSV_HEADER);
      expect(csv.records).toHaveLength(total); // every page of the filter, not just the one shown
      expect(csv.records.slice(0, shown.length).map((r) => r[0])).toEqual(shown);
      for (const r of csv.records) {
        expect(r[column('Status')]).toBe('Delivered');
        expect(r[column('Payment method')]).toBe('Bank transfer');
        for (const money of ['Subtotal (NGN)', 'Discount (NGN)', 'Delivery (NGN)', 'Total (NGN)'])
          expect(r[column(money)]).toMatch(NAIRA);
      }
      await expectNoSidewaysScroll(page, 'the filtered orders list');
    });
  });
}
