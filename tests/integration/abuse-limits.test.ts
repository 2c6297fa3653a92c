// Abuse limits as an attacker meets them, over HTTP on a real database: every form and lookup
// that writes or reveals answers 429 with Retry-After once a client (address or session) has
// done it too often, and a page says so in words instead of an error. The limits here are set
// small through the shop's configuration (RATE_LIMITS in production).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '#server/env.ts';
import { SIGN_IN_DELAY } from '#server/modules/accounts/accounts.service.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

// Counts every password the shop judges (argon2 verifications), passing each one through.
const judged = vi.hoisted(() => ({ count: 0 }));
vi.mock('#server/platform/auth/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#server/platform/auth/password.ts')>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      judged.count += 1;
      return original.verifyPassword(...args);
    },
  };
});

let shop: TestShop;
let variantId: number;
let nextAddress = 1;

/** A browser at its own address (so each test counts from zero). */
function newClient(ip = freshAddress()): TestClient {
  return new TestClient(shop.app, { remoteAddress: ip });
}
function freshAddress(): string {
  nextAddress += 1;
  return `41.58.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

function expectLimited(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  words: string,
) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toContain(words);
}

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: {
      rateLimits: {
        'checkout:session': { limit: 2 },
        'checkout:ip': { limit: 3 },
        'promo:session': { limit: 2 },
        'promo:ip': { limit: 3 },
        'track:session': { limit: 2 },
        'track:ip': { limit: 3 },
        'cart:session': { limit: 4 },
        'cart:ip': { limit: 8 },
        'wishlist:session': { limit: 2 },
        'profile:session': { limit: 2 },
        'payment-retry:session': { limit: 1 },
      },
    },
  });
  const product = await createProduct(shop.database.db, { variants: [{ stock: 500 }] });
  variantId = product.variants[0]!.id;
});
afterAll(async () => {
  await shop.close();
});

async function signedIn(ip = freshAddress()) {
  const user = await createUser(shop.database.db);
  const client = newClient(ip);
  const res = await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(302);
  return { user, client };
}

describe('checkout (placing orders)', () => {
  it('limits one session, with the reason on the checkout page', async () => {
    const client = newClient();
    await addToCart(client, variantId, 1);
    await placeOrder(client, checkoutForm());
    await placeOrder(client, checkoutForm()); // a card order keeps the cart until it is paid
    const refused = await client.post('/checkout', checkoutForm());
    expectLimited(refused, 'Too many orders placed. Please wait');
    expect(refused.body).toContain('<form'); // the checkout page itself, not an error page
  });

  it('limits one address, whatever the cookies, and leaves other addresses alone', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) {
      const shopper = newClient(ip);
      await addToCart(shopper, variantId, 1);
      await placeOrder(shopper, checkoutForm());
    }
    const cookieless = newClient(ip);
    await addToCart(cookieless, variantId, 1);
    expectLimited(
      await cookieless.post('/checkout', checkoutForm()),
      'Too many orders placed from your network',
    );
    const elsewhere = newClient();
    await addToCart(elsewhere, variantId, 1);
    expect((await elsewhere.post('/checkout', checkoutForm())).statusCode).toBe(302);
  });

  it('counts both in one statement, the session only when the address let the attempt through', async () => {
    const { limiter } = shop.services;
    const rule = (name: string, limit: number) => ({
      name,
      limit,
      windowMs: 60_000,
      message: `${name} {wait}`,
    });
    const address = rule('order-test:ip', 1);
    const session = rule('order-test:session', 5);
    const both = [
      { rule: address, subject: '41.58.250.1' },
      { rule: session, subject: 'cart:order-test' },
    ];
    await limiter.consumeInOrder(both);
    await expect(limiter.consumeInOrder(both)).rejects.toThrow('order-test:ip');
    await expect(limiter.consumeInOrder(both)).rejects.toThrow('order-test:ip');
    // The two refused attempts did not count against the session: 4 more fit its limit of 5.
    const alone = [{ rule: session, subject: 'cart:order-test' }];
    for (let i = 0; i < 4; i++) await limiter.consumeInOrder(alone);
    await expect(limiter.consumeInOrder(alone)).rejects.toThrow('order-test:session');
  });
});

describe('promo codes', () => {
  it('limits tries per cart, with the reason beside the code', async () => {
    const client = newClient();
    await addToCart(client, variantId, 1);
    for (const code of ['GUESS1', 'GUESS2']) {
      const res = await client.post('/cart', { intent: 'promo', code });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Invalid promo code');
    }
    expectLimited(
      await client.post('/cart', { intent: 'promo', code: 'SAVE10' }),
      'Too many promo codes tried',
    );
  });

  it('limits tries per address across fresh carts', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) {
      const guesser = newClient(ip);
      await addToCart(guesser, variantId, 1);
      expect((await guesser.post('/cart', { intent: 'promo', code: `GUESS${i}` })).statusCode).toBe(400);
    }
    const next = newClient(ip);
    await addToCart(next, variantId, 1);
    expectLimited(
      await next.post('/cart', { intent: 'promo', code: 'GUESS9' }),
      'Too many promo codes tried from your network',
    );
  });
});

describe('order tracking lookups', () => {
  it('limits the tracking page per address and says so on the page', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) {
      const res = await newClient(ip).get(`/track-order?id=CH00000000000${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Order not found');
    }
    const refused = await newClient(ip).get('/track-order?id=CH000000000009');
    expectLimited(refused, 'Too many order lookups from your network');
    expect(refused.body).toMatch(/role="alert">Too many order lookups from your network/);
    expect(refused.body).toContain('Track your order'); // the page, with its form
    // With JavaScript the search is a data request: the same answer, rendered in place.
    const fetched = await newClient(ip).get('/track-order.data?id=CH000000000009');
    expect(fetched.statusCode).toBe(429);
    expect(fetched.body).toContain('Too many order lookups from your network');
  });

  it('limits the JSON lookup per session, even from changing addresses', async () => {
    const client = newClient();
    await addToCart(client, variantId, 1); // a cart cookie: a session to count
    for (let i = 0; i < 2; i++) {
      const res = await client.get(`/api/v1/orders/CH10000000000${i}`, { remoteAddress: freshAddress() });
      expect(res.statusCode).toBe(404);
    }
    const refused = await client.get('/api/v1/orders/CH100000000009', { remoteAddress: freshAddress() });
    expectLimited(refused, 'Too many order lookups');
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
  });
});

