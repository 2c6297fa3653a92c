// The newsletter is double opt-in: signing up emails a single-use confirmation link and only a
// confirmed address counts; the answer never says whether an address is subscribed; every mailing
// ends with an unsubscribe link that works with one click, without JavaScript or signing in; and
// sign-ups are rate-limited per client address and per email. Through HTTP, on a fresh database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { NEWSLETTER_CONFIRM_SUBJECT, newsletterMailing } from '#server/modules/mail/newsletter-templates.tsx';
import { NEWSLETTER_RATE_LIMITS } from '#server/modules/newsletter/newsletter.service.ts';
import { linkIn, TestClient, withoutNonces } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

let addressCounter = 0;
/** A client from its own network address, so rate limits of one test do not touch another. */
function browser() {
  addressCounter += 1;
  return new TestClient(shop.app, { remoteAddress: `10.9.0.${addressCounter}` });
}

function subscribeForm(client: TestClient, email: string) {
  return client.post('/newsletter', { email, redirectTo: '/collections' });
}

async function confirmLinks(email: string): Promise<URL[]> {
  const mails = await shop.mailTo(email);
  return mails
    .filter((m) => m.subject === NEWSLETTER_CONFIRM_SUBJECT)
    .map((m) => new URL(linkIn(m.textBody, 'http://shop.test/newsletter/confirm?')));
}

async function subscribeAndConfirm(email: string) {
  const client = browser();
  expect((await subscribeForm(client, email)).statusCode).toBe(302);
  const [link] = await confirmLinks(email);
  const confirmed = await client.post(link!.pathname + link!.search, {
    token: link!.searchParams.get('token')!,
  });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.body).toContain('You are subscribed');
}

/** Sends a mailing to every subscriber the way a campaign will, and returns the delivered mail. */
async function sendMailingTo(email: string) {
  const subscribers = await shop.services.newsletter.subscribers({ limit: 100 });
  const subscriber = subscribers.find((s) => s.email === email);
  expect(subscriber).toBeDefined();
  const { mail } = newsletterMailing({
    to: subscriber!.email,
    subject: 'New bone-straight bundles are in',
    preview: 'Restocked this week',
    paragraphs: ['Our best-selling bundles are back.'],
    unsubscribeUrl: subscriber!.unsubscribeUrl,
  });
  await shop.database.db.transaction((tx) => shop.services.mail.enqueue(tx, mail));
  const [delivered] = (await shop.mailTo(email)).filter((m) => m.subject === mail.subject);
  return delivered!;
}

describe('newsletter sign-up (double opt-in)', () => {
  it('sends a confirmation mail; the address counts only once confirmed, and the link works once', async () => {
    const before = await shop.services.newsletter.countSubscribers();
    const client = browser();
    const res = await subscribeForm(client, 'Amara@Example.ng');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/collections#newsletter-subscribed');
    expect(await shop.services.newsletter.countSubscribers()).toBe(before);

    const links = await confirmLinks('amara@example.ng');
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.searchParams.get('token')).toBeTruthy();

    // Opening the link (as a mail scanner does) shows a button and changes nothing.
    const page = await client.get(link.pathname + link.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my subscription');
    expect(await shop.services.newsletter.countSubscribers()).toBe(before);

    const confirmed = await client.post(link.pathname + link.search, {
      token: link.searchParams.get('token')!,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You are subscribed');
    expect(await shop.services.newsletter.countSubscribers()).toBe(before + 1);

    const again = await browser().post(link.pathname + link.search, {
      token: link.searchParams.get('token')!,
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or has already been used');
    const api = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token: link.searchParams.get('token')! },
    });
    expect(api.statusCode).toBe(400);
    expect(await shop.services.newsletter.countSubscribers()).toBe(before + 1);
  });

  it('answers an already-subscribed address exactly like a new one, and sends it nothing', async () => {
    await subscribeAndConfirm('already@example.ng');
    const mailsBefore = (await shop.mailTo('already@example.ng')).length;

    const api = (email: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter',
        payload: { email },
        remoteAddress: '10.9.1.1',
      });
    const known = await api('already@example.ng');
    const fresh = await api('brand-new@example.ng');
    expect(known.statusCode).toBe(202);
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body.replaceAll('already@example.ng', 'X')).toBe(
      fresh.body.replaceAll('brand-new@example.ng', 'X'),
    );
    expect(known.json()).toMatchObject({ message: expect.stringContaining('check your inbox') });

    // The footer's form with JavaScript: the same answer too.
    const jsKnown = await browser().post('/newsletter', { email: 'already@example.ng', _js: '1' });
    const jsFresh = await browser().post('/newsletter', { email: 'third-new@example.ng', _js: '1' });
    expect(jsKnown.statusCode).toBe(jsFresh.statusCode);
    expect(withoutNonces(jsKnown.body).replaceAll('already@example.ng', 'X')).toBe(
      withoutNonces(jsFresh.body).replaceAll('third-new@example.ng', 'X'),
    );

    expect((await shop.mailTo('already@example.ng')).length).toBe(mailsBefore);
    expect(await confirmLinks('brand-new@example.ng')).toHaveLength(1);
  });
});

