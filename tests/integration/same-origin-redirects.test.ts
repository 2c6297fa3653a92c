// Issue 29, defect 1: a redirect to a page of this shop is a same-origin path, never PUBLIC_URL +
// path. A shop opened at another address than PUBLIC_URL's (http://127.0.0.1:3000, or the machine's
// LAN address on a phone, while PUBLIC_URL says http://localhost:3000) must take the shopper from
// checkout to the sandbox's payment page and back, through sign-in and through an email link's
// landing, without ever being sent to PUBLIC_URL's host: the page's CSP (form-action 'self')
// refuses to follow a form's redirect to another origin, and the shopper is left where they were.
// Through HTTP, with every request for the other host, reading the raw Location header.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

/** The shop's configured address (emails, canonical tags) and the one the shopper opened. */
const PUBLIC_URL = 'http://localhost:3000';
const OPENED_AT = '127.0.0.1:3000';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await shop.close();
});

/** A browser on http://127.0.0.1:3000: its forms carry that origin. */
function shopperAtOtherHost(): TestClient {
  return new TestClient(shop.app, {
    headers: { host: OPENED_AT, origin: `http://${OPENED_AT}`, 'sec-fetch-site': 'same-origin' },
  });
}

/** The raw Location of a redirect: a path on this shop (one '/', no scheme, no host). */
function expectPathRedirect(res: LightMyRequestResponse, what: string): string {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(300);
  expect(res.statusCode, what).toBeLessThan(400);
  const location = String(res.headers.location ?? '');
  expect(location, `${what} redirects to ${location}`).toMatch(/^\/(?![/\\])/);
  return location;
}

describe('a shop opened at another address than PUBLIC_URL', () => {
  it('card checkout goes to the sandbox page and back by paths: the whole guest purchase stays on the host', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 2_500_000, stock: 3 }] });
    const client = shopperAtOtherHost();
    await addToCart(client, product.variants[0]!.id, 1);

    const placed = await client.post('/checkout', checkoutForm({ email: 'off.host@example.ng' }));
    const payPage = expectPathRedirect(placed, 'checkout (card, bank or USSD)');
    expect(payPage).toMatch(/^\/pay\/sandbox\/CH\d{12}-[0-9A-F]{8}$/);
    const reference = decodeURIComponent(payPage.split('/').at(-1)!);

    expect((await client.get(payPage)).statusCode).toBe(200);
    const paid = await client.post(payPage, { intent: 'pay' });
    expect(expectPathRedirect(paid, 'sandbox Pay')).toBe(
      `/payment-success?reference=${encodeURIComponent(reference)}`,
    );
    const success = await client.get(`/payment-success?reference=${encodeURIComponent(reference)}`);
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('Payment Successful!');
  });

  it('a cancelled sandbox payment, and trying again, stay on the host', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 1_500_000, stock: 3 }] });
    const client = shopperAtOtherHost();
    await addToCart(client, product.variants[0]!.id, 1);
    const payPage = expectPathRedirect(
      await client.post('/checkout', checkoutForm({ email: 'off.host.cancel@example.ng' })),
      'checkout',
    );
    const reference = decodeURIComponent(payPage.split('/').at(-1)!);
    const cancelled = await client.post(payPage, { intent: 'cancel' });
    expect(expectPathRedirect(cancelled, 'sandbox Cancel')).toBe(
      `/payment-canceled?reference=${encodeURIComponent(reference)}`,
    );
    const again = await client.post('/payment-canceled', { reference });
    expect(expectPathRedirect(again, 'Try Payment Again')).toMatch(/^\/pay\/sandbox\/CH\d{12}-[0-9A-F]{8}$/);
  });

  it('signing in goes back to the page asked for by its path', async () => {
    const user = await createUser(shop.database.db, { email: 'off.host.signin@example.ng' });
    const client = shopperAtOtherHost();
    const res = await client.post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
      redirectTo: '/wishlist',
    });
    expect(expectPathRedirect(res, 'sign-in')).toBe('/wishlist');
  });

  it("the email link's landing confirms and signs in by paths; only the email's own link is absolute", async () => {
    const email = 'off.host.signup@example.ng';
    const password = 'braids under the harmattan sun';
    const client = shopperAtOtherHost();
    const signedUp = await client.post('/auth', {
      intent: 'signup',
      name: 'Ada Off Host',
      email,
      password,
      confirmPassword: password,
      acceptTerms: 'on',
      redirectTo: '/wishlist',
    });
    expect(signedUp.body).toContain('Check your inbox');
    const mail = (await shop.mailTo(email)).find((m) => m.subject.startsWith('Confirm your email'));
    // The email's link names PUBLIC_URL: an email has no "current host".
    const link = new URL(linkIn(mail!.textBody, `${PUBLIC_URL}/auth/verify-email?`));
    const confirmed = await client.post(link.pathname + link.search, {
      intent: 'confirm',
      token: link.searchParams.get('token')!,
      next: link.searchParams.get('next') ?? undefined,
      password,
    });
    expect(expectPathRedirect(confirmed, 'confirming the email')).toBe('/wishlist');
    expect(client.session).toBeDefined();
  });
});
