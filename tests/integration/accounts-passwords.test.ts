// Forgotten and changed passwords: single-use, short-lived reset links, and every other session
// of the account ended when the password changes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
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

async function signedIn(email: string, password = TEST_PASSWORD, remember = false) {
  const client = new TestClient(shop.app);
  const res = await client.post('/auth', {
    intent: 'signin',
    email,
    password,
    remember: remember ? 'on' : undefined,
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(302);
  return client;
}

async function isSignedIn(client: TestClient): Promise<boolean> {
  return (await client.get('/dashboard')).statusCode === 200;
}

async function resetLinkFor(email: string): Promise<URL> {
  const [mail] = await shop.mailTo(email);
  expect(mail?.subject).toBe('Reset your Crown Hair password');
  return new URL(linkIn(mail!.textBody, 'http://shop.test/auth/reset-password?'));
}

describe('forgot password', () => {
  it('answers the same for any address and emails a link only to real accounts', async () => {
    const user = await createUser(shop.database.db);
    const known = await new TestClient(shop.app).post('/auth/forgot-password', { email: user.email });
    const unknown = await new TestClient(shop.app).post('/auth/forgot-password', {
      email: 'ghost@example.ng',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(withoutNonces(known.body).replaceAll(user.email, 'X')).toBe(
      withoutNonces(unknown.body).replaceAll('ghost@example.ng', 'X'),
    );
    expect(await shop.mailTo(user.email)).toHaveLength(1);
    expect(await shop.mailTo('ghost@example.ng')).toHaveLength(0);
  });

  it('resets the password once with the link, ends every session and emails a notice', async () => {
    const user = await createUser(shop.database.db);
    const phone = await signedIn(user.email, TEST_PASSWORD, true);
    const laptop = await signedIn(user.email);

    await new TestClient(shop.app).post('/auth/forgot-password', { email: user.email });
    const link = await resetLinkFor(user.email);
    const visitor = new TestClient(shop.app);
    const form = await visitor.get(link.pathname + link.search);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');
    expect(form.body).toContain('name="token"');

    const token = link.searchParams.get('token')!;
    const mismatch = await visitor.post('/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
      confirmPassword: 'a different passphrase',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Passwords do not match');

    const done = await visitor.post('/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/auth?notice=password-reset');
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);

    const notice = (await shop.mailTo(user.email))[0]!;
    expect(notice.subject).toBe('Your Crown Hair password was changed');

    // The link worked once.
    const again = await visitor.post('/auth/reset-password', {
      token,
      password: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or has already been used');
    expect((await visitor.get(link.pathname + link.search)).body).toContain(
      'has expired or has already been used',
    );

    const old = await new TestClient(shop.app).post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    await signedIn(user.email, 'a brand new passphrase');
  });

  it('refuses a link after 30 minutes, and an older link once a newer one is sent', async () => {
    const user = await createUser(shop.database.db);
    await new TestClient(shop.app).post('/auth/forgot-password', { email: user.email });
    const first = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const [row] = await queryRows<{ minutes: number }>(
      shop.database.db,
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
          FROM auth_tokens WHERE user_id = ${user.id} AND purpose = 'reset_password'`,
    );
    expect(row!.minutes).toBe(30);

    await new TestClient(shop.app).post('/auth/forgot-password', { email: user.email });
    const second = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const body = { password: 'fresh passphrase here', confirmPassword: 'fresh passphrase here' };
    expect(
      (await new TestClient(shop.app).post('/auth/reset-password', { token: first, ...body })).statusCode,
    ).toBe(400);

    await shop.database.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id} AND used_at IS NULL`,
    );
    const expired = await new TestClient(shop.app).post('/auth/reset-password', { token: second, ...body });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('expired or has already been used');
    await signedIn(user.email); // the password did not change
  });

  it('refuses a common password for the new one, keeping the link usable', async () => {
    const user = await createUser(shop.database.db);
    await new TestClient(shop.app).post('/auth/forgot-password', { email: user.email });
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const weak = await new TestClient(shop.app).post('/auth/reset-password', {
      token,
      password: 'iloveyou1',
      confirmPassword: 'iloveyou1',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('too common');
    const good = await new TestClient(shop.app).post('/auth/reset-password', {
      token,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
    expect(good.statusCode).toBe(302);
  });
});

describe('change password (dashboard settings)', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const user = await createUser(shop.database.db);
    const here = await signedIn(user.email, TEST_PASSWORD, true);
    const elsewhere = await signedIn(user.email);
    const before = here.session;

    const wrong = await here.post('/dashboard?tab=settings', {
      intent: 'password',
      currentPassword: 'not the password',
      newPassword: 'another long passphrase',
      confirmPassword: 'another long passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Your current password is not correct.');
    expect(await isSignedIn(elsewhere)).toBe(true);

    const changed = await here.post('/dashboard?tab=settings', {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long passphrase',
      confirmPassword: 'another long passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password has been changed.');
    // A new session id here (remembered as before), every other session gone.
    expect(here.session).toBeDefined();
    expect(here.session).not.toBe(before);
    expect(String(changed.headers['set-cookie'])).toMatch(/Max-Age=\d+/);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    const stale = new TestClient(shop.app);
    stale.cookies.set('ch_session', before!);
    expect(await isSignedIn(stale)).toBe(false);

    const notice = (await shop.mailTo(user.email))[0]!;
    expect(notice.subject).toBe('Your Crown Hair password was changed');

    const old = await new TestClient(shop.app).post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    await signedIn(user.email, 'another long passphrase');
  });

  it('refuses a new password equal to the current one, mismatched, or too common', async () => {
    const user = await createUser(shop.database.db);
    const client = await signedIn(user.email);
    const same = await client.post('/dashboard?tab=settings', {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(same.body).toContain('different from your current one');
    const mismatch = await client.post('/dashboard?tab=settings', {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: 'first new passphrase',
      confirmPassword: 'second new passphrase',
    });
    expect(mismatch.body).toContain('Passwords do not match');
    const common = await client.post('/dashboard?tab=settings', {
      intent: 'password',
      currentPassword: TEST_PASSWORD,
      newPassword: 'qwertyuiop',
      confirmPassword: 'qwertyuiop',
    });
    expect(common.body).toContain('too common');
    expect(await isSignedIn(client)).toBe(true);
  });

  it('sends a signed-out visitor to sign in, and back to the dashboard afterwards', async () => {
    const res = await new TestClient(shop.app).post('/dashboard?tab=settings', { intent: 'password' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?redirectTo=%2Fdashboard%3Ftab%3Dsettings');
  });
});
