// Helpers for the account flows: a staff mailbox reader (the shop delivers its emails to the local
// mailbox while no SMTP server is set) and a shopper who signs up and confirms through it.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { openPage } from './browser.ts';
import { definition } from './shop-helpers.ts';

export const SUBJECTS = {
  confirm: 'Confirm your email address for Crown Hair',
  reset: 'Reset your Crown Hair password',
} as const;

/** The links of the admin mailbox's list of messages (one per email). */
export function mailboxMessages(page: Page): Locator {
  return page.getByRole('list', { name: 'Messages', exact: true }).getByRole('link');
}

/** An opened email's text body: the block under its "Text" heading. */
export function mailText(page: Page): Locator {
  return page.getByRole('region', { name: 'Text', exact: true }).locator('pre');
}

/** Whom an opened email went to (its "To" line). */
export function mailTo(page: Page): Locator {
  return definition(page, 'To');
}

let counter = 0;
/** An address no other test (or earlier run) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${process.pid}.${counter}@example.ng`;
}

/**
 * The admin portal's mailbox, read by the demo admin in a browser context of its own (so the
 * shopper's cookies are never touched). Signs in once, on first use.
 */
export class Mailbox {
  private context: BrowserContext | undefined;
  private page: Page | undefined;

  constructor(
    private readonly browser: () => Browser,
    private readonly baseUrl: () => string,
  ) {}

  private async adminPage(): Promise<Page> {
    if (this.page) return this.page;
    this.context = await this.browser().newContext({ baseURL: this.baseUrl() });
    const page = await this.context.newPage();
    await openPage(page, '/admin');
    const demo = page.getByRole('region', { name: 'Demo shop: demo admin credentials' });
    expect(await demo.innerText()).toContain(DEMO_ADMIN.email);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    this.page = page;
    return page;
  }

  /** Waits for the newest email to `to` with `subject` and opens it in the admin page. */
  private async open(to: string, subject: string, timeoutMs: number): Promise<Page> {
    const page = await this.adminPage();
    const item = mailboxMessages(page).filter({ hasText: subject }).first();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await page.goto(`/admin/mailbox?to=${encodeURIComponent(to)}`);
      if ((await item.count()) > 0) break;
      if (Date.now() > deadline) throw new Error(`No email "${subject}" to ${to} after ${timeoutMs} ms`);
      await page.waitForTimeout(500); // the outbox worker delivers every 2 s
    }
    const href = await item.getAttribute('href');
    await page.goto(href ?? '');
    expect(await mailTo(page).innerText()).toBe(to);
    return page;
  }

  /** Waits for the newest email to `to` with `subject` and returns its subject and text body. */
  async message(to: string, subject: string, timeoutMs = 15_000): Promise<{ subject: string; text: string }> {
    const page = await this.open(to, subject, timeoutMs);
    return {
      subject: await page.getByRole('heading', { level: 1 }).innerText(),
      text: await mailText(page).innerText(),
    };
  }

  /**
   * Waits for the newest email to `to` with `subject` and returns the first link in its text that
   * goes to `path`.
   */
  async link(to: string, subject: string, path: string, timeoutMs = 15_000): Promise<string> {
    const page = await this.open(to, subject, timeoutMs);
    const links = await mailText(page)
      .locator('a')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const found = links.find((l) => new URL(l).pathname === path);
    if (!found)
      throw new Error(`The email "${subject}" to ${to} has no link to ${path}: ${links.join(', ')}`);
    return found;
  }

  async close() {
    await this.context?.close().catch(() => {});
    this.context = undefined;
    this.page = undefined;
  }
}

export interface Shopper {
  name: string;
  email: string;
  password: string;
}

export function newShopper(label: string, name = 'Adaeze Okonkwo'): Shopper {
  return { name, email: uniqueEmail(label), password: 'Harmattan breeze over Lekki 7' };
}

/** Fills the Sign Up tab of /auth (already open) and presses Create Account. */
export async function fillSignUp(page: Page, shopper: Shopper, confirmPassword = shopper.password) {
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full name').fill(shopper.name);
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  await form.getByLabel('Confirm password', { exact: true }).fill(confirmPassword);
  await form.getByRole('checkbox', { name: /I agree to the Terms of Sale and the Privacy Policy/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Signs up on /auth?tab=signup, follows the confirmation link from the mailbox and confirms: the
 * page ends on /dashboard, signed in.
 */
export async function signUpAndConfirm(page: Page, mailbox: Mailbox, shopper: Shopper) {
  await openPage(page, '/auth?tab=signup');
  await fillSignUp(page, shopper);
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  const inbox = page.getByRole('main').getByRole('status').filter({ hasText: 'We have sent a link to' });
  expect(await inbox.innerText()).toContain(shopper.email);

  const link = await mailbox.link(shopper.email, SUBJECTS.confirm, '/auth/verify-email');
  expect(new URL(link).searchParams.get('token')).toBeTruthy();
  await openPage(page, link);
  await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
  await page.getByLabel('Your password').fill(shopper.password);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

/** Signs in on /auth with JavaScript on; `remember` ticks "Remember me". */
export async function signIn(page: Page, shopper: Pick<Shopper, 'email' | 'password'>, remember = false) {
  await openPage(page, '/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(shopper.password);
  if (remember) await form.getByRole('checkbox', { name: 'Remember me' }).check();
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'ch_session');
}