describe('cart writes', () => {
  it('limits one cart, without JavaScript (the cart page) and with it (the data request)', async () => {
    const client = newClient();
    // The first add makes the cart (and its cookie); the next four count against it.
    for (let i = 0; i < 5; i++) expect((await addToCart(client, variantId, 1)).statusCode).toBe(302);
    const page = await addToCart(client, variantId, 1);
    expectLimited(page, 'Too many changes to the cart');
    expect(page.body).toContain('Your Cart');
    // With JavaScript the form is sent as a data request; its answer carries the same message.
    const fetched = await client.post('/cart.data', {
      intent: 'add',
      variantId: String(variantId),
      quantity: '1',
      _js: '1',
    });
    expect(fetched.statusCode).toBe(429);
    expect(fetched.body).toContain('Too many changes to the cart');
  });

  it('limits one address across fresh carts', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 8; i++) expect((await addToCart(newClient(ip), variantId, 1)).statusCode).toBe(302);
    expectLimited(
      await addToCart(newClient(ip), variantId, 1),
      'Too many changes to the cart from your network',
    );
  });
});

describe('sign-up', () => {
  it('limits sign-ups for one email address (each may send a mail), then says why', async () => {
    const email = `twice-${Date.now()}@example.ng`;
    const form = {
      intent: 'signup',
      name: 'Ngozi Test',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      acceptTerms: 'on',
    };
    for (let i = 0; i < 3; i++) {
      expect((await newClient().post('/auth', form)).statusCode).toBe(200);
    }
    expectLimited(await newClient().post('/auth', form), 'already sent several emails to this address');
  });
});

