// The launch checklist (/admin/launch, ADR 071) through HTTP, as an admin's browser without
// JavaScript reads it: every step's state comes from the shop's real configuration and data —
// both states of each step — and the dashboard's card says "n of m done". The test email goes
// through the real outbox (the server's error shown when delivery fails) and is audited.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '#core/nigeria.ts';
import { queryRows } from '#server/db/client.ts';
import type { LaunchConfig } from '#server/modules/launch/launch-types.ts';
import { createOutboxWorker } from '#server/modules/mail/outbox-worker.ts';
import { createSmtpTransport } from '#server/modules/mail/transports.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { firstRow } from '#tests/helpers/rows.ts';
import { createTestShop, TEST_MAIL_FROM, type TestShop } from '#tests/helpers/test-app.ts';

const folders: string[] = [];
function dataDir(withBackup = false): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'launch-'));
  folders.push(dir);
  if (withBackup) {
    mkdirSync(path.join(dir, 'backups'));
    writeFileSync(
      path.join(dir, 'backups', 'crownhair-2026-11-27T201512Z.tar'),
      Buffer.alloc(3 * 1024 * 1024),
    );
  }
  return dir;
}

interface Opened {
  shop: TestShop;
  admin: TestClient;
  staff: TestClient;
  adminId: number;
  adminEmail: string;
}

async function open(options: {
  publicUrl?: string;
  paystackSecretKey?: string;
  launch?: Partial<Omit<LaunchConfig, 'publicUrl' | 'paystackSecretKey'>>;
}): Promise<Opened> {
  const shop = await createTestShop({
    pages: true,
    publicUrl: options.publicUrl,
    config: {
      payments: { sandboxSecret: 'launch-test', paystackSecretKey: options.paystackSecretKey },
      launch: { dataDir: dataDir(), backupEveryHours: 0, database: 'pglite', ...options.launch },
    },
  });
  const visitors = await visitorsPerRole(shop, 'Launch');
  return {
    shop,
    admin: visitors.clients.admin,
    staff: visitors.clients.staff,
    adminId: visitors.users.admin.id,
    adminEmail: visitors.users.admin.email,
  };
}

function decode(text: string): string {
  return text
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([,:.)])/g, '$1')
    .trim();
}

