// The admin newsletter (ADR 036) over HTTP: the subscriber list filters by status, source, words
// and sign-up days from the URL and exports exactly that as CSV; a campaign is drafted (bad input
// refused, nothing stored), previewed, tested to the staff member's own inbox, then sent through
// the outbox in batches to every confirmed subscriber and nobody else, with List-Unsubscribe
// headers and the footer; sending again, or from two processes at once, never reaches an address
// twice; a mail app's one-click POST unsubscribes; the dashboard's "promotional emails" box and
// the subscription are one switch. Staff read; only admins write and send.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createAdminNewsletterService } from '#server/modules/newsletter/admin-newsletter.service.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { type RoleVisitors, signedInClient, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const BATCH = 3;
let shop: TestShop;
let clients: RoleVisitors['clients'];
let users: RoleVisitors['users'];

beforeAll(async () => {
  shop = await createTestShop({ pages: true, config: { newsletterBatchSize: BATCH } });
  ({ clients, users } = await visitorsPerRole(shop, 'Letters'));
});
afterAll(async () => {
  await shop.close();
});

type Status = 'confirmed' | 'pending' | 'unsubscribed';
let tokenCounter = 0;
/** A subscriber row as the sign-up flow leaves it (the flow itself: newsletter.test.ts). */
async function addSubscriber(email: string, status: Status, source = 'footer', createdAt = new Date()) {
  tokenCounter += 1;
  await shop.database.db.execute(sql`
    INSERT INTO newsletter_subscribers (email, source, created_at, confirmed_at, unsubscribed_at, unsubscribe_token)
    VALUES (${email}, ${source}, ${createdAt.toISOString()}::timestamptz,
      ${status === 'pending' ? null : createdAt.toISOString()}::timestamptz,
      ${status === 'unsubscribed' ? new Date().toISOString() : null}::timestamptz,
      ${`test-unsub-${tokenCounter}-${email}`})`);
}

async function page(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.body;
}

async function outboxFor(subject: string) {
  return queryRows<{
    to_address: string;
    list_unsubscribe: string | null;
    text_body: string;
    html_body: string;
  }>(
    shop.database.db,
    sql`SELECT to_address, list_unsubscribe, text_body, html_body FROM mail_outbox WHERE subject = ${subject} ORDER BY id`,
  );
}

async function createCampaign(subject: string, body: string): Promise<string> {
  const res = await clients.admin.post('/admin/newsletter/campaigns/new', { intent: 'save', subject, body });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/admin\/newsletter\/campaigns\/\d+$/);
  return location;
}

function promotionsBoxChecked(html: string): boolean {
  const input = html.match(/<input[^>]*name="notifyPromotions"[^>]*>/)?.[0];
  expect(input).toBeDefined();
  return /\schecked(=""|\s|\/|>)/.test(input!);
}