describe('account writes', () => {
  it('limits wishlist changes per account', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 2; i++) {
      expect((await client.post('/account/wishlist', { productId: String(variantId) })).statusCode).toBe(200);
    }
    expectLimited(
      await client.post('/account/wishlist', { productId: String(variantId) }),
      'Too many wishlist changes',
    );
  });

  it('limits profile and email-preference saves per account, with the reason in the form', async () => {
    const { client } = await signedIn();
    const save = () =>
      client.post('/dashboard?tab=settings', { intent: 'notifications', notifyOrderUpdates: 'on' });
    for (let i = 0; i < 2; i++) expect((await save()).statusCode).toBe(200);
    const refused = await save();
    expectLimited(refused, 'Too many profile changes');
    expect(refused.body).toContain('My Account');
  });
});

describe('trying a card payment again', () => {
  it('limits retries per session (each one holds the stock again)', async () => {
    const client = newClient();
    await addToCart(client, variantId, 1);
    const { reference } = await placeOrder(client, checkoutForm());
    await sandboxPay(client, reference, 'cancel');
    await client.get(`/payment-canceled?reference=${encodeURIComponent(reference)}`);
    expect((await client.post('/payment-canceled', { reference })).statusCode).toBe(302);
    await sandboxPay(client, reference, 'cancel');
    await client.get(`/payment-canceled?reference=${encodeURIComponent(reference)}`);
    const refused = await client.post('/payment-canceled', { reference });
    expectLimited(refused, 'Too many payment attempts');
    expect(refused.body).toContain('Payment');
  });
});

describe('password guesses on one account', () => {
  it('40 guesses at once: only the free attempts are judged, the rest and then the right password get 429', async () => {
    const user = await createUser(shop.database.db);
    const ip = freshAddress();
    const before = judged.count;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        newClient(ip).post('/auth', { intent: 'signin', email: user.email, password: `wrong guess ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // ADR 049: the free attempts go through; the account then waits (sign-in-delay.test.ts).
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_DELAY.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SIGN_IN_DELAY.free);
    expect(judged.count - before).toBe(SIGN_IN_DELAY.free);
    const right = await newClient(ip).post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect(judged.count - before).toBe(SIGN_IN_DELAY.free);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses true with a way out', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ RATE_LIMITS: 'checkout:ip=lots' })).toThrow(/RATE_LIMITS/);
    expect(loadEnv({ RATE_LIMITS: 'checkout:ip=100/1h, track:session=50' }).RATE_LIMITS).toEqual({
      'checkout:ip': { limit: 100, windowMs: 3_600_000 },
      'track:session': { limit: 50, windowMs: undefined },
    });
  });

  it('a faked X-Forwarded-For from an address that is not a trusted proxy does not dodge a limit', async () => {
    const proxied = await createTestShop({
      trustProxy: ['10.0.0.0/8'],
      config: { rateLimits: { 'track:ip': { limit: 3 } } },
    });
    try {
      const lookup = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          url: '/api/v1/orders/CH000000000001',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 3; i++) expect((await lookup('41.1.1.1', `102.89.0.${i}`)).statusCode).toBe(404);
      expect((await lookup('41.1.1.1', '102.89.0.99')).statusCode).toBe(429);
      // Through the trusted proxy, the shopper's own address counts.
      expect((await lookup('10.1.2.3', '102.89.0.99')).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('with a hop count, the address the proxy saw is the one counted, whatever the client prepends', async () => {
    const proxied = await createTestShop({
      trustProxy: 1,
      config: { rateLimits: { 'track:ip': { limit: 3 } } },
    });
    try {
      const lookup = (forwardedFor: string) =>
        proxied.app.inject({
          url: '/api/v1/orders/CH000000000001',
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 3; i++) {
        expect((await lookup(`1.2.3.${i}, 102.89.7.7`)).statusCode).toBe(404);
      }
      expect((await lookup('9.9.9.9, 102.89.7.7')).statusCode).toBe(429);
      expect((await lookup('102.89.7.8')).statusCode).toBe(404); // another shopper behind the proxy
    } finally {
      await proxied.close();
    }
  });
});
