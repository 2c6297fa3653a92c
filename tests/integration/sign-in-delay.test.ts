// Wrong passwords slow an account's sign-in down instead of locking its owner out (ADR 049): the
// first few go through, then each next attempt waits, the wait doubling with every failure up to a
// cap; attempts made while waiting are refused (429, Retry-After, how long in words) without being
// counted, and the right password works as soon as the wait is over. Through HTTP, the clock the
// shop's limits read moved by the test instead of sleeping. Racing guesses each take their own turn.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { SIGN_IN_DELAY } from '#server/modules/accounts/accounts.service.ts';
import { delayAfter, rateLimitKey } from '#server/platform/rate-limit.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let clock = Date.now();
let shop: TestShop;
let address = 0;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { now: () => clock } });
});
afterAll(async () => {
  await shop.close();
});

/** A browser from an address of its own (the per-address limit is another test's). */
function browser(): TestClient {
  address += 1;
  return new TestClient(shop.app, { remoteAddress: `10.49.${address >> 8}.${address & 255}` });
}

function signIn(client: TestClient, email: string, password: string) {
  return client.post('/auth', { intent: 'signin', email, password });
}

/** The account's consecutive failures as the database holds them. */
async function failures(email: string): Promise<number> {
  const [row] = await queryRows<{ hits: number }>(
    shop.database.db,
    sql`SELECT hits FROM rate_limits WHERE key = ${rateLimitKey(SIGN_IN_DELAY.name, email)}`,
  );
  return row ? Number(row.hits) : 0;
}

const wait = (seconds: number) => {
  clock += seconds * 1000;
};

describe('the delay', () => {
  it('lets the first few wrong passwords through, then makes the next one wait, right password included', async () => {
    const user = await createUser(shop.database.db);
    const client = browser();
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) {
      const res = await signIn(client, user.email, `wrong guess ${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('Incorrect email or password.');
    }
    expect(await failures(user.email)).toBe(SIGN_IN_DELAY.free);

    const refused = await signIn(browser(), user.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body).toContain(
      'Too many failed sign-in attempts for this account. Please wait 30 seconds',
    );
    expect(refused.body).toContain('reset your password');
    expect(refused.headers['set-cookie'] ?? '').not.toContain('ch_session=');

    // Half-way through the wait it says how much is left, and trying did not lengthen it.
    wait(20);
    const sooner = await signIn(client, user.email, TEST_PASSWORD);
    expect(sooner.statusCode).toBe(429);
    expect(sooner.headers['retry-after']).toBe('10');
    expect(await failures(user.email)).toBe(SIGN_IN_DELAY.free);

    // After the wait the right password works, and the count starts again.
    wait(10);
    const owner = browser();
    const ok = await signIn(owner, user.email, TEST_PASSWORD);
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(302);
    expect(owner.session).toBeDefined();
    expect(await failures(user.email)).toBe(0);
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) {
      expect((await signIn(client, user.email, `again ${i}`)).statusCode).toBe(401);
    }
  });

  it('doubles the wait with every further failure, up to 15 minutes', async () => {
    const user = await createUser(shop.database.db);
    const client = browser();
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) await signIn(client, user.email, `wrong ${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const refused = await signIn(client, user.email, 'still wrong');
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      waits.push(seconds);
      wait(seconds);
      // The one attempt the wait allows is judged (and wrong): the next wait is longer.
      expect((await signIn(client, user.email, 'still wrong')).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    expect(waits).toEqual(waits.map((_, i) => delayAfter(SIGN_IN_DELAY, SIGN_IN_DELAY.free + i) / 1000));
    const capped = await signIn(client, user.email, TEST_PASSWORD);
    expect(capped.body).toContain('Please wait 15 minutes');

    // A flood while waiting changes nothing; the owner gets in once the wait is over.
    for (let i = 0; i < 20; i++) expect((await signIn(browser(), user.email, 'flood')).statusCode).toBe(429);
    expect(await failures(user.email)).toBe(SIGN_IN_DELAY.free + 7);
    wait(900);
    expect((await signIn(browser(), user.email, TEST_PASSWORD)).statusCode).toBe(302);
  });

  it('forgets failures a day old', async () => {
    const user = await createUser(shop.database.db);
    const client = browser();
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) await signIn(client, user.email, `wrong ${i}`);
    expect((await signIn(client, user.email, 'wrong again')).statusCode).toBe(429);
    wait(24 * 60 * 60 + 1);
    expect((await signIn(client, user.email, 'a new day')).statusCode).toBe(401);
    expect(await failures(user.email)).toBe(1);
  });

  it('ends with a password reset: the new password works at once', async () => {
    const user = await createUser(shop.database.db);
    const client = browser();
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) await signIn(client, user.email, `wrong ${i}`);
    expect((await signIn(client, user.email, TEST_PASSWORD)).statusCode).toBe(429);
    await client.post('/auth/forgot-password', { email: user.email });
    const [mail] = await shop.mailTo(user.email);
    const link = new URL(linkIn(mail!.textBody, 'http://shop.test/auth/reset-password'));
    const reset = await client.post(`${link.pathname}${link.search}`, {
      token: link.searchParams.get('token')!,
      password: 'a brand new passphrase 49',
      confirmPassword: 'a brand new passphrase 49',
    });
    expect(reset.statusCode, reset.body.slice(0, 300)).toBeLessThan(400);
    expect(await failures(user.email)).toBe(0);
    expect((await signIn(browser(), user.email, 'a brand new passphrase 49')).statusCode).toBe(302);
  });

  it('slows the admin portal’s sign-in the same way', async () => {
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const client = browser();
    for (let i = 0; i < SIGN_IN_DELAY.free; i++) {
      expect(
        (await client.post('/admin/sign-in', { email: staff.email, password: `no ${i}` })).statusCode,
      ).toBe(401);
    }
    const refused = await client.post('/admin/sign-in', { email: staff.email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
  });
});

describe('racing guesses', () => {
  it('counts every one of many wrong attempts sent at once', async () => {
    const user = await createUser(shop.database.db);
    const n = SIGN_IN_DELAY.free;
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => signIn(browser(), user.email, `parallel guess ${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(n).fill(401));
    expect(await failures(user.email)).toBe(n);
  });

  it('judges only the free attempts however many race, counting each one judged and no other', async () => {
    const user = await createUser(shop.database.db);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(browser(), user.email, `racing guess ${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_DELAY.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - SIGN_IN_DELAY.free);
    expect(await failures(user.email)).toBe(SIGN_IN_DELAY.free);
  });

  it('counts every attempt of a bigger race when the free attempts are raised (RATE_LIMITS)', async () => {
    const roomy = await createTestShop({
      config: { now: () => clock, rateLimits: { 'sign-in:account': { limit: 30 } } },
    });
    try {
      const user = await createUser(roomy.database.db);
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          roomy.services.accounts
            .signIn({ email: user.email, password: `parallel ${i}` }, { ip: `10.50.0.${i}` })
            .then(
              () => 'in',
              (error: { status?: number }) => error.status,
            ),
        ),
      );
      expect(answers).toEqual(Array(24).fill(401));
      const [row] = await queryRows<{ hits: number }>(
        roomy.database.db,
        sql`SELECT hits FROM rate_limits WHERE key = ${rateLimitKey(SIGN_IN_DELAY.name, user.email)}`,
      );
      expect(Number(row!.hits)).toBe(24);
    } finally {
      await roomy.close();
    }
  });
});
