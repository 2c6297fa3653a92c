// Pay small-small end to end (ADR 099), as a shopper meets it at 1280 and 390 px: a signed-in
// shopper picks a wig of about ₦150,000, chooses Pay small-small at checkout (the plan and the
// default rule shown, "I agree" ticked), pays the deposit in the sandbox, then pays each remaining
// instalment with Pay now from the dashboard, and the order becomes Confirmed.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Mailbox, newShopper, signUpAndConfirm } from './accounts-helpers.ts';
import { type BrowserFixture, openPage, setupBrowser } from './browser.ts';
import {
  type ApiProduct,
  addToCart,
  checkoutForm,
  fillCheckout,
  kobo,
  lagosDelivery,
  listProducts,
  naira,
  waitForPath,
} from './shop-helpers.ts';

const SHOTS = process.env.LAYAWAY_SHOTS ?? '/tmp/layaway-shots';
const used = new Set<number>();

/** The wig priced nearest ₦150,000 with stock, not used before in this file. */
async function wigNear150k() {
  const products = await listProducts();
  const options = products
    .filter((p) => p.category === 'wigs' && !used.has(p.id))
    .flatMap((p) => p.variants.filter((v) => v.stock >= 1 && v.priceKobo >= 5_000_000).map((v) => ({ p, v })))
    .sort((a, b) => Math.abs(a.v.priceKobo - 15_000_000) - Math.abs(b.v.priceKobo - 15_000_000));
  const choice = options[0];
  if (!choice) throw new Error('No wig of ₦50,000 or more in stock');
  used.add(choice.p.id);
  return choice as { p: ApiProduct; v: ApiProduct['variants'][number] };
}

/** On the sandbox page: pays, and returns the amount it asked. */
async function paySandbox(page: Page): Promise<number> {
  await waitForPath(page, /^\/pay\/sandbox\/[^/]+$/);
  const heading = await page.getByRole('heading', { level: 1, name: /^Pay ₦/ }).innerText();
  const amount = kobo(heading.replace(/^Pay /, ''));
  await page.getByRole('button', { name: `Pay ${naira(amount)}` }).click();
  await waitForPath(page, '/payment-success');
  return amount;
}

function buysOnPlan(t: BrowserFixture, mailbox: Mailbox, width: number) {
  return async () => {
    const { page } = t;
    mkdirSync(SHOTS, { recursive: true });
    const shopper = newShopper(`layaway${width}`, 'Chioma Eze');
    await signUpAndConfirm(page, mailbox, shopper);
    const { p, v } = await wigNear150k();
    await addToCart(page, p, v, 1, 1);

    await openPage(page, '/checkout');
    await fillCheckout(page, lagosDelivery(shopper.email, shopper.name));
    const form = checkoutForm(page);
    await form.getByRole('radio', { name: /^Pay small-small/ }).check();
    const plan = form.getByRole('table', { name: 'Pay small-small plan' });
    await plan.waitFor();
    const rows = plan.getByRole('row');
    expect(await rows.count()).toBe(5); // heading, deposit, three instalments
    await form.getByText(/If payments stop:/).waitFor();
    await page.screenshot({ path: `${SHOTS}/checkout-${width}.png`, fullPage: true });
    await form.getByRole('checkbox', { name: /I agree to the plan/ }).check();
    await form.getByRole('button', { name: /Place Order|Pay/ }).click();

    // The deposit, in the sandbox.
    const deposit = await paySandbox(page);
    expect(deposit).toBeGreaterThan(0);

    // The dashboard: the plan, and Pay now until it is paid.
    const paid: number[] = [deposit];
    for (let i = 0; i < 3; i++) {
      await openPage(page, '/dashboard?tab=orders');
      const panel = page.getByRole('region', { name: /Pay small-small plan/ });
      await expect.poll(() => panel.innerText()).toContain('On layaway');
      if (i === 0) await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });
      await panel.getByRole('button', { name: 'Pay now' }).click();
      paid.push(await paySandbox(page));
    }

    await openPage(page, '/dashboard?tab=orders');
    const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
    await expect.poll(() => order.innerText()).toMatch(/Confirmed/i);
    await expect.poll(() => order.innerText()).toContain('Paid in full');
    const total = kobo(
      (
        await order
          .getByText(/^₦[\d,.]+$/)
          .first()
          .innerText()
      ).trim(),
    );
    expect(paid.reduce((a, b) => a + b, 0)).toBe(total);
    await page.screenshot({ path: `${SHOTS}/confirmed-${width}.png`, fullPage: true });
  };
}

describe('Pay small-small at 1280 px', () => {
  const t = setupBrowser();
  const mailbox = new Mailbox(
    () => t.browser,
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());
  it(
    'a shopper pays a wig small-small: deposit, then each instalment from the dashboard',
    buysOnPlan(t, mailbox, 1280),
    120_000,
  );
});

describe('Pay small-small at 390 px', () => {
  const t = setupBrowser({ viewport: { width: 390, height: 844 } });
  const mailbox = new Mailbox(
    () => t.browser,
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());
  it('the same on a phone', buysOnPlan(t, mailbox, 390), 120_000);
});
