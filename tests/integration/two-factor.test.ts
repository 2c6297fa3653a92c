// Two-factor sign-in for staff and admins (ADR 019), attacked over HTTP: enrolment is forced at the
// first sign-in, a half-signed-in session opens no admin page or API, codes are single use and
// rate-limited like passwords, recovery codes are shown once and stored hashed, and an admin's
// reset of another member's factor is recorded, ends their sessions and emails them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { queryRows } from '#server/db/client.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import {
  freshCode,
  notACode,
  noteCodeUsed,
  recoveryCodesIn,
  secretIn,
  signInAndEnrol,
  totpCode,
} from '#tests/helpers/two-factor.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

/** A client that has given the right password for a staff account, and nothing more. */
async function passwordOnly(email: string, options: { remoteAddress?: string } = {}) {
  const client = new TestClient(shop.app, options);
  const res = await client.post('/admin/sign-in', { email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/admin/two-factor');
  return client;
}

const ADMIN_PAGES = ['/admin', '/admin/dashboard', '/admin/mailbox', '/admin/staff', '/admin/orders'];
const ADMIN_API_GETS = ['/api/v1/admin/mailbox', '/api/v1/admin/staff'];

async function expectNoAdminAccess(client: TestClient, someStaffId: number) {
  for (const path of ADMIN_PAGES) {
    const res = await client.get(path);
    expect(res.statusCode, path).toBe(302);
    expect(res.headers.location, path).toMatch(/^\/admin\/two-factor/);
    expect(res.body, path).not.toContain('Logout');
  }
  for (const path of ADMIN_API_GETS) {
    const res = await client.get(path);
    expect(res.statusCode, path).toBe(403);
    expect(res.json(), path).toMatchObject({ error: 'second_factor_required' });
  }
  const reset = await shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/staff/${someStaffId}/two-factor/reset`,
    headers: { cookie: `ch_session=${client.session}` },
  });
  expect(reset.statusCode).toBe(403);
  const status = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/orders/CH-NOPE/status',
    headers: { cookie: `ch_session=${client.session}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ status: 'shipped' }),
  });
  expect(status.statusCode).toBe(403);
}

