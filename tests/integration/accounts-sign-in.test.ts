// Signing up, confirming the email, signing in and out, sessions and their cookies: through HTTP,
// as a browser without JavaScript posts the forms, on a fresh database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { RATE_LIMITS, SIGN_IN_DELAY } from '#server/modules/accounts/accounts.service.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { linkIn, TestClient, withoutNonces } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

async function userRow(email: string) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    email_verified_at: Date | null;
    password_hash: string;
  }>(
    shop.database.db,
    sql`SELECT id, name, email_verified_at, password_hash FROM users WHERE email = ${email}`,
  );
  return row;
}

async function sessionCount(userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`,
  );
  return row!.n;
}

function signUpForm(overrides: Record<string, string | undefined> = {}) {
  return {
    intent: 'signup',
    name: 'Chiamaka Okafor',
    email: 'chiamaka@example.ng',
    password: 'braids and bundles forever',
    confirmPassword: 'braids and bundles forever',
    acceptTerms: 'on',
    ...overrides,
  };
}

describe('sign up', () => {
  it('creates the account, emails a confirmation link, and the link signs the shopper in', async () => {
    const client = new TestClient(shop.app);
    const res = await client.post('/auth', signUpForm({ redirectTo: '/wishlist' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your inbox');
    expect(res.body).toContain('chiamaka@example.ng');
    expect(client.session).toBeUndefined();

    const user = await userRow('chiamaka@example.ng');
    expect(user?.name).toBe('Chiamaka Okafor');
    expect(user?.email_verified_at).toBeNull();
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);

    const [first] = await shop.mailTo('chiamaka@example.ng');
    expect(first?.subject).toBe('Confirm your email address for Crown Hair');
    const firstLink = new URL(linkIn(first!.textBody, 'http://shop.test/auth/verify-email?'));
    expect(firstLink.searchParams.get('next')).toBe('/wishlist');

    // Not confirmed yet: the right password is still refused, with the reason and a new link.
    const early = await client.post('/auth', {
      intent: 'signin',
      email: 'chiamaka@example.ng',
      password: 'braids and bundles forever',
    });
    expect(early.statusCode).toBe(403);
    expect(early.body).toContain('Please confirm your email address first');
    const mails = await shop.mailTo('chiamaka@example.ng');
    expect(mails).toHaveLength(2);
    const url = new URL(linkIn(mails[0]!.textBody, 'http://shop.test/auth/verify-email?'));

    // Only the newest link works.
    const retired = await new TestClient(shop.app).post('/auth/verify-email', {
      intent: 'confirm',
      token: firstLink.searchParams.get('token')!,
      password: 'braids and bundles forever',
    });
    expect(retired.statusCode).toBe(400);

    // Opening the link shows a button (mail scanners open links; they do not press buttons) and
    // asks for the password chosen at sign-up (tests/integration/sign-up-confirm.test.ts says why).
    const page = await client.get(url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my email');
    expect((await userRow('chiamaka@example.ng'))?.email_verified_at).toBeNull();

    const confirmed = await client.post('/auth/verify-email', {
      intent: 'confirm',
      token: url.searchParams.get('token')!,
      password: 'braids and bundles forever',
      next: '/wishlist',
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/wishlist');
    expect(client.session).toBeDefined();
    expect((await userRow('chiamaka@example.ng'))?.email_verified_at).not.toBeNull();

    const dashboard = await client.get('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toMatch(/Hello, (<!-- -->)?Chiamaka/);
    // The header greets the shopper and offers Logout.
    expect(dashboard.body).toContain('Logout');

    // The link works once.
    const again = await new TestClient(shop.app).post('/auth/verify-email', {
      intent: 'confirm',
      token: url.searchParams.get('token')!,
      password: 'braids and bundles forever',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or has already been used');
  });

  it('answers a taken email exactly like a new one, and tells the owner by email instead', async () => {
    const owner = await createUser(shop.database.db, { email: 'taken@example.ng', name: 'Real Owner' });
    const before = await userRow('taken@example.ng');
    const fresh = await new TestClient(shop.app).post(
      '/auth',
      signUpForm({ email: 'nobody-yet@example.ng' }),
    );
    const taken = await new TestClient(shop.app).post(
      '/auth',
      signUpForm({ email: 'Taken@Example.ng', name: 'Someone Else' }),
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(withoutNonces(taken.body).replaceAll('taken@example.ng', 'X')).toBe(
      withoutNonces(fresh.body).replaceAll('nobody-yet@example.ng', 'X'),
    );

    // Nothing about the existing account changed.
    const after = await userRow('taken@example.ng');
    expect(after).toEqual(before);
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE email = 'taken@example.ng'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    const mails = await shop.mailTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('already');
    expect(mails[0]!.textBody).toContain('http://shop.test/auth/forgot-password');
  });

  it('refuses a bad form with the reason next to each field and keeps what was typed', async () => {
    const client = new TestClient(shop.app);
    const mismatch = await client.post(
      '/auth',
      signUpForm({ email: 'mismatch@example.ng', confirmPassword: 'something else' }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Passwords do not match');
    expect(mismatch.body).toContain('value="mismatch@example.ng"');
    expect(mismatch.body).toContain('value="Chiamaka Okafor"');
    expect(mismatch.body).not.toContain('braids and bundles forever');
    expect(await userRow('mismatch@example.ng')).toBeUndefined();

    const common = await client.post(
      '/auth',
      signUpForm({ email: 'common@example.ng', password: 'password123', confirmPassword: 'password123' }),
    );
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('too common');

    const short = await client.post(
      '/auth',
      signUpForm({ email: 'short@example.ng', password: 'ab1', confirmPassword: 'ab1' }),
    );
    expect(short.body).toContain('Use at least 8 characters.');

    const longest = 'x7'.repeat(64); // 128 characters is allowed
    const long = await client.post(
      '/auth',
      signUpForm({ email: 'long@example.ng', password: longest, confirmPassword: longest }),
    );
    expect(long.statusCode).toBe(200);

    const terms = await client.post(
      '/auth',
      signUpForm({ email: 'terms@example.ng', acceptTerms: undefined }),
    );
    expect(terms.statusCode).toBe(400);
    expect(terms.body).toContain('Please accept the terms and privacy policy.');

    const email = await client.post('/auth', signUpForm({ email: 'not-an-email' }));
    expect(email.body).toContain('Please enter a valid email address.');
  });
});

describe('sign in', () => {
  it('says the same thing for an unknown email and a wrong password', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    const wrong = await client.post('/auth', {
      intent: 'signin',
      email: user.email,
      password: 'not my password',
    });
    const unknown = await client.post('/auth', {
      intent: 'signin',
      email: 'never-signed-up@example.ng',
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toContain('Incorrect email or password.');
    expect(withoutNonces(wrong.body).replaceAll(user.email, 'X')).toBe(
      withoutNonces(unknown.body).replaceAll('never-signed-up@example.ng', 'X'),
    );
    expect(wrong.body).toContain(`value="${user.email}"`); // what was typed is kept…
    expect(wrong.body).not.toContain('not my password'); // …but never the password
    expect(client.session).toBeUndefined();
  });

  it('without "remember me" sets a browser-session cookie: HttpOnly, SameSite=Lax, no expiry', async () => {
    const user = await createUser(shop.database.db);
    const res = await new TestClient(shop.app).post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
      redirectTo: '/collections?category=wigs',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/collections?category=wigs');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^ch_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    expect(cookie).not.toContain('Secure'); // served over http here
  });

  it('with "remember me" sets a cookie that outlives the browser, and longer server lifetimes', async () => {
    const user = await createUser(shop.database.db);
    const res = await new TestClient(shop.app).post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
      remember: 'on',
    });
    const cookie = String(res.headers['set-cookie']);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(59 * 86_400);
    const [session] = await queryRows<{ remember: boolean; idle: number; absolute: number }>(
      shop.database.db,
      sql`SELECT remember, extract(epoch FROM idle_expires_at - created_at)::int AS idle,
                 extract(epoch FROM absolute_expires_at - created_at)::int AS absolute
          FROM sessions WHERE user_id = ${user.id}`,
    );
    expect(session).toMatchObject({ remember: true });
    expect(session!.idle).toBeGreaterThan(13 * 86_400);
    expect(session!.absolute).toBeGreaterThan(59 * 86_400);
  });

  it('never sends a shopper to another site after signing in', async () => {
    const user = await createUser(shop.database.db);
    for (const redirectTo of ['https://evil.example/steal', '//evil.example', '/auth?tab=signup']) {
      const res = await new TestClient(shop.app).post('/auth', {
        intent: 'signin',
        email: user.email,
        password: TEST_PASSWORD,
        redirectTo,
      });
      expect(res.headers.location).toBe('/dashboard');
    }
  });

  it('gives a new session id at every sign-in and ends the one the browser held', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const first = client.session!;
    // Signed in, /auth goes straight to the account.
    expect((await client.get('/auth')).headers.location).toBe('/dashboard');
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const second = client.session!;
    expect(second).not.toBe(first);
    expect(await sessionCount(user.id)).toBe(1);
    const stale = new TestClient(shop.app);
    stale.cookies.set('ch_session', first);
    expect((await stale.get('/dashboard')).headers.location).toBe('/auth?redirectTo=%2Fdashboard');
    // Only the hash of the token is stored.
    const stored = await queryRows<{ id: string }>(
      shop.database.db,
      sql`SELECT id FROM sessions WHERE user_id = ${user.id}`,
    );
    expect(stored[0]!.id).not.toBe(second);
    expect(stored[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('brings a shopper back to the page, not to its data address, when a browser fetches it signed out', async () => {
    // A hydrated page asks React Router's data endpoint (`/dashboard.data?_routes=…`); the sign-in
    // it is sent to must return to /dashboard with its own query (ADR 058: loaders read `url`).
    const client = new TestClient(shop.app);
    const fetched = await client.get('/dashboard.data?tab=orders&_routes=routes%2Fdashboard');
    expect(fetched.body).toContain('/auth?redirectTo=%2Fdashboard%3Ftab%3Dorders');
    expect(fetched.body).not.toContain('.data');
    expect(fetched.body).not.toContain('_routes');
  });

  it('signing out ends the session on the server, not just in the browser', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const token = client.session!;
    const out = await client.post('/auth/sign-out', {});
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(client.session).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
    const replay = new TestClient(shop.app);
    replay.cookies.set('ch_session', token);
    expect((await replay.get('/dashboard')).statusCode).toBe(302);
  });

  it('ends a session after its idle lifetime, and after its absolute lifetime however active', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    expect((await client.get('/dashboard')).statusCode).toBe(200);

    // In use a while later: the idle lifetime slides forward.
    await shop.database.db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '10 minutes', idle_expires_at = now() + interval '5 minutes' WHERE user_id = ${user.id}`,
    );
    expect((await client.get('/dashboard')).statusCode).toBe(200);
    const [slid] = await queryRows<{ left: number }>(
      shop.database.db,
      sql`SELECT extract(epoch FROM idle_expires_at - now())::int AS left FROM sessions WHERE user_id = ${user.id}`,
    );
    expect(slid!.left).toBeGreaterThan(60 * 60);

    await shop.database.db.execute(
      sql`UPDATE sessions SET idle_expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    expect((await client.get('/dashboard')).statusCode).toBe(302);

    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    await shop.database.db.execute(
      sql`UPDATE sessions SET absolute_expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    expect((await client.get('/dashboard')).statusCode).toBe(302);
  });

  it('refuses a suspended account even with the right password', async () => {
    const user = await createUser(shop.database.db, { isActive: false });
    const res = await new TestClient(shop.app).post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('suspended');
  });
});

