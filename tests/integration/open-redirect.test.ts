// Open redirects, through HTTP: a hostile redirectTo / next never sends a shopper (or staff) off the
// shop, after signing in or after any form; every such redirect goes through core/safe-redirect.ts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { createTestShop, TEST_PUBLIC_URL, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let address = 0;
/** A new client address per client: the sign-in limit per address is not what this tests. */
const client = () =>
  new TestClient(shop.app, { remoteAddress: `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

const HOSTILE = [
  '/\t/evil.example',
  '/\t/evil.example/%2e%2e',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/%09/evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/.//evil.example',
  ' //evil.example',
];

/** Where a browser goes with this Location header: it drops tabs and newlines first. */
function expectStaysOnShop(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(302);
  const location = String(res.headers.location ?? '');
  const asBrowserReadsIt = location.replace(/[\t\n\r]/g, '').trim();
  expect(new URL(asBrowserReadsIt, TEST_PUBLIC_URL).origin, `${what} → ${JSON.stringify(location)}`).toBe(
    TEST_PUBLIC_URL,
  );
  expect(asBrowserReadsIt.startsWith('/'), what).toBe(true);
  expect(/^\/[/\\]/.test(asBrowserReadsIt), `${what} → ${JSON.stringify(location)}`).toBe(false);
  expect(decodeURIComponent(asBrowserReadsIt).startsWith('//'), what).toBe(false);
}

describe('hostile redirectTo', () => {
  it.each(HOSTILE)('signing in with redirectTo=%j lands on a page of the shop', async (hostile) => {
    const user = await createUser(shop.database.db);
    // The link a phisher sends: /auth?redirectTo=… (the page puts it into the form).
    const page = await client().get(`/auth?redirectTo=${encodeURIComponent(hostile)}`);
    expect(page.statusCode).toBe(200);
    const field = /name="redirectTo" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
    expect(field.startsWith('/') && !field.startsWith('//')).toBe(true);
    // Posted as the page's form would (and as an attacker might, with the value untouched).
    for (const redirectTo of [field, hostile]) {
      const res = await client().post('/auth', {
        intent: 'signin',
        email: user.email,
        password: TEST_PASSWORD,
        redirectTo,
      });
      expectStaysOnShop(res, `sign-in with ${JSON.stringify(redirectTo)}`);
    }
    // Already signed in: the page redirects at once.
    const signedIn = client();
    await signedIn.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    expectStaysOnShop(
      await signedIn.get(`/auth?redirectTo=${encodeURIComponent(hostile)}`),
      'signed-in /auth',
    );
  });

  it('the admin sign-in, the currency, cart, wishlist and newsletter forms, and the email confirmation link', async () => {
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const shopper = await createUser(shop.database.db);
    const signedIn = client();
    await signedIn.post('/auth', { intent: 'signin', email: shopper.email, password: TEST_PASSWORD });
    for (const hostile of HOSTILE) {
      expectStaysOnShop(
        await client().post('/admin/sign-in', {
          email: staff.email,
          password: TEST_PASSWORD,
          redirectTo: hostile,
        }),
        `admin sign-in ${JSON.stringify(hostile)}`,
      );
      expectStaysOnShop(
        await client().post('/currency', { currency: 'USD', redirectTo: hostile }),
        `currency ${JSON.stringify(hostile)}`,
      );
      expectStaysOnShop(
        await client().post('/cart', { intent: 'clear', redirectTo: hostile }),
        `cart ${JSON.stringify(hostile)}`,
      );
      expectStaysOnShop(
        await signedIn.post('/account/wishlist', { productId: '', intent: 'remove', redirectTo: hostile }),
        `wishlist ${JSON.stringify(hostile)}`,
      );
      expectStaysOnShop(
        await client().post('/newsletter', { email: `fan${address}@example.ng`, redirectTo: hostile }),
        `newsletter ${JSON.stringify(hostile)}`,
      );
    }

    // Signing up with a hostile redirectTo: the confirmation link's `next` stays on the shop.
    const newcomer = client();
    const email = `newcomer${address}@example.ng`;
    await newcomer.post('/auth', {
      intent: 'signup',
      name: 'Ada Newcomer',
      email,
      password: 'braids and bundles forever',
      confirmPassword: 'braids and bundles forever',
      acceptTerms: 'on',
      redirectTo: '/\t/evil.example',
    });
    const [mail] = await shop.mailTo(email);
    const link = new URL(linkIn(mail!.textBody, `${TEST_PUBLIC_URL}/auth/verify-email`));
    const token = link.searchParams.get('token')!;
    for (const next of [link.searchParams.get('next') ?? '', ...HOSTILE]) {
      const page = await newcomer.get(`/auth/verify-email?token=${token}&next=${encodeURIComponent(next)}`);
      const field = /name="next" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
      expect(field.startsWith('/') && !field.startsWith('//'), JSON.stringify(next)).toBe(true);
    }
    const confirmed = await newcomer.post('/auth/verify-email', {
      intent: 'confirm',
      token,
      password: 'braids and bundles forever',
      next: '/\t/evil.example',
    });
    expectStaysOnShop(confirmed, 'confirming the email');
  });
});
