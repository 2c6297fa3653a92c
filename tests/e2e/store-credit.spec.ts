// Store credit in a real Chromium at a laptop's and a phone's width (ADR 100): the owner adds
// credit on the customer's page with a reason; the shopper sees it on their dashboard, ticks
// "Use my store credit" at checkout (the summary takes it off the total), places the order, and
// the order, the tracking page and the dashboard's history show what was spent.
import { describe, expect, it } from 'vitest';
import { newShopper, signUpAndConfirm } from './accounts-helpers.ts';
import {
  expectMessage,
  expectNoSidewaysScroll,
  SLOW,
  setupAdmin,
  userIdOf,
  WIDTHS,
} from './admin-helpers.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { openPage } from './browser.ts';
import {
  addToCart,
  checkoutForm,
  fillCheckout,
  kobo,
  lagosDelivery,
  naira,
  PAYMENT,
  pickProduct,
  summaryFigure,
  waitForPath,
} from './shop-helpers.ts';

const t = setupAdmin('Kemi Store-Credit');
const SHOTS = process.env.SCREENSHOTS_DIR;

for (const width of WIDTHS) {
  describe(`store credit at ${width.viewport.width} px (${width.name})`, () => {
    it('granted by the owner, shown on the dashboard, spent at checkout and recorded', async () => {
      const customer = newShopper(`credit-${width.name}`, 'Funmi Adeyemi');
      const shopper = await t.open(width, { signedIn: false });
      await signUpAndConfirm(shopper, t.mailbox, customer);

      // The owner adds ₦20,000 with a reason.
      const owner = await t.open(width);
      const id = await userIdOf(owner, customer.email);
      await openPage(owner, `/admin/users/${id}`);
      const adjust = owner.locator('details').filter({ hasText: 'Adjust store credit…' });
      await adjust.locator('summary').click();
      await adjust.getByRole('radio', { name: 'Add credit' }).check();
      await adjust.getByLabel('Amount (₦)').fill('20,000');
      await adjust.getByLabel(/^Reason/).fill('Layaway plan ended: deposit kept as credit');
      await adjust.getByRole('button', { name: 'Save adjustment' }).click();
      await expectMessage(owner, /Store credit adjusted/);
      const card = owner.getByRole('region', { name: 'Store credit' });
      await card.getByText(naira(2_000_000), { exact: true }).first().waitFor(SLOW);
      await expectNoSidewaysScroll(owner, 'the customer page');
      await expectNoSeriousViolations(owner, 'the customer page with its store credit');
      if (SHOTS) await owner.screenshot({ path: `${SHOTS}/credit-admin-${width.name}.png`, fullPage: true });

      // The shopper sees it on their dashboard.
      await openPage(shopper, '/dashboard?tab=credit');
      await shopper.getByRole('heading', { name: 'Store Credit' }).waitFor(SLOW);
      await shopper.getByText(naira(2_000_000), { exact: true }).first().waitFor(SLOW);
      await shopper.getByText('Layaway plan ended: deposit kept as credit').waitFor(SLOW);
      await expectNoSidewaysScroll(shopper, 'the store credit tab');
      await expectNoSeriousViolations(shopper, 'the store credit tab');

      // At checkout the box is ticked: the summary takes the credit off the total.
      const { product, inStock } = await pickProduct({ variants: 1, minStock: 2 });
      const variant = inStock[0]!;
      await addToCart(shopper, product, variant, 1, 1);
      await openPage(shopper, '/checkout');
      const form = checkoutForm(shopper);
      await fillCheckout(shopper, lagosDelivery(customer.email, customer.name), ['email']);
      const box = form.getByRole('checkbox', { name: `Use my store credit (${naira(2_000_000)} available)` });
      expect(await box.isChecked()).toBe(true);
      const fee = await summaryFigure(shopper, 'Shipping').innerText();
      const used = Math.min(2_000_000, variant.priceKobo + (fee.includes('₦') ? kobo(fee) : 0));
      await expect
        .poll(async () => kobo(await summaryFigure(shopper, 'Store credit').innerText()), SLOW)
        .toBe(used);
      const total = kobo(await summaryFigure(shopper, 'Total').innerText());
      // Unticked, the row goes and the total comes back; ticked again, it returns.
      await box.uncheck();
      await expect
        .poll(async () => kobo(await summaryFigure(shopper, 'Total').innerText()))
        .toBe(total + used);
      await box.check();
      await expect.poll(async () => kobo(await summaryFigure(shopper, 'Total').innerText())).toBe(total);
      await expectNoSidewaysScroll(shopper, 'the checkout with store credit');
      await expectNoSeriousViolations(shopper, 'the checkout with store credit');
      if (SHOTS)
        await shopper.screenshot({ path: `${SHOTS}/credit-checkout-${width.name}.png`, fullPage: true });

      await form.getByRole('radio', { name: PAYMENT.payOnDelivery }).check();
      await form.locator('button[type="submit"]').click();
      await waitForPath(shopper, '/payment-success');
      await shopper.getByText(`Store credit used: ${naira(used)}.`).waitFor(SLOW);

      // The history shows the spend against the order; the balance is what is left.
      await openPage(shopper, '/dashboard?tab=credit');
      await shopper.getByText('Spent on an order').waitFor(SLOW);
      await shopper.getByText(`−${naira(used)}`).waitFor(SLOW);
      await shopper
        .getByText(naira(2_000_000 - used), { exact: true })
        .first()
        .waitFor(SLOW);
      if (SHOTS)
        await shopper.screenshot({ path: `${SHOTS}/credit-dashboard-${width.name}.png`, fullPage: true });
    });
  });
}