describe('the subscriber list', () => {
  beforeAll(async () => {
    const old = new Date('2026-03-10T12:00:00+01:00');
    await addSubscriber('list-confirmed@example.ng', 'confirmed', 'footer', old);
    await addSubscriber('list-pending@example.ng', 'pending', 'api');
    await addSubscriber('list-gone@example.ng', 'unsubscribed', 'footer');
    await addSubscriber('list-account@example.ng', 'confirmed', 'account');
    await addSubscriber('=cmd@example.ng', 'confirmed', 'api');
  });

  it('filters by status, source, words and days from the URL, with counts over everything', async () => {
    const all = await page(clients.staff, '/admin/newsletter');
    for (const email of ['list-confirmed@', 'list-pending@', 'list-gone@', 'list-account@']) {
      expect(all).toContain(email);
    }
    expect(all).toMatch(
      /<nav[^>]*aria-label="Subscribers by status"[\s\S]*?>Confirmed<\/span><span[^>]*>\s*(\d+)\s*</,
    );

    const pending = await page(clients.staff, '/admin/newsletter?status=pending&q=list-');
    expect(pending).toContain('list-pending@example.ng');
    expect(pending).not.toContain('list-confirmed@example.ng');
    expect(pending).not.toContain('list-gone@example.ng');

    const account = await page(clients.staff, '/admin/newsletter?source=account');
    expect(account).toContain('list-account@example.ng');
    expect(account).not.toContain('list-confirmed@example.ng');

    const march = await page(clients.staff, '/admin/newsletter?from=2026-03-10&to=2026-03-10');
    expect(march).toContain('list-confirmed@example.ng');
    expect(march).not.toContain('list-account@example.ng');

    // Nonsense in the URL is ignored, never a 500.
    const odd = await clients.staff.get('/admin/newsletter?status=nope&from=yesterday&page=-4');
    expect(odd.statusCode).toBe(200);
  });

  it('exports exactly the filtered list as CSV (spreadsheet formulas defused), and audits it', async () => {
    const res = await clients.staff.get('/admin/newsletter.csv?status=confirmed&q=%40example.ng');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="crown-hair-newsletter-.*\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Email,Status,Source,Signed up (Lagos),Confirmed (Lagos),Unsubscribed (Lagos)');
    const emails = lines.slice(1).map((l) => l.split(',')[0]);
    expect(emails).toContain('list-confirmed@example.ng');
    expect(emails).toContain('list-account@example.ng');
    expect(emails).not.toContain('list-pending@example.ng');
    expect(emails).not.toContain('list-gone@example.ng');
    expect(lines.some((l) => l.startsWith("'=cmd@example.ng"))).toBe(true);
    const audit = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'newsletter.export' AND actor_user_id = ${users.staff.id}`,
    );
    expect(audit[0]!.n).toBeGreaterThanOrEqual(1);
  });
});

describe('campaigns', () => {
  it('refuses a draft without a subject or body, keeping what was typed and storing nothing', async () => {
    const before = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM newsletter_campaigns`,
    );
    const res = await clients.admin.post('/admin/newsletter/campaigns/new', {
      intent: 'save',
      subject: '   ',
      body: 'Kept body text',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Give the email a subject.');
    expect(res.body).toContain('Kept body text');
    const after = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM newsletter_campaigns`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    // Staff may not write one.
    expect(
      (await clients.staff.post('/admin/newsletter/campaigns/new', { subject: 'x', body: 'y' })).statusCode,
    ).toBe(403);
  });

  it('previews, tests to yourself, then sends once to every confirmed subscriber in batches', async () => {
    const confirmed = ['send-a@example.ng', 'send-b@example.ng', 'send-c@example.ng', 'send-d@example.ng'];
    for (const email of confirmed) await addSubscriber(email, 'confirmed');
    await addSubscriber('send-pending@example.ng', 'pending');
    await addSubscriber('send-gone@example.ng', 'unsubscribed');
    const subject = 'New bone-straight bundles are in';
    const here = await createCampaign(
      subject,
      'Our **best sellers** are back.\n\n- Bone straight\n- Body wave\n\n[Shop now](/collections/bundles)\n\n<script>alert(1)</script>',
    );

    const shown = await page(clients.admin, here);
    expect(shown).toMatch(/<iframe[^>]*title="Preview of the email"[^>]*srcdoc="/i);
    expect(shown).toContain('&lt;strong&gt;best sellers&lt;/strong&gt;'); // inside srcdoc
    expect(shown).not.toContain('<script>alert(1)</script>');

    // A test copy to the admin's own address, through the outbox.
    const test = await clients.admin.post(here, { intent: 'test' });
    expect(test.statusCode).toBe(302);
    const [copy] = (await shop.mailTo(users.admin.email)).filter((m) => m.subject === `[Test] ${subject}`);
    expect(copy).toBeDefined();
    expect(copy!.htmlBody).toContain('<strong>best sellers</strong>');
    expect(copy!.htmlBody).toContain('href="http://shop.test/collections/bundles"');
    expect(copy!.htmlBody).not.toContain('<script>');
    expect(copy!.textBody).toContain('Unsubscribe with one click:');

    // Staff cannot send; nothing happens.
    expect((await clients.staff.post(here, { intent: 'send' })).statusCode).toBe(403);
    expect(await outboxFor(subject)).toHaveLength(0);

    const send = await clients.admin.post(here, { intent: 'send' });
    expect(send.statusCode).toBe(302);
    await shop.services.newsletter.admin.drain();

    const mails = await outboxFor(subject);
    const to = mails.map((m) => m.to_address);
    for (const email of confirmed) expect(to.filter((t) => t === email)).toHaveLength(1);
    expect(to).not.toContain('send-pending@example.ng');
    expect(to).not.toContain('send-gone@example.ng');
    expect(to).not.toContain('list-gone@example.ng');
    expect(new Set(to).size).toBe(to.length);
    for (const m of mails) {
      expect(m.list_unsubscribe).toMatch(/^http:\/\/shop\.test\/newsletter\/unsubscribe\?token=/);
      expect(m.text_body).toContain(`Unsubscribe with one click: ${m.list_unsubscribe}`);
      expect(m.html_body).toContain(m.list_unsubscribe!.replaceAll('&', '&amp;'));
    }
    const total = await shop.services.newsletter.countSubscribers();
    expect(mails.length).toBe(total);
    expect(total).toBeGreaterThan(BATCH * 2); // more than one batch went out

    const done = await page(clients.staff, here);
    expect(done).toContain(`${total} of ${total} subscribers`);
    expect(done).toContain('Sent.');
    expect(done).toContain('newsletter_campaign.send');

    // Pressing send again changes nothing.
    const again = await clients.admin.post(here, { intent: 'send' });
    expect(again.statusCode).toBe(409);
    await shop.services.newsletter.admin.drain();
    expect(await outboxFor(subject)).toHaveLength(total);
    // A sent campaign cannot be edited.
    expect(
      (await clients.admin.post(here, { intent: 'save', subject: 'Changed', body: 'x' })).statusCode,
    ).toBe(409);
  });

  it('two processes sending the same campaign at once never reach an address twice', async () => {
    for (let i = 0; i < 8; i++) await addSubscriber(`race-${i}@example.ng`, 'confirmed');
    const subject = 'Two workers, one campaign';
    const here = await createCampaign(subject, 'Hello from both processes.');
    const other = createAdminNewsletterService({
      db: shop.database.db,
      mail: shop.services.mail,
      audit: shop.services.audit,
      staffNames: async () => new Map(),
      unsubscribeUrl: (token) => `http://shop.test/newsletter/unsubscribe?token=${token}`,
      publicUrl: 'http://shop.test',
      batchSize: 2,
    });
    expect((await clients.admin.post(here, { intent: 'send' })).statusCode).toBe(302);
    await Promise.all([other.drain(), shop.services.newsletter.admin.drain(), other.drain()]);
    const to = (await outboxFor(subject)).map((m) => m.to_address);
    expect(to.length).toBe(await shop.services.newsletter.countSubscribers());
    expect(new Set(to).size).toBe(to.length);
    const deliveries = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM newsletter_deliveries d JOIN newsletter_campaigns c ON c.id = d.campaign_id WHERE c.subject = ${subject}`,
    );
    expect(deliveries[0]!.n).toBe(to.length);
  });

  it('a mail app’s one-click POST (RFC 8058) unsubscribes, and the GET shows the page', async () => {
    const [mail] = (await outboxFor('New bone-straight bundles are in')).filter(
      (m) => m.to_address === 'send-a@example.ng',
    );
    const url = new URL(mail!.list_unsubscribe!);
    const res = await new TestClient(shop.app).post(url.pathname + url.search, {
      'List-Unsubscribe': 'One-Click',
    });
    expect(res.statusCode).toBe(200);
    const rows = await queryRows<{ unsubscribed: boolean }>(
      shop.database.db,
      sql`SELECT unsubscribed_at IS NOT NULL AS unsubscribed FROM newsletter_subscribers WHERE email = 'send-a@example.ng'`,
    );
    expect(rows[0]!.unsubscribed).toBe(true);
    const shown = await new TestClient(shop.app).get(url.pathname + url.search);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('You are unsubscribed');
  });
});

describe('the dashboard’s "promotional emails" box is the subscription', () => {
  it('ticking subscribes a verified account at once, the link unticks it, unticking unsubscribes', async () => {
    const shopper = await createUser(shop.database.db, { name: 'Ngozi Switch' });
    const client = await signedInClient(shop, shopper.email);
    await client.post('/dashboard?tab=settings', { intent: 'notifications', notifyOrderUpdates: 'on' });
    expect(promotionsBoxChecked(await page(client, '/dashboard?tab=settings'))).toBe(false);
    expect(await shop.services.newsletter.stateOf(shopper.email)).toBe('off');

    const tick = await client.post('/dashboard?tab=settings', {
      intent: 'notifications',
      notifyOrderUpdates: 'on',
      notifyPromotions: 'on',
    });
    expect(tick.statusCode).toBe(200);
    expect(promotionsBoxChecked(await page(client, '/dashboard?tab=settings'))).toBe(true);
    const listed = await page(
      clients.staff,
      `/admin/newsletter?q=${encodeURIComponent(shopper.email)}&status=confirmed&source=account`,
    );
    expect(listed).toContain(shopper.email);

    // A campaign reaches them, and its unsubscribe link unticks the box.
    const subject = 'Switch test campaign';
    const here = await createCampaign(subject, 'For the switch.');
    await clients.admin.post(here, { intent: 'send' });
    await shop.services.newsletter.admin.drain();
    const [mail] = (await outboxFor(subject)).filter((m) => m.to_address === shopper.email);
    expect(mail).toBeDefined();
    const link = new URL(linkIn(mail!.text_body, 'http://shop.test/newsletter/unsubscribe?'));
    expect((await new TestClient(shop.app).get(link.pathname + link.search)).statusCode).toBe(200);
    expect(promotionsBoxChecked(await page(client, '/dashboard?tab=settings'))).toBe(false);
    const [stored] = await queryRows<{ notify_promotions: boolean }>(
      shop.database.db,
      sql`SELECT notify_promotions FROM users WHERE id = ${shopper.id}`,
    );
    expect(stored!.notify_promotions).toBe(false);

    // Ticking again subscribes again; unticking unsubscribes.
    await client.post('/dashboard?tab=settings', { intent: 'notifications', notifyPromotions: 'on' });
    expect(await shop.services.newsletter.stateOf(shopper.email)).toBe('subscribed');
    await client.post('/dashboard?tab=settings', { intent: 'notifications', notifyOrderUpdates: 'on' });
    expect(await shop.services.newsletter.stateOf(shopper.email)).toBe('off');
    expect(promotionsBoxChecked(await page(client, '/dashboard?tab=settings'))).toBe(false);
  });

  it('a new account starts with the box on (the spec) and joins when its address is confirmed', async () => {
    const email = 'new-account-letters@example.ng';
    const password = 'braids and bundles forever';
    const client = new TestClient(shop.app);
    const signUp = await client.post('/auth', {
      intent: 'signup',
      name: 'Kemi Newcomer',
      email,
      password,
      confirmPassword: password,
      acceptTerms: 'on',
    });
    expect(signUp.statusCode).toBe(200);
    expect(await shop.services.newsletter.stateOf(email)).toBe('off'); // not before the address is proved
    const [verify] = await shop.mailTo(email);
    const url = new URL(linkIn(verify!.textBody, 'http://shop.test/auth/verify-email?'));
    const confirmed = await client.post('/auth/verify-email', {
      intent: 'confirm',
      token: url.searchParams.get('token')!,
      password,
    });
    expect(confirmed.statusCode).toBe(302);
    expect(await shop.services.newsletter.stateOf(email)).toBe('subscribed');
    expect(promotionsBoxChecked(await page(client, '/dashboard?tab=settings'))).toBe(true);
  });

  it('an account whose email is not verified gets a confirmation link first', async () => {
    // (Signing in needs a verified address today; the API and any later path meet the same rule.)
    const shopper = await createUser(shop.database.db, { name: 'Tobi Unverified', verified: false });
    const saved = await shop.services.profiles.updateNotifications(shopper.id, { notifyPromotions: 'on' });
    expect(saved.promotions).toBe('pending');
    expect(saved.notifyPromotions).toBe(false);
    expect(await shop.services.newsletter.stateOf(shopper.email)).toBe('pending');

    const [confirmMail] = (await shop.mailTo(shopper.email)).filter((m) => m.subject.includes('newsletter'));
    const link = new URL(linkIn(confirmMail!.textBody, 'http://shop.test/newsletter/confirm?'));
    const confirmed = await new TestClient(shop.app).post(link.pathname + link.search, {
      token: link.searchParams.get('token')!,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await shop.services.profiles.getProfile(shopper.id)).notifyPromotions).toBe(true);
  });
});
