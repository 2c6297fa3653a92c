import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import {
  fillSignUp,
  Mailbox,
  newShopper,
  type Shopper,
  SUBJECTS,
  sessionCookie,
  signIn,
  signUpAndConfirm,
} from './accounts-helpers.ts';
import { openPage, setupBrowser } from './browser.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const header = (page: Page) =>
  page.locator('header').filter({ has: page.getByRole('link', { name: 'Cart' }) });

/** The header's link to the signed-in shopper's account (named with their first name). */
const accountLink = (page: Page) => header(page).locator('a[href="/dashboard"]');

/** The header of a signed-out visitor: a Login link, no account link, no Logout. */
async function expectSignedOutHeader(page: Page) {
  await header(page).getByRole('link', { name: 'Login' }).waitFor();
  expect(await accountLink(page).count()).toBe(0);
  expect(await header(page).getByRole('button', { name: 'Logout' }).count()).toBe(0);
}

/** Presses the header's Logout button and waits for the home page. */
async function logOut(page: Page) {
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expectSignedOutHeader(page);
}

/** A signed-out visit to /dashboard is sent to sign in, and brought back afterwards. */
async function expectDashboardRefused(page: Page) {
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/dashboard');
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
}

describe('accounts (JavaScript on)', () => {
  const t = setupBrowser();
  const mailbox = new Mailbox(
    () => t.browser,
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());

  it('signs up, confirms by email, signs out, signs in remembered, updates the profile and changes the password', async () => {
    const { page, context } = t;
    const shopper = newShopper('journey');
    await signUpAndConfirm(page, mailbox, shopper);

    // Confirming signed the shopper in, for this browser session only.
    await page.getByRole('heading', { name: 'Hello, Adaeze' }).waitFor();
    expect(await accountLink(page).innerText()).toBe('Adaeze');
    expect(await accountLink(page).getAttribute('href')).toBe('/dashboard');
    const confirmedCookie = await sessionCookie(context);
    expect(confirmedCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', expires: -1 });

    // Logout: the header says Login and the dashboard asks to sign in.
    await logOut(page);
    expect(await sessionCookie(context)).toBeUndefined();
    await expectDashboardRefused(page);

    // Sign in with "Remember me": the cookie outlives the browser (about 60 days).
    await openPage(page, '/auth');
    const signInForm = page.getByRole('form', { name: 'Sign in' });
    const password = signInForm.getByLabel('Password', { exact: true });
    await password.fill(shopper.password);
    await signInForm.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await signInForm.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await signIn(page, shopper, true);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await accountLink(page).innerText()).toBe('Adaeze');
    const remembered = await sessionCookie(context);
    expect(remembered).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(remembered?.value).not.toBe(confirmedCookie?.value);
    expect(remembered!.expires * 1000).toBeGreaterThan(Date.now() + 50 * DAY_MS);
    expect(remembered!.expires * 1000).toBeLessThan(Date.now() + 61 * DAY_MS);

    // Profile: a bad phone number is explained and what was typed is kept.
    const profile = page.getByRole('form', { name: 'Profile' });
    expect(await profile.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);
    expect(await profile.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    const state = profile.getByLabel('State');
    expect(await state.locator('option').count()).toBe(NIGERIAN_STATES.length + 1);
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(await state.locator('option').allInnerTexts()).toContain('FCT (Abuja)');

    await profile.getByLabel('Full name').fill('Adaeze Grace Okonkwo');
    await profile.getByLabel('Phone').fill('12345');
    await profile.getByLabel('Street address').fill('12 Admiralty Way');
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await profile.locator('[data-field-error="phone"]').waitFor();
    expect(await profile.locator('[data-field-error="phone"]').innerText()).toMatch(
      /^Enter a Nigerian phone number/,
    );
    expect(await profile.getByLabel('Phone').inputValue()).toBe('12345');
    expect(await profile.getByLabel('Full name').inputValue()).toBe('Adaeze Grace Okonkwo');
    expect(await profile.getByLabel('Street address').inputValue()).toBe('12 Admiralty Way');

    // A good one is saved, and everything survives a reload.
    await profile.getByLabel('Phone').fill('0803 123 4567');
    await profile.getByLabel('Date of birth').fill('1994-03-15');
    await profile.getByLabel('City / LGA').fill('Lekki Phase 1');
    await state.selectOption('Lagos');
    await profile.getByLabel('Landmark').fill('Opposite Shoprite');
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await profile.getByText('Your profile has been updated.').waitFor();
    expect(await profile.locator('[data-field-error]').count()).toBe(0);

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await profile.getByLabel('Full name').inputValue()).toBe('Adaeze Grace Okonkwo');
    expect(await profile.getByLabel('Phone').inputValue()).toBe('0803 123 4567');
    expect(await profile.getByLabel('Date of birth').inputValue()).toBe('1994-03-15');
    expect(await profile.getByLabel('Street address').inputValue()).toBe('12 Admiralty Way');
    expect(await profile.getByLabel('City / LGA').inputValue()).toBe('Lekki Phase 1');
    expect(await state.inputValue()).toBe('Lagos');
    expect(await profile.getByLabel('Landmark').inputValue()).toBe('Opposite Shoprite');
    expect(await profile.getByText('Your profile has been updated.').count()).toBe(0);

    // Another device, signed in before the password change, is signed out by it.
    const otherDevice = await t.browser.newContext({ baseURL: t.baseUrl });
    try {
      const other = await otherDevice.newPage();
      await signIn(other, shopper);
      await other.waitForURL((url) => url.pathname === '/dashboard');

      // Settings: change the password.
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'settings');
      await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
      for (const label of [/^Order updates/, /^Promotional emails/, /^Back in stock/]) {
        expect(await page.getByRole('checkbox', { name: label }).count()).toBe(1);
      }
      const change = page.getByRole('form', { name: 'Change password' });
      const newPassword = 'Yellow danfo at Obalende 42';
      await change.getByLabel('Current password', { exact: true }).fill(shopper.password);
      await change.getByLabel('New password', { exact: true }).fill(newPassword);
      await change.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await change.getByRole('button', { name: 'Change Password' }).click();
      await change
        .getByText('Your password has been changed. You have been signed out on every other device.')
        .waitFor();

      // This browser stays signed in (still remembered); the other device does not.
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(await accountLink(page).innerText()).toBe('Adaeze');
      const afterChange = await sessionCookie(context);
      expect(afterChange?.value).not.toBe(remembered?.value);
      expect(afterChange!.expires * 1000).toBeGreaterThan(Date.now() + 50 * DAY_MS);
      await expectDashboardRefused(other);

      // The old password is refused; the new one works.
      await logOut(page);
      await signIn(page, shopper);
      const refused = page.getByRole('form', { name: 'Sign in' });
      await refused.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect(await refused.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);
      // What was typed is kept, never the password.
      expect(await refused.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await expectSignedOutHeader(page);

      await signIn(page, { email: shopper.email, password: newPassword });
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(await accountLink(page).innerText()).toBe('Adaeze');
      // Signed in without "Remember me" this time: a browser-session cookie.
      expect((await sessionCookie(context))?.expires).toBe(-1);
    } finally {
      await otherDevice.close();
    }
  });

  it('resets a forgotten password with the emailed link, which works only once', async () => {
    const { page } = t;
    const shopper = newShopper('reset', 'Bisi Adeyemi');
    // The shopper is signed in on one device…
    await signUpAndConfirm(page, mailbox, shopper);

    // …and has forgotten the password on another.
    const guest = await t.browser.newContext({ baseURL: t.baseUrl });
    try {
      const other = await guest.newPage();
      await openPage(other, '/auth');
      await other.getByRole('link', { name: 'Forgot password?' }).click();
      await other.waitForURL((url) => url.pathname === '/auth/forgot-password');
      // The URL changes before React swaps the page: until the new heading is shown, "Email" is
      // still the sign-in form's field, and the reset form would be sent empty.
      await other.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await other.getByLabel('Email', { exact: true }).fill(shopper.email);
      await other.getByRole('button', { name: 'Send reset link' }).click();
      await other.getByText(`If ${shopper.email} has an account, we have sent it a link`).waitFor();

      const link = await mailbox.link(shopper.email, SUBJECTS.reset, '/auth/reset-password');
      await openPage(other, link);
      await other.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      const newPassword = 'Suya by the lagoon at dusk 9';
      await other.getByLabel('New password', { exact: true }).fill(newPassword);
      await other.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await other.getByRole('button', { name: 'Save new password' }).click();
      await other.waitForURL(
        (url) => url.pathname === '/auth' && url.searchParams.get('notice') === 'password-reset',
      );
      await other
        .getByText('Your password has been changed and you were signed out everywhere. Please sign in.')
        .waitFor();

      // Signed out everywhere: the first device too.
      await expectDashboardRefused(page);

      // The old password no longer works, the new one does.
      await signIn(other, shopper);
      await other.getByText('Incorrect email or password.').waitFor();
      await signIn(other, { email: shopper.email, password: newPassword });
      await other.waitForURL((url) => url.pathname === '/dashboard');
      expect(await accountLink(other).innerText()).toBe('Bisi');

      // The link works once.
      await openPage(page, link);
      await page.getByText('This reset link has expired or has already been used.').waitFor();
      expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Send me a new link' }).waitFor();
    } finally {
      await guest.close();
    }
  });

  it('says "Passwords do not match" and sends nothing when the two passwords differ', async () => {
    const { page } = t;
    const shopper = newShopper('mismatch');
    await openPage(page, '/auth');
    await page
      .getByRole('navigation', { name: 'Sign in or sign up' })
      .getByRole('link', { name: 'Sign Up' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'signup');

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(`${request.method()} ${request.url()}`);
    });
    await fillSignUp(page, shopper, `${shopper.password} (typo)`);
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByText('Passwords do not match').waitFor();
    expect(await form.getByLabel('Confirm password', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await page.getByRole('heading', { name: 'Check your inbox' }).count()).toBe(0);
    expect(posts).toEqual([]);
    // What was typed stays.
    expect(await form.getByLabel('Full name').inputValue()).toBe(shopper.name);
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);

    // Fixing the typo sends the form.
    await form.getByLabel('Confirm password', { exact: true }).fill(shopper.password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(posts).toHaveLength(1);
  });

  it('merges a guest wishlist into the account on sign-in, and shows it on every device', async () => {
    const shopper: Shopper = newShopper('wishlist', 'Funke Balogun');
    // An existing, confirmed account (created in a browser of its own, then left).
    const setup = await t.browser.newContext({ baseURL: t.baseUrl });
    try {
      await signUpAndConfirm(await setup.newPage(), mailbox, shopper);
    } finally {
      await setup.close();
    }

    const res = await fetch(`${inject('baseUrl')}/api/v1/products?pageSize=1`);
    const product = ((await res.json()) as { items: { id: number; slug: string; name: string }[] }).items[0]!;

    // As a guest: heart the product; it is kept in this browser.
    const { page } = t;
    await openPage(page, productPath(product));
    const heart = page.getByRole('button', { name: /wishlist$/ });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe(JSON.stringify([product.id]));

    // Signing in moves it to the account and empties the browser's list.
    await signIn(page, shopper);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]')), {
        timeout: 10_000,
      })
      .toEqual([]);

    const expectOnWishlist = async (p: Page) => {
      await openPage(p, '/wishlist');
      await p
        .getByRole('main')
        .getByText(/^\d+ items?$/)
        .waitFor();
      expect(await p.getByRole('article').locator('h3').allInnerTexts()).toEqual([product.name]);
      expect(
        await p
          .getByRole('main')
          .getByText(/^\d+ items?$/)
          .innerText(),
      ).toBe('1 item');
    };
    await expectOnWishlist(page);
    await openPage(page, productPath(product));
    expect(await page.getByRole('button', { name: /wishlist$/ }).getAttribute('aria-pressed')).toBe('true');

    // Another browser, signed in as the same shopper, sees it too.
    const otherDevice = await t.browser.newContext({ baseURL: t.baseUrl });
    try {
      const other = await otherDevice.newPage();
      await signIn(other, shopper);
      await other.waitForURL((url) => url.pathname === '/dashboard');
      await expectOnWishlist(other);
      expect(await other.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();

      // The signed-in heart saves on the server, in place (the product page's island posts it).
      await openPage(other, productPath(product));
      const saved = other.getByRole('button', { name: /wishlist$/ });
      expect(await saved.getAttribute('aria-pressed')).toBe('true');
      await saved.click();
      await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('false');
      expect(await saved.getAttribute('aria-label')).toBe('Add to wishlist');
      expect(other.url()).toContain(productPath(product));
      await openPage(other, productPath(product));
      expect(await other.getByRole('button', { name: /wishlist$/ }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      expect(await other.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
      await other.getByRole('button', { name: /wishlist$/ }).click();
      await expect
        .poll(() => other.getByRole('button', { name: /wishlist$/ }).getAttribute('aria-pressed'))
        .toBe('true');
      await expectOnWishlist(other);
    } finally {
      await otherDevice.close();
    }
  });
});

describe('accounts with JavaScript off', () => {
  const t = setupBrowser({ javaScriptEnabled: false });
  const mailbox = new Mailbox(
    () => t.browser,
    () => t.baseUrl,
  );
  afterAll(() => mailbox.close());

  it('signs in, refuses a wrong password keeping the email, and signs out', async () => {
    const shopper = newShopper('nojs', 'Chidi Eze');
    // The account is made (and confirmed) in a browser with JavaScript on.
    const setup = await t.browser.newContext({ baseURL: t.baseUrl, javaScriptEnabled: true });
    try {
      await signUpAndConfirm(await setup.newPage(), mailbox, shopper);
    } finally {
      await setup.close();
    }

    const { page, context } = t;
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    // The show-password toggle needs JavaScript, so it is not offered.
    expect(await form.getByRole('button', { name: 'Show password' }).count()).toBe(0);

    // A wrong password: the error, with the email kept.
    await form.getByLabel('Email', { exact: true }).fill(shopper.email);
    await form.getByLabel('Password', { exact: true }).fill('Not my password at all 1');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await form.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(shopper.email);
    expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await sessionCookie(context)).toBeUndefined();

    // The right one: the dashboard, and the header shows the shopper.
    await form.getByLabel('Password', { exact: true }).fill(shopper.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Hello, Chidi' }).waitFor();
    expect(await accountLink(page).innerText()).toBe('Chidi');
    await header(page).getByRole('button', { name: 'Logout' }).waitFor();
    expect((await sessionCookie(context))?.expires).toBe(-1);

    // Signing out works as a plain form post.
    await logOut(page);
    expect(await sessionCookie(context)).toBeUndefined();
    await expectDashboardRefused(page);
  });
});
