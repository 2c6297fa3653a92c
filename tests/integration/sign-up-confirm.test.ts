// Confirming an email after sign-up must not let a different password in: the password that
// becomes usable is only the one chosen by whoever reads the inbox. Through HTTP, as a browser
// without JavaScript posts the forms, on a fresh database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, TestClient, withoutNonces } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

const ATTACKER_PASSWORD = 'stolen bundles at midnight';
const VICTIM_PASSWORD = 'my own closure wig 2026';

function signUpForm(email: string, password: string, name = 'Someone') {
  return { intent: 'signup', name, email, password, confirmPassword: password, acceptTerms: 'on' };
}

/** The newest confirmation link in the inbox, as path + query. */
async function newestConfirmLink(email: string): Promise<URL> {
  const mails = await shop.mailTo(email);
  const confirm = mails.find((m) => m.subject.startsWith('Confirm your email'));
  if (!confirm) throw new Error(`No confirmation mail for ${email}`);
  return new URL(linkIn(confirm.textBody, 'http://shop.test/auth/verify-email?'));
}

async function signsIn(email: string, password: string): Promise<boolean> {
  const client = new TestClient(shop.app);
  const res = await client.post('/auth', { intent: 'signin', email, password });
  return res.statusCode === 302 && client.session !== undefined;
}

async function confirm(client: TestClient, link: URL, password?: string) {
  return client.post(link.pathname + link.search, {
    intent: 'confirm',
    token: link.searchParams.get('token')!,
    password,
  });
}

describe('confirming a sign-up', () => {
  it("a stranger's sign-up with my address: confirming it never lets the stranger's password in", async () => {
    const email = 'victim-one@example.ng';
    // The attacker signs up with the victim's address and a password of their own.
    const attacker = await new TestClient(shop.app).post(
      '/auth',
      signUpForm(email, ATTACKER_PASSWORD, 'Evil'),
    );
    expect(attacker.body).toContain('Check your inbox');

    // The victim finds the mail and presses the button (they never chose a password here).
    const link = await newestConfirmLink(email);
    const victim = new TestClient(shop.app);
    const page = await victim.get(link.pathname + link.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my email');
    await confirm(victim, link, VICTIM_PASSWORD);
    await confirm(victim, link);

    // The attacker's password does not work, and the victim was not signed into their account.
    expect(await signsIn(email, ATTACKER_PASSWORD)).toBe(false);
    expect(victim.session).toBeUndefined();

    // The victim takes the address with a password reset, which proves they read the inbox.
    await new TestClient(shop.app).post('/auth/forgot-password', { email });
    const mails = await shop.mailTo(email);
    const reset = mails.find((m) => m.subject.startsWith('Reset your'));
    const resetUrl = new URL(linkIn(reset!.textBody, 'http://shop.test/auth/reset-password?'));
    const done = await new TestClient(shop.app).post(resetUrl.pathname + resetUrl.search, {
      token: resetUrl.searchParams.get('token')!,
      password: VICTIM_PASSWORD,
      confirmPassword: VICTIM_PASSWORD,
    });
    expect(done.statusCode).toBeLessThan(400);
    expect(await signsIn(email, VICTIM_PASSWORD)).toBe(true);
    expect(await signsIn(email, ATTACKER_PASSWORD)).toBe(false);
  });

  it('signing up again before confirming: only the newest password, typed by the confirmer, gets in', async () => {
    const email = 'victim-two@example.ng';
    // Someone signed up first (an attacker, or the shopper with a password they since forgot).
    await new TestClient(shop.app).post('/auth', signUpForm(email, ATTACKER_PASSWORD, 'Evil'));
    // The inbox owner signs up with their own password: the same answer as for any new address.
    const again = await new TestClient(shop.app).post(
      '/auth',
      signUpForm(email, VICTIM_PASSWORD, 'Ngozi Eze'),
    );
    const fresh = await new TestClient(shop.app).post(
      '/auth',
      signUpForm('nobody-else@example.ng', VICTIM_PASSWORD, 'Ngozi Eze'),
    );
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(withoutNonces(again.body).replaceAll(email, 'X')).toBe(
      withoutNonces(fresh.body).replaceAll('nobody-else@example.ng', 'X'),
    );

    const link = await newestConfirmLink(email);
    const owner = new TestClient(shop.app);
    // The earlier sign-up's password does not confirm it.
    const wrong = await confirm(owner, link, ATTACKER_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(owner.session).toBeUndefined();

    const confirmed = await confirm(owner, link, VICTIM_PASSWORD);
    expect(confirmed.statusCode).toBe(302);
    expect(owner.session).toBeDefined();
    const dashboard = await owner.get('/dashboard');
    expect(dashboard.body).toMatch(/Hello, (<!-- -->)?Ngozi/);

    expect(await signsIn(email, ATTACKER_PASSWORD)).toBe(false);
    expect(await signsIn(email, VICTIM_PASSWORD)).toBe(true);
  });

  it("an earlier sign-up's link stops working once the address signs up again", async () => {
    const email = 'twice@example.ng';
    await new TestClient(shop.app).post('/auth', signUpForm(email, ATTACKER_PASSWORD));
    const first = await newestConfirmLink(email);
    await new TestClient(shop.app).post('/auth', signUpForm(email, VICTIM_PASSWORD));
    const stale = await confirm(new TestClient(shop.app), first, ATTACKER_PASSWORD);
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('expired or has already been used');
    expect(await signsIn(email, ATTACKER_PASSWORD)).toBe(false);
  });
});