/** A step's card on the page: whether it says done, and its words. */
function step(html: string, id: string): { done: boolean; text: string } {
  const start = html.search(new RegExp(`data-testid="step-${id}"`));
  expect(start, `step ${id} on the page`).toBeGreaterThan(-1);
  const rest = html.slice(start);
  const end = rest.slice(1).search(/<li id="|<\/ol>/);
  const card = end === -1 ? rest : rest.slice(0, end + 1);
  const done = /data-done="true"/.test(card.slice(0, 80));
  return { done, text: decode(card.replace(/^[^>]*>/, '')) };
}

async function page(client: TestClient): Promise<string> {
  const res = await client.get('/admin/launch');
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
}

const contactsForm = {
  intent: 'contacts',
  phone: '+234 809 555 0101',
  whatsapp: '2348095550101',
  email: 'care@crownhair.ng',
  address: '3 Broad Street, Lagos Island',
  instagram: '',
  facebook: '',
  tiktok: '',
};
const bankForm = {
  intent: 'bank',
  bankName: 'Zenith Bank',
  bankAccountName: 'Crown Hair Ventures',
  bankAccountNumber: '2012345678',
};
const deliveryForm = {
  intent: 'delivery',
  freeDeliveryFrom: '',
  ...Object.fromEntries(NIGERIAN_STATES.map((s) => [`fee:${s}`, '2500'])),
};
const podForm = { intent: 'pay-on-delivery', 'pod:Lagos': 'on' };

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('a shop fresh from the demo (local address, sandbox, local mailbox, no backups)', () => {
  let t: Opened;
  beforeAll(async () => {
    t = await open({});
    await t.shop.database.db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')`,
    );
    // Two rows as the seed marks them (ADR 070): the step counts marked rows, never guesses.
    await t.shop.database.db.execute(
      sql`INSERT INTO newsletter_subscribers (email, sample) VALUES ('ada@example.com', true), ('bola@example.com', true)`,
    );
    t.shop.services.content.invalidate();
  });
  afterAll(async () => {
    await t.shop.close();
  });

  it('shows every step still to do, each with what to do next', async () => {
    const html = await page(t.admin);
    // Only the staff step: both staff accounts gave a second factor.
    expect(decode(html)).toContain('1 of 8 done');
    const admin = step(html, 'admin');
    expect(admin.done).toBe(false);
    expect(admin.text).toContain('npm run admin:create -- --email you@example.com');
    expect(admin.text).toContain('ADMIN_EMAIL=you@example.com');

    const sample = step(html, 'sample-data');
    expect(sample.done).toBe(false);
    expect(sample.text).toContain('2 sample rows remain');
    expect(sample.text).toContain('Sample newsletter subscribers 2');
    // Removal waits for the take-over (ADR 070): no form yet, the step says why.
    expect(html).not.toMatch(/<button[^>]*value="remove-sample-data"/);
    expect(sample.text).toContain('Take the shop over first');

    const payments = step(html, 'payments');
    expect(payments.done).toBe(false);
    expect(payments.text).toContain('none: the built-in sandbox takes pretend payments');
    expect(payments.text).toContain('PAYSTACK_SECRET_KEY=sk_live_…');
    expect(payments.text).toContain('Last webhook received none yet');
    // The webhook address as selectable text, without JavaScript.
    expect(html).toContain('value="http://shop.test/api/webhooks/paystack"');

    const email = step(html, 'email');
    expect(email.done).toBe(false);
    expect(email.text).toContain('the local mailbox (/admin/mailbox)');
    expect(email.text).toContain('SMTP_URL=smtp://user:password@smtp.example.com:587');

    const address = step(html, 'address');
    expect(address.done).toBe(false);
    expect(address.text).toContain('PUBLIC_URL http://shop.test');
    expect(address.text).toContain('PUBLIC_URL=https://www.yourshop.ng');

    const details = step(html, 'details');
    expect(details.done).toBe(false);
    for (const s of ['Store contacts', 'Bank transfer', 'Delivery fees', 'Pay on delivery'])
      expect(details.text).toContain(`${s} not reviewed since the demo`);

    const backups = step(html, 'backups');
    expect(backups.done).toBe(false);
    expect(backups.text).toContain('Scheduled backups off');
    expect(backups.text).toContain('BACKUP_EVERY_HOURS=24');
    expect(backups.text).toContain('npm run db:backup');
  });

  it('counts the staff step done while every staff and admin account has a second factor, and names who has none', async () => {
    expect(step(await page(t.admin), 'staff').done).toBe(true);
    await createUser(t.shop.database.db, {
      role: 'staff',
      name: 'Tunde Bakare',
      email: 'tunde@crownhair.ng',
    });
    const staffStep = step(await page(t.admin), 'staff');
    expect(staffStep.done).toBe(false);
    expect(staffStep.text).toContain('Tunde Bakare');
    expect(staffStep.text).toContain('tunde@crownhair.ng');
    expect(staffStep.text).toContain('1 of 3 staff and admin accounts have no second factor yet');
  });

  it('records the last request on PUBLIC_URL’s host, not on another host', async () => {
    expect(step(await page(t.admin), 'address').text).toContain('Last request on shop.test none yet');
    await new TestClient(t.shop.app).get('/', { headers: { host: 'other.test' } });
    expect(step(await page(t.admin), 'address').text).toContain('none yet');
    await new TestClient(t.shop.app).get('/', { headers: { host: 'shop.test' } });
    expect(step(await page(t.admin), 'address').text).toMatch(/Last request on shop\.test answered, \d/);
    // Written to the settings for the other processes (at most once a minute).
    await expect
      .poll(
        async () =>
          (await firstRow<{ n: number }>(
            t.shop.database.db,
            sql`SELECT count(*)::int AS n FROM settings WHERE key = 'launch.publicHostSeenAt'`,
          ))!.n,
      )
      .toBe(1);
  });

  it('counts a settings section reviewed only when saved after demo mode ended', async () => {
    expect((await t.admin.post('/admin/settings', contactsForm)).statusCode).toBe(302);
    expect(step(await page(t.admin), 'details').text).toContain('Store contacts not reviewed since the demo');

    await t.shop.services.demo.end('admin:create');
    const admin = step(await page(t.admin), 'admin');
    expect(admin.done).toBe(true);
    expect(admin.text).toContain('Demo mode ended by admin:create');

    // Saving unchanged values counts: the owner looked at the section.
    expect((await t.admin.post('/admin/settings', contactsForm)).statusCode).toBe(302);
    expect((await t.admin.post('/admin/settings', bankForm)).statusCode).toBe(302);
    let details = step(await page(t.admin), 'details');
    expect(details.done).toBe(false);
    expect(details.text).toContain('Still to review: Delivery fees, Pay on delivery.');
    expect(details.text).toMatch(/Store contacts saved, \d/);

    expect((await t.admin.post('/admin/settings', deliveryForm)).statusCode).toBe(302);
    expect((await t.admin.post('/admin/settings', podForm)).statusCode).toBe(302);
    details = step(await page(t.admin), 'details');
    expect(details.done).toBe(true);
  });

  it('removes the sample data from its step once the shop is taken over: audited, then done', async () => {
    // Demo mode ended in the test above; the form is offered now.
    const before = await page(t.admin);
    expect(before).toMatch(/<button[^>]*value="remove-sample-data"/);
    expect((await t.staff.post('/admin/launch', { intent: 'remove-sample-data' })).statusCode).toBe(403);

    const res = await t.admin.post('/admin/launch', { intent: 'remove-sample-data' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/launch#sample-data');
    const after = await page(t.admin);
    const sample = step(after, 'sample-data');
    expect(sample.done).toBe(true);
    expect(after).not.toMatch(/<button[^>]*value="remove-sample-data"/);
    expect(await t.shop.services.sampleData.status()).toMatchObject({ remaining: 0 });
    const [audited] = await queryRows<{ n: number }>(
      t.shop.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'sample_data.remove' AND actor_user_id = ${t.adminId}`,
    );
    expect(Number(audited?.n)).toBe(1);
  });

  it('shows the last webhook received, and when', async () => {
    await t.shop.database.db.execute(
      sql`INSERT INTO payment_events (provider, event, reference, payload, received_at)
          VALUES ('sandbox', 'charge.success', 'CH-launch-1', '{}'::jsonb, '2026-11-27T10:00:00Z')`,
    );
    expect(step(await page(t.admin), 'payments').text).toContain(
      'Last webhook received charge.success, 27 Nov 2026, 11:00',
    );
  });

  it('sends the signed-in admin a test email through the outbox, audited, and shows that it was sent', async () => {
    const res = await t.admin.post('/admin/launch', { intent: 'send-test-email' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/launch#email');
    expect(step(await page(t.admin), 'email').text).toContain(
      `Test email to ${t.adminEmail}: waiting to be sent`,
    );
    const mail = await t.shop.mailTo(t.adminEmail);
    expect(mail[0]?.subject).toBe('Test email from Crown Hair');
    expect(mail[0]?.textBody).toContain('It reached you through the local mailbox');
    const email = step(await page(t.admin), 'email');
    expect(email.text).toContain(`Test email to ${t.adminEmail}: sent`);
    expect(email.text).toMatch(/Last delivery attempt sent, \d/);
    const audit = await firstRow<{ actor_user_id: number; subject_id: string }>(
      t.shop.database.db,
      sql`SELECT actor_user_id, subject_id FROM audit_events WHERE action = 'launch.test_email'`,
    );
    expect(audit).toEqual({ actor_user_id: t.adminId, subject_id: t.adminEmail });
  });

  it('refuses staff, customers and strangers: the page and its forms', async () => {
    expect((await t.staff.get('/admin/launch')).statusCode).toBe(403);
    expect((await t.staff.post('/admin/launch', { intent: 'send-test-email' })).statusCode).toBe(403);
    expect((await new TestClient(t.shop.app).get('/admin/launch')).statusCode).toBe(401);
  });

  it('puts the checklist on the dashboard as "n of m done" for admins, never for staff', async () => {
    const html = await page(t.admin);
    const done = countDone(html);
    const dashboard = await t.admin.get('/admin/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(decode(dashboard.body)).toContain(`Launch checklist: ${done} of 8 done`);
    expect(dashboard.body).toContain('href="/admin/launch"');
    const staffDashboard = await t.staff.get('/admin/dashboard');
    expect(staffDashboard.body).not.toContain('data-testid="launch-card"');
    expect(staffDashboard.body).not.toContain('href="/admin/launch"');
  });
});

function countDone(html: string): number {
  return (html.match(/data-done="true"/g) ?? []).length;
}

describe('payments: the Paystack key decides', () => {
  it('says test mode for an sk_test_ key, and stays to do', async () => {
    const t = await open({ paystackSecretKey: 'sk_test_abc123' });
    try {
      const payments = step(await page(t.admin), 'payments');
      expect(payments.done).toBe(false);
      expect(payments.text).toContain('Paystack is in test mode');
      expect(payments.text).toContain('test mode (sk_test_…): no real money moves');
    } finally {
      await t.shop.close();
    }
  });

  it('is done with an sk_live_ key, and shows the Paystack webhooks received', async () => {
    const t = await open({ paystackSecretKey: 'sk_live_abc123' });
    try {
      let payments = step(await page(t.admin), 'payments');
      expect(payments.done).toBe(true);
      expect(payments.text).toContain('live (sk_live_…): real money');
      expect(payments.text).toContain('Last webhook received none yet');
      await t.shop.database.db.execute(
        sql`INSERT INTO payment_events (provider, event, reference, payload)
            VALUES ('paystack', 'charge.success', 'CH-live-1', '{}'::jsonb)`,
      );
      payments = step(await page(t.admin), 'payments');
      expect(payments.text).toMatch(/Last webhook received charge\.success, \d/);
    } finally {
      await t.shop.close();
    }
  });
});

describe('a shop configured to go live (https address, SMTP, scheduled backups with one taken)', () => {
  let t: Opened;
  beforeAll(async () => {
    t = await open({
      publicUrl: 'https://crownhair.ng',
      launch: {
        smtpUrl: 'smtp://mailer:secret@127.0.0.1:1',
        backupEveryHours: 24,
        dataDir: dataDir(true),
      },
    });
  });
  afterAll(async () => {
    await t.shop.close();
  });

  it('counts the address, email, backups and sample steps done, from the configuration', async () => {
    const html = await page(t.admin);
    const address = step(html, 'address');
    expect(address.done).toBe(true);
    expect(address.text).toContain('The shop answers at https://crownhair.ng over https.');

    const email = step(html, 'email');
    expect(email.done).toBe(true);
    expect(email.text).toContain('SMTP server smtp://127.0.0.1:1');
    expect(email.text).not.toContain('secret');

    const backups = step(html, 'backups');
    expect(backups.done).toBe(true);
    expect(backups.text).toContain('Scheduled backups every 24 hours');
    expect(backups.text).toMatch(
      /Last backup 3\.0 MB, .*crownhair-2026-11-27T201512Z\.tar, 27 Nov 2026, 21:15/,
    );

    // A production shop started empty (SEED_ON_START=false): no samples, nothing to remove.
    const sample = step(html, 'sample-data');
    expect(sample.done).toBe(true);
    expect(html).not.toMatch(/<button[^>]*value="remove-sample-data"/);
  });

  it('shows the SMTP server’s error when the test email cannot be delivered, and the step is to do again', async () => {
    expect((await t.admin.post('/admin/launch', { intent: 'send-test-email' })).statusCode).toBe(302);
    const worker = createOutboxWorker({
      db: t.shop.database.db,
      transport: createSmtpTransport('smtp://mailer:secret@127.0.0.1:1', { connectionTimeout: 2000 }),
      from: TEST_MAIL_FROM,
      log: t.shop.log,
      pollMs: 60_000,
    });
    await worker.runOnce();
    await worker.stop();
    const email = step(await page(t.admin), 'email');
    expect(email.done).toBe(false);
    expect(email.text).toContain('Mail is set up, but the last delivery failed.');
    expect(email.text).toMatch(/Last delivery attempt not sent yet, will retry: .*ECONNREFUSED/);
    expect(email.text).toMatch(/Test email to .*: not sent yet, will retry: .*ECONNREFUSED/);
  });
});
