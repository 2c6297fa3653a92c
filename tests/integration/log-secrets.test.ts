// No secret reaches a log line (ADR 018): a whole flow — sign up, confirm by the emailed link, sign
// in, reset the password by its link, a guest cart, a sandbox card payment with its signed
// webhook, a staff member's two-factor enrolment and sign-in — runs with every log line captured, and none of them holds any secret it used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '#server/platform/logger.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, LogCapture, TEST_PUBLIC_URL, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol, signInWithCode } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
const logs = new LogCapture();

beforeAll(async () => {
  shop = await createTestShop({ pages: true, logs });
});
afterAll(async () => {
  await shop.close();
});

const FIRST_PASSWORD = 'kente cloth at dawn 42';
const SECOND_PASSWORD = 'jollof rice on sunday 17';
const CARD_NUMBER = '4084084084084081';

/** Every captured line that contains `secret`, for the failure message. */
function linesWith(secret: string): string[] {
  return logs.lines.map((line) => JSON.stringify(line)).filter((text) => text.includes(secret));
}

describe('secrets in logs', () => {
  it('a full flow leaves no password, token, cookie, session id, signature or card number in any log line', async () => {
    const secrets = new Map<string, string>([
      ['first password', FIRST_PASSWORD],
      ['second password', SECOND_PASSWORD],
      ['card number', CARD_NUMBER],
    ]);
    const email = 'logged-shopper@example.ng';

    // Sign up, then confirm through the emailed link (opened, then pressed).
    const browser = new TestClient(shop.app);
    const signUp = await browser.post('/auth', {
      intent: 'signup',
      name: 'Ngozi Logged',
      email,
      password: FIRST_PASSWORD,
      confirmPassword: FIRST_PASSWORD,
      acceptTerms: 'on',
      redirectTo: '/wishlist',
    });
    expect(signUp.statusCode).toBe(200);
    const [welcome] = await shop.mailTo(email);
    const confirmLink = new URL(linkIn(welcome!.textBody, `${TEST_PUBLIC_URL}/auth/verify-email`));
    const confirmToken = confirmLink.searchParams.get('token')!;
    secrets.set('email confirmation token', confirmToken);
    expect((await browser.get(confirmLink.pathname + confirmLink.search)).statusCode).toBe(200);
    const confirmed = await browser.post('/auth/verify-email', {
      intent: 'confirm',
      token: confirmToken,
      password: FIRST_PASSWORD,
      next: '/wishlist',
    });
    expect(confirmed.statusCode).toBe(302);
    secrets.set('session after confirming', browser.session!);

    // Sign in elsewhere (and fail once, with a near-miss password).
    const laptop = new TestClient(shop.app);
    expect(
      (await laptop.post('/auth', { intent: 'signin', email, password: `${FIRST_PASSWORD}!` })).statusCode,
    ).toBe(401);
    secrets.set('near-miss password', `${FIRST_PASSWORD}!`);
    expect(
      (await laptop.post('/auth', { intent: 'signin', email, password: FIRST_PASSWORD })).statusCode,
    ).toBe(302);
    secrets.set('session after signing in', laptop.session!);
    expect((await laptop.get('/dashboard')).statusCode).toBe(200);
    expect((await laptop.get('/api/v1/account')).statusCode).toBe(200);

    // Forgot the password: the emailed link, opened and used.
    await new TestClient(shop.app).post('/auth/forgot-password', { email });
    const resetMail = (await shop.mailTo(email)).find((m) => m.subject.includes('Reset'))!;
    const resetLink = new URL(linkIn(resetMail.textBody, `${TEST_PUBLIC_URL}/auth/reset-password?`));
    const resetToken = resetLink.searchParams.get('token')!;
    secrets.set('password reset token', resetToken);
    const visitor = new TestClient(shop.app);
    expect((await visitor.get(resetLink.pathname + resetLink.search)).statusCode).toBe(200);
    const reset = await visitor.post('/auth/reset-password', {
      token: resetToken,
      password: SECOND_PASSWORD,
      confirmPassword: SECOND_PASSWORD,
    });
    expect(reset.statusCode).toBe(302);
    // A spent link, tried again: refused (and logged as a request like any other).
    await visitor.get(resetLink.pathname + resetLink.search);
    await visitor.post('/auth/reset-password', {
      token: resetToken,
      password: SECOND_PASSWORD,
      confirmPassword: SECOND_PASSWORD,
    });
    const again = new TestClient(shop.app);
    await again.post('/auth', { intent: 'signin', email, password: SECOND_PASSWORD });
    secrets.set('session after the reset', again.session!);

    // A guest's cart (its cookie), then a card payment in the sandbox with its signed webhook.
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const guest = new TestClient(shop.app);
    await addToCart(guest, product.variants[0]!.id, 1);
    const cartToken = guest.cookies.get('ch_cart')!;
    secrets.set('guest cart cookie', cartToken);
    expect((await guest.get('/cart')).statusCode).toBe(200);
    expect((await guest.get('/api/v1/cart')).json()).toMatchObject({ itemCount: 1 });
    const { reference, next } = await placeOrder(guest, checkoutForm({ email: 'logged-guest@example.ng' }));
    expect((await guest.get(next)).statusCode).toBe(200);
    const settled = await shop.services.payments.sandbox!.settle(reference, 'success');
    const signature = settled!.webhook!.headers['x-sandbox-signature']!;
    secrets.set('webhook signature', signature);
    const webhook = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      payload: settled!.webhook!.body,
    });
    expect(webhook.statusCode).toBe(200);
    expect((await guest.get(`/payment-success?reference=${encodeURIComponent(reference)}`)).statusCode).toBe(
      200,
    );
    // A forged webhook carrying card data: refused, and its body is not logged either.
    const forged = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'f'.repeat(128) },
      payload: JSON.stringify({
        event: 'charge.success',
        data: { reference, card: { number: CARD_NUMBER } },
      }),
    });
    expect(forged.statusCode).toBe(401);
    // Cookies sent with a request the shop does not know.
    await shop.app.inject({
      url: `/no-such-page?token=${resetToken}&password=${encodeURIComponent(SECOND_PASSWORD)}`,
      headers: { cookie: `ch_session=${again.session}; ch_cart=${cartToken}` },
    });

    // A staff member enrols a second factor and signs in again with a code and a recovery code.
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const enrolled = await signInAndEnrol(shop.app, { email: staff.email, password: TEST_PASSWORD });
    secrets.set('staff password', TEST_PASSWORD);
    secrets.set('two-factor secret', enrolled.secret);
    for (const [i, code] of enrolled.recoveryCodes.entries()) secrets.set(`recovery code ${i + 1}`, code);
    secrets.set('staff session', enrolled.client.session!);
    const withCode = await signInWithCode(
      shop.app,
      { email: staff.email, password: TEST_PASSWORD },
      enrolled.secret,
    );
    secrets.set('staff session after a code', withCode.session!);

    // The flow was logged (requests with their URLs) …
    const urls = logs.lines.map((l) => l.url).filter((u): u is string => typeof u === 'string');
    expect(urls.some((u) => u.startsWith('/auth/verify-email?token=[redacted]'))).toBe(true);
    expect(urls.some((u) => u.startsWith('/auth/reset-password?token=[redacted]'))).toBe(true);
    expect(urls).toContain('/api/webhooks/sandbox');
    // … the order reference stays visible (staff follow payments by it) …
    expect(linesWith(reference).length).toBeGreaterThan(0);
    // … and no secret is in any line.
    for (const [what, secret] of secrets) {
      expect(secret.length, what).toBeGreaterThan(8);
      expect(linesWith(secret), what).toEqual([]);
      expect(linesWith(encodeURIComponent(secret)), what).toEqual([]);
    }
  });

  it('the logger masks secrets whoever logs them: URLs, headers, fields, error messages', () => {
    const capture = new LogCapture();
    const log = createLogger({ level: 'info', destination: capture });
    const token = 'Zq3xY8pL0aB9cD7eF6gH5iJ4kL3mN2oP1qR0sT9uV8w';
    log.info({ url: `/auth/reset-password?token=${token}&step=2` }, 'request');
    log.info({ url: `https://shop.example/auth/verify/${token}` }, 'request');
    log.info(
      {
        headers: {
          cookie: `ch_session=${token}`,
          'x-paystack-signature': token,
          authorization: `Bearer ${token}`,
        },
      },
      'headers',
    );
    log.info({ password: 'hunter2 hunter2', user: { token, confirmPassword: 'x y z w' } }, 'fields');
    const error = new Error(
      `Failed query: update sessions set token_hash = $1\nparams: ${token},hunter2 hunter2`,
    );
    log.error({ err: error, url: `/auth/verify-email?token=${token}` }, 'error in a loader or action');
    log.warn(`could not open /auth/reset-password?token=${token}`);
    const text = capture.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(text).not.toContain(token);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('x y z w');
    expect(text).toContain('[redacted]');
    // What is useful stays: paths, other query values, references, error codes.
    expect(redactUrl('/collections/body-wave-bundle-12?sort=new&page=2')).toBe(
      '/collections/body-wave-bundle-12?sort=new&page=2',
    );
    expect(redactUrl('/payment-success?reference=CH202611230001-ab12cd')).toBe(
      '/payment-success?reference=CH202611230001-ab12cd',
    );
    expect(redactUrl('/media/0123456789abcdef01234567/320.jpg')).toBe(
      '/media/0123456789abcdef01234567/320.jpg',
    );
    expect(redactUrl(`/auth/verify-email?token=${token}&next=%2Fwishlist`)).toBe(
      '/auth/verify-email?token=[redacted]&next=%2Fwishlist',
    );
  });
});