describe('first sign-in of a staff or admin account', () => {
  it('forces enrolment: no admin page or admin API answers before it', async () => {
    const other = await createUser(shop.database.db, { role: 'staff' });
    for (const role of ['staff', 'admin'] as const) {
      const user = await createUser(shop.database.db, { role });
      const client = await passwordOnly(user.email);
      await expectNoAdminAccess(client, other.id);
      // Asking for the sign-in page again goes straight on to the second step.
      const again = await client.get('/admin/sign-in');
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toBe('/admin/two-factor');
    }
  });

  it('enrols with a real TOTP code, after showing a QR code and the secret as text', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const client = await passwordOnly(user.email);
    const page = await client.get('/admin/two-factor');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('Set up two-factor sign-in');
    const secret = secretIn(page.body);
    // The secret for typing by hand, in groups of four.
    expect(page.body).toContain(secret.match(/.{4}/g)!.join(' '));
    // The QR code is drawn on the server: an SVG image that needs no script.
    const qr = page.body.match(/src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"/);
    expect(qr).not.toBeNull();
    const svg = Buffer.from(qr![1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*viewBox/);

    // A wrong code keeps the same secret on screen (the app already holds it).
    const wrong = await client.post('/admin/two-factor', { intent: 'enrol', secret, code: notACode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That code is not right');
    expect(secretIn(wrong.body)).toBe(secret);
    expect((await client.get('/admin/dashboard')).statusCode).toBe(302);

    const before = client.session;
    const enrolled = await client.post('/admin/two-factor', {
      intent: 'enrol',
      secret,
      code: await freshCode(secret),
    });
    expect(enrolled.statusCode).toBe(200);
    expect(recoveryCodesIn(enrolled.body)).toHaveLength(10);
    // A new session id once the second factor is given.
    expect(client.session).toBeDefined();
    expect(client.session).not.toBe(before);
    expect((await client.get('/admin/dashboard')).statusCode).toBe(200);
    expect((await client.get('/api/v1/admin/mailbox')).statusCode).toBe(200);
    const [row] = await queryRows<{ secret: string }>(
      shop.database.db,
      sql`SELECT secret FROM two_factor_secrets WHERE user_id = ${user.id}`,
    );
    expect(row?.secret).toBe(secret);
  });

  it('keeps a secret nobody enrolled with out of the database, and refuses a tampered one', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const client = await passwordOnly(user.email);
    const refused = await client.post('/admin/two-factor', {
      intent: 'enrol',
      secret: 'AAAA',
      code: '123456',
    });
    expect(refused.statusCode).toBe(400);
    const rows = await queryRows(
      shop.database.db,
      sql`SELECT 1 FROM two_factor_secrets WHERE user_id = ${user.id}`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('signing in once enrolled', () => {
  it('asks for a code, accepts a fresh one and refuses a replayed one', async () => {
    const user = await createUser(shop.database.db, { role: 'admin' });
    const { secret } = await signInAndEnrol(shop.app, user);
    const other = await createUser(shop.database.db, { role: 'staff' });

    const client = await passwordOnly(user.email);
    const page = await client.get('/admin/two-factor');
    expect(page.body).toContain('Enter your code');
    expect(page.body).not.toContain('name="secret"');
    await expectNoAdminAccess(client, other.id);

    const code = await freshCode(secret);
    const ok = await client.post('/admin/two-factor', { intent: 'verify', code });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/admin/dashboard');
    expect((await client.get('/admin/dashboard')).statusCode).toBe(200);

    // Someone who saw that code (over a shoulder, a phishing page) cannot use it again.
    const attacker = await passwordOnly(user.email);
    const replay = await attacker.post('/admin/two-factor', { intent: 'verify', code });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('already been used');
    expect((await attacker.get('/admin/dashboard')).statusCode).toBe(302);
    // Nor an older one from the step before.
    noteCodeUsed(secret, 0);
    const older = await attacker.post('/admin/two-factor', { intent: 'verify', code: totpCode(secret, -1) });
    expect(older.statusCode).toBe(400);
  });

  it('opens nothing when the half-signed-in session ended while the code was being typed', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const { secret } = await signInAndEnrol(shop.app, user);
    const client = await passwordOnly(user.email);
    const pending = await shop.services.accounts.getSession(client.session);
    expect(pending?.secondFactor).toBe('required');
    await shop.services.accounts.signOut(client.session); // or an admin's reset
    const sessionsOf = () =>
      queryRows<{ id: string }>(shop.database.db, sql`SELECT id FROM sessions WHERE user_id = ${user.id}`);
    const before = await sessionsOf();
    await expect(
      shop.services.twoFactor.verify(pending, { code: await freshCode(secret) }, { ip: '127.0.0.1' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await sessionsOf()).toEqual(before);
  });

  it('shows recovery codes once, stores them hashed, and accepts each once', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const { client: first, recoveryCodes } = await signInAndEnrol(shop.app, user);
    expect(new Set(recoveryCodes).size).toBe(10);

    // Shown once: the page never shows them again.
    const manage = await first.get('/admin/two-factor');
    expect(manage.body).toContain('Two-factor sign-in is on');
    for (const code of recoveryCodes) expect(manage.body).not.toContain(code);

    // Stored hashed: no recovery code (in any spelling) anywhere in the table.
    const stored = await queryRows<{ row: string }>(
      shop.database.db,
      sql`SELECT row_to_json(r)::text AS row FROM recovery_codes r WHERE user_id = ${user.id}`,
    );
    expect(stored).toHaveLength(10);
    const dump = stored.map((r) => r.row.toLowerCase()).join('\n');
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll('-', ''));
    }

    const [one, two] = recoveryCodes as [string, string];
    const client = await passwordOnly(user.email);
    const used = await client.post('/admin/two-factor', { intent: 'verify', code: one });
    expect(used.statusCode).toBe(302);
    expect((await client.get('/admin/staff')).statusCode).toBe(200);
    const left = await client.get('/admin/two-factor');
    expect(left.body).toContain('You have 9 unused recovery codes.');

    const again = await passwordOnly(user.email);
    const reused = await again.post('/admin/two-factor', { intent: 'verify', code: one });
    expect(reused.statusCode).toBe(400);
    expect((await again.get('/admin/dashboard')).statusCode).toBe(302);
    // Typed in capitals with spaces instead of dashes: still the same code.
    const typed = await again.post('/admin/two-factor', {
      intent: 'verify',
      code: two.toUpperCase().replaceAll('-', ' '),
    });
    expect(typed.statusCode).toBe(302);
    expect((await again.get('/admin/dashboard')).statusCode).toBe(200);
  });

  it('rate-limits wrong codes per account with 429, even for the right code after', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const { secret } = await signInAndEnrol(shop.app, user);
    const client = await passwordOnly(user.email, { remoteAddress: '198.51.100.20' });
    for (let i = 0; i < 8; i += 1) {
      const res = await client.post('/admin/two-factor', { intent: 'verify', code: notACode(secret) });
      expect(res.statusCode, `try ${i + 1}`).toBe(400);
    }
    const limited = await client.post('/admin/two-factor', { intent: 'verify', code: notACode(secret) });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many wrong codes for this account');
    // From another address, with the right code: the account is still locked for now.
    const elsewhere = await passwordOnly(user.email, { remoteAddress: '198.51.100.21' });
    const right = await elsewhere.post('/admin/two-factor', {
      intent: 'verify',
      code: await freshCode(secret),
    });
    expect(right.statusCode).toBe(429);
    expect((await elsewhere.get('/admin/dashboard')).statusCode).toBe(302);
  });

  it('rate-limits codes per client address across accounts', async () => {
    const address = '198.51.100.30';
    const members: { client: TestClient; secret: string }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const user = await createUser(shop.database.db, { role: 'staff' });
      const { secret } = await signInAndEnrol(shop.app, user);
      members.push({ client: await passwordOnly(user.email, { remoteAddress: address }), secret });
    }
    // 50 wrong codes from one address, never more than 7 on one account: each is judged…
    for (let tries = 0; tries < 50; tries += 1) {
      const { client, secret } = members[Math.floor(tries / 7)]!;
      const res = await client.post('/admin/two-factor', { intent: 'verify', code: notACode(secret) });
      expect(res.statusCode, `try ${tries + 1}`).toBe(400);
    }
    // …and then the address waits, whichever account it tries.
    const { client, secret } = members[0]!;
    const limited = await client.post('/admin/two-factor', {
      intent: 'verify',
      code: await freshCode(secret),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many codes tried from your network');
  });

  it('lets a signed-in member make new recovery codes with a current code; the old ones stop working', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const { client, secret, recoveryCodes } = await signInAndEnrol(shop.app, user);
    const wrong = await client.post('/admin/two-factor', { intent: 'regenerate', code: notACode(secret) });
    expect(wrong.statusCode).toBe(400);
    const made = await client.post('/admin/two-factor', {
      intent: 'regenerate',
      code: await freshCode(secret),
    });
    expect(made.statusCode).toBe(200);
    const fresh = recoveryCodesIn(made.body);
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);

    const old = await passwordOnly(user.email);
    expect(
      (await old.post('/admin/two-factor', { intent: 'verify', code: recoveryCodes[0] })).statusCode,
    ).toBe(400);
    expect((await old.post('/admin/two-factor', { intent: 'verify', code: fresh[0] })).statusCode).toBe(302);
    // A half-signed-in session cannot make codes.
    const pending = await passwordOnly(user.email);
    expect(
      (await pending.post('/admin/two-factor', { intent: 'regenerate', code: '123456' })).statusCode,
    ).toBe(403);
  });
});

describe('a staff member on the shop’s own sign-in page', () => {
  it('may shop as a customer, but the admin asks for the second factor', async () => {
    const user = await createUser(shop.database.db, { role: 'staff' });
    const { secret } = await signInAndEnrol(shop.app, user);
    const client = new TestClient(shop.app);
    const res = await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(302);
    expect((await client.get('/dashboard')).statusCode).toBe(200);
    expect((await client.get('/api/v1/account')).statusCode).toBe(200);
    const admin = await client.get('/admin/mailbox');
    expect(admin.statusCode).toBe(302);
    expect(admin.headers.location).toBe('/admin/two-factor?redirectTo=%2Fadmin%2Fmailbox');
    expect((await client.get('/api/v1/admin/mailbox')).statusCode).toBe(403);
    const verified = await client.post('/admin/two-factor', {
      intent: 'verify',
      code: await freshCode(secret),
      redirectTo: '/admin/mailbox',
    });
    expect(verified.headers.location).toBe('/admin/mailbox');
    expect((await client.get('/admin/mailbox')).statusCode).toBe(200);
  });
});

describe('an admin resetting another member’s second factor', () => {
  it('is recorded, ends their sessions, emails them, and they must enrol again', async () => {
    const admin = await createUser(shop.database.db, { role: 'admin', name: 'Funke Admin' });
    const { client: adminClient } = await signInAndEnrol(shop.app, admin);
    const member = await createUser(shop.database.db, { role: 'staff', name: 'Tunde Staff' });
    const { client: memberClient } = await signInAndEnrol(shop.app, member);
    expect((await memberClient.get('/admin/dashboard')).statusCode).toBe(200);

    // The staff page lists them as enrolled, with a reset button behind a confirmation step.
    const list = await adminClient.get('/admin/staff');
    expect(list.statusCode).toBe(200);
    const row = list.body.match(new RegExp(`<tr[^>]*data-staff-email="${member.email}"[\\s\\S]*?</tr>`))![0];
    expect(row).toContain('Tunde Staff');
    expect(row).toContain('>Yes<');
    expect(row).toContain(`/admin/staff/${member.id}/reset-two-factor`);
    const confirm = await adminClient.get(`/admin/staff/${member.id}/reset-two-factor`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Yes, reset two-factor');
    // Looking at the confirmation changes nothing.
    expect((await memberClient.get('/admin/dashboard')).statusCode).toBe(200);

    const done = await adminClient.post(`/admin/staff/${member.id}/reset-two-factor`, {});
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`/admin/staff?reset=${member.id}`);
    const after = await adminClient.get(done.headers.location as string);
    expect(after.body).toContain('Two-factor sign-in was reset for Tunde Staff');

    // Recorded (beside their own sign-ins, ADR 024).
    const events = (await shop.services.audit.list({ subjectType: 'user', subjectId: member.id })).filter(
      (e) => e.action === 'two_factor.reset',
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: admin.id,
      action: 'two_factor.reset',
      subjectId: String(member.id),
    });
    expect(events[0]!.details).toMatchObject({ email: member.email, hadFactor: true, sessionsEnded: 1 });
    // Their session ended.
    expect((await memberClient.get('/admin/dashboard')).statusCode).toBe(401);
    // Emailed, with no token in the mail.
    const [mail] = await shop.mailTo(member.email);
    expect(mail?.subject).toBe('Your Crown Hair two-factor sign-in was reset');
    expect(mail?.textBody).toContain('Funke Admin (an admin)');
    expect(mail?.textBody).toContain('http://shop.test/admin/sign-in');
    expect(mail?.textBody).not.toContain('token=');
    // Next sign-in: enrol again.
    const again = await signInAndEnrol(shop.app, member);
    expect((await again.client.get('/admin/dashboard')).statusCode).toBe(200);
  });

  it('works through the admin API too, for admins only, and never on one’s own account', async () => {
    const admin = await createUser(shop.database.db, { role: 'admin' });
    const { client: adminClient } = await signInAndEnrol(shop.app, admin);
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const { client: staffClient } = await signInAndEnrol(shop.app, staff);
    const target = await createUser(shop.database.db, { role: 'staff' });
    await signInAndEnrol(shop.app, target);
    const customer = await createUser(shop.database.db);

    const post = (client: TestClient, id: number) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/staff/${id}/two-factor/reset`,
        headers: client.session ? { cookie: `ch_session=${client.session}` } : {},
      });
    // Staff cannot reset (API and page).
    expect((await post(staffClient, target.id)).statusCode).toBe(403);
    expect((await staffClient.get(`/admin/staff/${target.id}/reset-two-factor`)).statusCode).toBe(403);
    expect((await staffClient.post(`/admin/staff/${target.id}/reset-two-factor`, {})).statusCode).toBe(403);
    expect((await post(new TestClient(shop.app), target.id)).statusCode).toBe(401);
    // Not one's own, and only staff accounts.
    expect((await post(adminClient, admin.id)).statusCode).toBe(403);
    expect((await post(adminClient, customer.id)).statusCode).toBe(404);
    expect((await post(adminClient, 999_999)).statusCode).toBe(404);
    const resets = await shop.services.audit.list({ subjectType: 'user', subjectId: target.id });
    expect(resets.filter((e) => e.action === 'two_factor.reset')).toHaveLength(0);

    const list = (await staffClient.get('/api/v1/admin/staff')).json() as {
      items: { id: number; twoFactorEnrolled: boolean }[];
    };
    expect(list.items.find((m) => m.id === target.id)?.twoFactorEnrolled).toBe(true);

    const res = await post(adminClient, target.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reset: true, email: target.email, sessionsEnded: 1 });
    const after = (await staffClient.get('/api/v1/admin/staff')).json() as {
      items: { id: number; twoFactorEnrolled: boolean }[];
    };
    expect(after.items.find((m) => m.id === target.id)?.twoFactorEnrolled).toBe(false);
    const recorded = await shop.services.audit.list({ subjectType: 'user', subjectId: target.id });
    expect(recorded.filter((e) => e.action === 'two_factor.reset')).toHaveLength(1);
  });
});

describe('the owner at the server (npm run admin:create)', () => {
  it('clears a locked-out admin’s second factor, on the record, and they enrol again', async () => {
    const admin = await createUser(shop.database.db, { role: 'admin' });
    const { client } = await signInAndEnrol(shop.app, admin);
    expect(
      await shop.services.accounts.createAdmin({ email: admin.email, password: 'new owner passphrase' }),
    ).toBe('promoted');
    expect(await shop.services.twoFactor.resetFromCommandLine(admin.email)).toBe(true);
    expect(await shop.services.twoFactor.resetFromCommandLine(admin.email)).toBe(false);
    expect((await client.get('/admin/dashboard')).statusCode).toBe(401);
    const [event] = await shop.services.audit.list({ subjectType: 'user', subjectId: admin.id });
    expect(event).toMatchObject({ actorUserId: null, action: 'two_factor.reset' });
    expect(event!.details).toMatchObject({ via: 'admin:create' });
    await signInAndEnrol(shop.app, { email: admin.email, password: 'new owner passphrase' });
  });
});

describe('the demo admin', () => {
  it('signs in without a second factor, and the admin says so', async () => {
    // A demo shop (ADR 016): the sample data, a local address, the demo admin demo mode made (ADR 062).
    const demoShop = await createTestShop({ pages: true, config: { demo: { eligible: true } } });
    try {
      await demoAdminSignsInWithoutSecondFactor(demoShop);
    } finally {
      await demoShop.close();
    }
  });
});

async function demoAdminSignsInWithoutSecondFactor(shop: TestShop) {
  await shop.database.db.execute(
    sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')
        ON CONFLICT (key) DO UPDATE SET value = 'true'`,
  );
  shop.services.content.invalidate();
  expect(await shop.services.demo.ensureDemoAdmin()).toBe('created');
  const client = new TestClient(shop.app);
  const res = await client.post('/admin/sign-in', {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/admin/dashboard');
  const page = await client.get('/admin/dashboard');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(
    'The demo admin signs in without a second factor; real staff accounts must enrol.',
  );
  expect((await client.get('/api/v1/admin/mailbox')).statusCode).toBe(200);
  const staff = await client.get('/admin/staff');
  expect(staff.body).toContain('Not needed (demo admin)');
  // Nothing to do on the second-factor page.
  const twoFactor = await client.get('/admin/two-factor');
  expect(twoFactor.statusCode).toBe(302);
  expect(twoFactor.headers.location).toBe('/admin/dashboard');
}