describe('rate limits', () => {
  it('slows password guessing on one account with 429, even with the right password', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app, { remoteAddress: '10.1.0.1' });
    // The free attempts; then the account waits (ADR 049: tests/integration/sign-in-delay.test.ts).
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) {
      const res = await client.post('/auth', {
        intent: 'signin',
        email: user.email,
        password: `guess-${i}-wrong`,
      });
      expect(res.statusCode).toBe(401);
    }
    // From another address too: the limit is on the account.
    const other = new TestClient(shop.app, { remoteAddress: '10.1.0.2' });
    const limited = await other.post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body).toContain('Too many failed sign-in attempts for this account');
  });

  it('limits sign-in attempts per client address', async () => {
    const client = new TestClient(shop.app, { remoteAddress: '10.2.0.1' });
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit; i++) {
      const res = await client.post('/auth', {
        intent: 'signin',
        email: `spray${i}@example.ng`,
        password: 'whatever-it-is',
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await client.post('/auth', {
      intent: 'signin',
      email: 'spray-last@example.ng',
      password: 'x-y-z-w-v',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many sign-in attempts from your network');
    // Another address is not affected.
    const elsewhere = await new TestClient(shop.app, { remoteAddress: '10.2.0.2' }).post('/auth', {
      intent: 'signin',
      email: 'spray-last@example.ng',
      password: 'x-y-z-w-v',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits password reset requests per account and per address', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app, { remoteAddress: '10.3.0.1' });
    for (let i = 0; i < RATE_LIMITS.resetPerAccount.limit; i++) {
      expect((await client.post('/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    const limited = await client.post('/auth/forgot-password', { email: user.email });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('already sent several reset links');
    expect(limited.body).toContain(`value="${user.email}"`);
    expect(await shop.mailTo(user.email)).toHaveLength(RATE_LIMITS.resetPerAccount.limit);

    const sprayer = new TestClient(shop.app, { remoteAddress: '10.3.0.2' });
    for (let i = 0; i < RATE_LIMITS.resetPerAddress.limit; i++) {
      expect((await sprayer.post('/auth/forgot-password', { email: `r${i}@example.ng` })).statusCode).toBe(
        200,
      );
    }
    expect((await sprayer.post('/auth/forgot-password', { email: 'r-last@example.ng' })).statusCode).toBe(
      429,
    );
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('counts each real client address, from X-Forwarded-For, separately', async () => {
    const proxied = await createTestShop({ pages: true, trustProxy: ['10.0.0.0/8'] });
    try {
      const viaProxy = (client: string) =>
        new TestClient(proxied.app, { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': client } });
      const busy = viaProxy('41.58.1.1');
      for (let i = 0; i < RATE_LIMITS.signInPerAddress.limit; i++) {
        await busy.post('/auth', { intent: 'signin', email: `p${i}@example.ng`, password: 'whatever-it-is' });
      }
      expect(
        (await busy.post('/auth', { intent: 'signin', email: 'p@example.ng', password: 'abcdefgh1' }))
          .statusCode,
      ).toBe(429);
      // Another shopper behind the same proxy is not locked out.
      const other = await viaProxy('102.89.2.2').post('/auth', {
        intent: 'signin',
        email: 'p@example.ng',
        password: 'abcdefgh1',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a form posted from another website before it does anything', async () => {
    const user = await createUser(shop.database.db);
    const attacker = new TestClient(shop.app, { headers: { origin: 'https://evil.example' } });
    const res = await attacker.post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('came from another website');
    expect(await sessionCount(user.id)).toBe(0);

    const fetchMeta = await new TestClient(shop.app, { headers: { 'sec-fetch-site': 'cross-site' } }).post(
      '/auth/sign-out',
      {},
    );
    expect(fetchMeta.statusCode).toBe(403);

    const api = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'victim@example.ng' },
    });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toMatchObject({ error: 'cross_site_request' });
  });

  it('accepts forms from the shop itself', async () => {
    const user = await createUser(shop.database.db);
    const sameOrigin = await new TestClient(shop.app, {
      headers: { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' },
    }).post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    expect(sameOrigin.statusCode).toBe(302);
  });
});