describe('unconfirmed sign-ups', () => {
  it('expire: the link stops working and the address is forgotten', async () => {
    const client = browser();
    await subscribeForm(client, 'never-confirmed@example.ng');
    const [link] = await confirmLinks('never-confirmed@example.ng');
    await shop.database.db.execute(
      sql`UPDATE newsletter_subscribers SET confirm_expires_at = now() - interval '1 minute' WHERE email = 'never-confirmed@example.ng'`,
    );
    const late = await client.post(link!.pathname + link!.search, {
      token: link!.searchParams.get('token')!,
    });
    expect(late.statusCode).toBe(400);
    expect(await shop.services.newsletter.pruneUnconfirmed()).toBeGreaterThanOrEqual(1);
    const rows = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = 'never-confirmed@example.ng'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('unsubscribing', () => {
  it('every mailing ends with a link that unsubscribes with one GET, without signing in, idempotently', async () => {
    await subscribeAndConfirm('leaving@example.ng');
    const count = await shop.services.newsletter.countSubscribers();

    const mailing = await sendMailingTo('leaving@example.ng');
    const textLink = new URL(linkIn(mailing.textBody, 'http://shop.test/newsletter/unsubscribe?'));
    expect(textLink.searchParams.get('token')).toBeTruthy();
    expect(mailing.htmlBody).toContain('Unsubscribe');
    expect(mailing.htmlBody).toContain(textLink.toString().replaceAll('&', '&amp;'));

    // A fresh browser with no cookies: one click.
    const res = await new TestClient(shop.app).get(textLink.pathname + textLink.search);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(await shop.services.newsletter.countSubscribers()).toBe(count - 1);
    expect(
      (await shop.services.newsletter.subscribers({ limit: 1000 })).some(
        (s) => s.email === 'leaving@example.ng',
      ),
    ).toBe(false);

    // Again, and as a mail app's one-click POST (RFC 8058): the same answer, nothing changes.
    const again = await new TestClient(shop.app).get(textLink.pathname + textLink.search);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You are unsubscribed');
    const oneClick = await new TestClient(shop.app).post(textLink.pathname + textLink.search, {
      'List-Unsubscribe': 'One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const api = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/unsubscribe',
      payload: { token: textLink.searchParams.get('token')! },
    });
    expect(api.statusCode).toBe(200);
    expect(await shop.services.newsletter.countSubscribers()).toBe(count - 1);

    // A made-up link unsubscribes nobody.
    const bogus = await new TestClient(shop.app).get('/newsletter/unsubscribe?token=not-a-real-token');
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).toContain('not valid');

    // Coming back takes a new confirmation.
    await subscribeForm(browser(), 'leaving@example.ng');
    expect(await shop.services.newsletter.countSubscribers()).toBe(count - 1);
    const [link] = await confirmLinks('leaving@example.ng');
    await browser().post(link!.pathname + link!.search, { token: link!.searchParams.get('token')! });
    expect(await shop.services.newsletter.countSubscribers()).toBe(count);
  });

  it('the mailing helper always adds the unsubscribe footer to both bodies', () => {
    const { mail, unsubscribeUrl } = newsletterMailing({
      to: 'x@example.ng',
      subject: 'Offers',
      preview: 'Offers',
      paragraphs: ['<script>alert(1)</script>'],
      unsubscribeUrl: 'http://shop.test/newsletter/unsubscribe?token=abc',
    });
    expect(unsubscribeUrl).toBe('http://shop.test/newsletter/unsubscribe?token=abc');
    expect(mail.text).toContain(
      'Unsubscribe with one click: http://shop.test/newsletter/unsubscribe?token=abc',
    );
    expect(mail.html).toContain('href="http://shop.test/newsletter/unsubscribe?token=abc"');
    expect(mail.html).not.toContain('<script>');
  });
});

describe('rate limits', () => {
  it('limits confirmation emails per address with 429 and Retry-After, the same for subscribed or not', async () => {
    const limit = NEWSLETTER_RATE_LIMITS.signUpPerEmail.limit;
    await subscribeAndConfirm('limited-in@example.ng'); // uses one
    const sendApi = (email: string, n: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter',
        payload: { email },
        remoteAddress: `10.9.2.${n}`,
      });
    for (let i = 1; i < limit; i++) expect((await sendApi('limited-in@example.ng', i)).statusCode).toBe(202);
    for (let i = 0; i < limit; i++) expect((await sendApi('limited-out@example.ng', i)).statusCode).toBe(202);
    expect(await confirmLinks('limited-out@example.ng')).toHaveLength(limit);

    for (const email of ['limited-in@example.ng', 'limited-out@example.ng']) {
      const refused = await sendApi(email, 99);
      expect(refused.statusCode, email).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await confirmLinks('limited-out@example.ng')).toHaveLength(limit);

    // The footer form without JavaScript gets a page that says so, with Retry-After.
    const form = await subscribeForm(browser(), 'limited-out@example.ng');
    expect(form.statusCode).toBe(429);
    expect(Number(form.headers['retry-after'])).toBeGreaterThan(0);
    expect(form.body).toContain('already sent several confirmation emails');
  });

  it('limits sign-ups per client address, generously', async () => {
    const limit = NEWSLETTER_RATE_LIMITS.signUpPerAddress.limit;
    expect(limit).toBeGreaterThanOrEqual(20); // carrier-grade NAT: many shoppers share one address
    const client = new TestClient(shop.app, { remoteAddress: '10.9.3.1' });
    for (let i = 0; i < limit; i++) {
      expect((await subscribeForm(client, `crowd${i}@example.ng`)).statusCode).toBe(302);
    }
    const refused = await subscribeForm(client, 'one-too-many@example.ng');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Too many newsletter sign-ups from your network');
    // Another network is not affected.
    expect((await subscribeForm(browser(), 'one-too-many@example.ng')).statusCode).toBe(302);
  });
});
