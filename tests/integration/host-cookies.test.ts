// Session and guest-cart cookies over https carry the `__Host-` prefix (ADR 018): Secure, Path=/,
// no Domain, so no sibling sub-domain or plain-http attacker can plant or overwrite them. Over
// plain http (local development) the names stay plain.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let https: TestShop;
let http: TestShop;

beforeAll(async () => {
  https = await createTestShop({ pages: true, publicUrl: 'https://shop.example' });
  http = await createTestShop({ pages: true });
});
afterAll(async () => {
  await https?.close();
  await http?.close();
});

/** The raw Set-Cookie lines of a response. */
function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

function cookieLine(res: LightMyRequestResponse, name: string): string {
  const line = setCookies(res).find((c) => c.startsWith(`${name}=`));
  expect(line, `Set-Cookie ${name} in ${JSON.stringify(setCookies(res))}`).toBeDefined();
  return line!;
}

/** What a browser requires of a `__Host-` cookie. */
function expectHostCookie(line: string) {
  const attributes = line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attributes).toContain('secure');
  expect(attributes).toContain('path=/');
  expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
  expect(attributes).toContain('httponly');
}

describe('cookies over https', () => {
  it('signing in sets __Host-ch_session (Secure, Path=/, no Domain), and the prefixed cookie is recognised', async () => {
    const user = await createUser(https.database.db);
    const client = new TestClient(https.app);
    const res = await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(302);
    expect(setCookies(res).some((c) => c.startsWith('ch_session='))).toBe(false);
    const line = cookieLine(res, '__Host-ch_session');
    expectHostCookie(line);
    const token = client.cookies.get('__Host-ch_session')!;
    expect(token.length).toBeGreaterThan(20);

    // The browser sends it back: the shopper is signed in.
    const me = await https.app.inject({
      url: '/api/v1/account',
      headers: { cookie: `__Host-ch_session=${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: user.email });
    // The same value under the plain name is not accepted over https (it could have been planted).
    const plain = await https.app.inject({
      url: '/api/v1/account',
      headers: { cookie: `ch_session=${token}` },
    });
    expect(plain.statusCode).toBe(401);

    // Signing out clears the prefixed cookie.
    const out = await client.post('/auth/sign-out', {});
    const cleared = cookieLine(out, '__Host-ch_session');
    expectHostCookie(cleared);
    expect(cleared.toLowerCase()).toContain('max-age=0');
    expect(
      (await https.app.inject({ url: '/api/v1/account', headers: { cookie: `__Host-ch_session=${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it("a guest's cart lives in __Host-ch_cart, and is found again by it", async () => {
    const product = await createProduct(https.database.db, { variants: [{ stock: 5 }] });
    const client = new TestClient(https.app);
    const res = await addToCart(client, product.variants[0]!.id, 2);
    expect(res.statusCode).toBe(302);
    expect(setCookies(res).some((c) => c.startsWith('ch_cart='))).toBe(false);
    expectHostCookie(cookieLine(res, '__Host-ch_cart'));
    const token = client.cookies.get('__Host-ch_cart')!;
    const cart = await https.app.inject({
      url: '/api/v1/cart',
      headers: { cookie: `__Host-ch_cart=${token}` },
    });
    expect(cart.json()).toMatchObject({ itemCount: 2 });
    const plain = await https.app.inject({ url: '/api/v1/cart', headers: { cookie: `ch_cart=${token}` } });
    expect(plain.json()).toMatchObject({ itemCount: 0 });

    // Signing in merges it into the account and clears the prefixed guest cookie.
    const user = await createUser(https.database.db);
    const signIn = await client.post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(302);
    expect(cookieLine(signIn, '__Host-ch_cart').toLowerCase()).toContain('max-age=0');
    const merged = await client.get('/api/v1/cart');
    expect(merged.json()).toMatchObject({ itemCount: 2 });
  });

  it('a request arriving over https (behind the proxy that says so) gets the prefix too', async () => {
    const proxied = await createTestShop({ pages: true, trustProxy: ['loopback'] });
    try {
      const user = await createUser(proxied.database.db);
      const res = await new TestClient(proxied.app, { headers: { 'x-forwarded-proto': 'https' } }).post(
        '/auth',
        {
          intent: 'signin',
          email: user.email,
          password: TEST_PASSWORD,
        },
      );
      expect(res.statusCode).toBe(302);
      expectHostCookie(cookieLine(res, '__Host-ch_session'));
    } finally {
      await proxied.close();
    }
  });
});

describe('cookies over plain http (local development)', () => {
  it('keep their plain names, without Secure (a browser would drop a Secure cookie over http)', async () => {
    const user = await createUser(http.database.db);
    const client = new TestClient(http.app);
    const res = await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const line = cookieLine(res, 'ch_session');
    expect(line.toLowerCase()).not.toContain('secure');
    expect(setCookies(res).some((c) => c.startsWith('__Host-'))).toBe(false);
    expect((await client.get('/api/v1/account')).statusCode).toBe(200);
  });
});
