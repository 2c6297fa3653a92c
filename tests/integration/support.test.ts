// Support tickets from the customer's side, over HTTP (issue 14): a signed-in customer opens one
// from the dashboard with a photo and one of their orders; a guest opens one from /support and
// follows it through the private emailed link; refusals (someone else's order or ticket, a file
// that is not a photo, a missing subject) say why and store nothing; photos are private (never in
// `media`, served only to who may see the ticket); a guest's tickets join the account that later
// confirms that address.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { jpegPhoto } from '#tests/factories/images.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let buyer: Awaited<ReturnType<typeof createUser>>;
let buyerClient: TestClient;
let strangerClient: TestClient;
let buyerOrder: string;
let strangerOrder: string;
let photo: Buffer;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { payments: { sandboxSecret: 'x'.repeat(64), staffOrderEmails: ['orders-desk@crownhair.ng'] } },
  });
  const db = shop.database.db;
  buyer = await createUser(db, { name: 'Ngozi Eze' });
  const stranger = await createUser(db, { name: 'Bola Ade' });
  buyerOrder = (await createOrder(shop, { account: buyer })).trackingNumber;
  strangerOrder = (await createOrder(shop, { account: stranger })).trackingNumber;
  buyerClient = await signedInClient(shop, buyer.email);
  strangerClient = await signedInClient(shop, stranger.email);
  photo = await jpegPhoto(640, 480, { gps: true });
});
afterAll(async () => {
  await shop.close();
});

async function tickets() {
  return queryRows<{
    id: number;
    reference: string;
    user_id: number | null;
    email: string;
    order_id: number | null;
    status: string;
  }>(
    shop.database.db,
    sql`SELECT id, reference, user_id, email, order_id, status FROM support_tickets ORDER BY id`,
  );
}
async function messages() {
  return queryRows<{ ticket_id: number; body: string; photo_key: string | null; internal: boolean }>(
    shop.database.db,
    sql`SELECT ticket_id, body, photo_key, internal FROM support_messages ORDER BY id`,
  );
}
async function mediaCount() {
  const [row] = await queryRows<{ n: number }>(shop.database.db, sql`SELECT count(*)::int AS n FROM media`);
  return row!.n;
}
const jpeg = (file: Buffer, name = 'parcel.jpg') => ({ file, name, type: 'image/jpeg' });

describe('a signed-in customer', () => {
  it('opens a ticket about their own order with a photo, is emailed, and staff are told', async () => {
    const before = await mediaCount();
    const res = await buyerClient.postMultipart('/dashboard?tab=support', {
      intent: 'ticket',
      subject: 'Wig arrived with a torn lace',
      body: 'The lace front was torn when I opened the parcel this morning.',
      trackingNumber: buyerOrder,
      photo: jpeg(photo),
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.body).toMatch(/your ticket T-[A-Z0-9]{6} is open/);
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({ user_id: buyer.id, email: buyer.email, status: 'pending' });
    expect(ticket!.order_id).not.toBeNull();
    const [first] = await messages();
    expect(first!.photo_key).toMatch(/^private\/tickets\/[0-9a-f-]+\.jpg$/);
    // Private: not in the public media table; stored re-encoded (the GPS position gone).
    expect(await mediaCount()).toBe(before);
    const stored = (await shop.storage.get(first!.photo_key!))!;
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);

    const mail = await shop.mailTo(buyer.email);
    expect(
      mail.some(
        (m) => m.subject.includes(ticket!.reference) && m.textBody.includes('/dashboard?tab=support'),
      ),
    ).toBe(true);
    const staff = await shop.mailTo('orders-desk@crownhair.ng');
    expect(
      staff.some(
        (m) => m.subject === `New support ticket ${ticket!.reference}: Wig arrived with a torn lace`,
      ),
    ).toBe(true);

    const tab = await buyerClient.get('/dashboard?tab=complaints');
    expect(tab.body).toContain('Wig arrived with a torn lace');
    expect(tab.body).toContain(ticket!.reference);
    const photoUrl = /src="(\/support\/photos\/\d+)"/.exec(tab.body)![1]!;
    const served = await buyerClient.get(photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-store');
    // Nobody else: another shopper and a signed-out visitor get the same 404.
    expect((await strangerClient.get(photoUrl)).statusCode).toBe(404);
    expect((await new TestClient(shop.app).get(photoUrl)).statusCode).toBe(404);
  });

  it('adds a message to their ticket; someone else’s ticket by id is a 404 and nothing is stored', async () => {
    const [ticket] = await tickets();
    const ok = await buyerClient.postMultipart('/dashboard?tab=support', {
      intent: 'ticket-message',
      ticketId: String(ticket!.id),
      body: 'Here is another angle of the damage.',
    });
    expect(ok.statusCode).toBe(200);
    const count = (await messages()).length;
    const refused = await strangerClient.postMultipart('/dashboard?tab=support', {
      intent: 'ticket-message',
      ticketId: String(ticket!.id),
      body: 'I should not be able to write here.',
    });
    expect(refused.statusCode).toBe(404);
    expect((await messages()).length).toBe(count);
    const theirs = await strangerClient.get('/dashboard?tab=support');
    expect(theirs.body).not.toContain(ticket!.reference);
  });

  it('refuses someone else’s order, a file that is not a photo and a missing subject, storing nothing', async () => {
    const before = { tickets: (await tickets()).length, blobs: shop.storage.keys().length };
    const notMine = await buyerClient.postMultipart('/dashboard?tab=support', {
      intent: 'ticket',
      subject: 'About this order',
      body: 'This order is not mine but I name it anyway.',
      trackingNumber: strangerOrder,
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.body).toContain('That tracking number is not one of your orders.');
    const notPhoto = await buyerClient.postMultipart('/dashboard?tab=support', {
      intent: 'ticket',
      subject: 'A document instead',
      body: 'I am attaching a PDF pretending to be a photo.',
      photo: { file: Buffer.from('%PDF-1.4 not a picture at all'), name: 'receipt.jpg', type: 'image/jpeg' },
    });
    expect(notPhoto.statusCode).toBe(400);
    expect(notPhoto.body).toContain('That file is not a photo we can read');
    // What was typed is kept.
    expect(notPhoto.body).toContain('I am attaching a PDF pretending to be a photo.');
    const noSubject = await buyerClient.postMultipart('/dashboard?tab=support', {
      intent: 'ticket',
      subject: '',
      body: 'There is no subject on this one at all.',
    });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.body).toContain('Please give your message a subject.');
    expect((await tickets()).length).toBe(before.tickets);
    expect(shop.storage.keys().length).toBe(before.blobs);
  });
});

describe('a guest', () => {
  let guestLink: string;

  it('opens a ticket from /support with a photo and gets a private link by email', async () => {
    const guest = new TestClient(shop.app);
    const page = await guest.get('/support');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Get Support');
    const res = await guest.postMultipart('/support', {
      name: 'Amaka Obi',
      email: 'Amaka.Guest@Example.ng',
      subject: 'Payment failed but I was debited',
      body: 'My card was charged but the page said payment canceled.',
      photo: jpeg(photo, 'debit-alert.jpg'),
    });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(302);
    expect(res.headers.location).toMatch(/^\/support\?sent=T-[A-Z0-9]{6}$/);
    const ticket = (await tickets()).at(-1)!;
    expect(ticket).toMatchObject({ user_id: null, email: 'amaka.guest@example.ng', status: 'pending' });
    const [mail] = await shop.mailTo('amaka.guest@example.ng');
    guestLink = new URL(linkIn(mail!.textBody, 'http://shop.test/support/t/')).pathname;
    // Only the token's hash is stored.
    const token = guestLink.split('/').pop()!;
    const [stored] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM support_ticket_links WHERE token_hash = ${token}`,
    );
    expect(stored!.n).toBe(0);

    const thread = await new TestClient(shop.app).get(guestLink);
    expect(thread.statusCode).toBe(200);
    // The link is the key: no cache keeps the thread.
    expect(thread.headers['cache-control']).toBe('private, no-store');
    expect(thread.body).toContain('Payment failed but I was debited');
    const photoUrl = /src="(\/support\/t\/[^"]+\/photos\/\d+)"/.exec(thread.body)![1]!;
    expect((await new TestClient(shop.app).get(photoUrl)).statusCode).toBe(200);
    // The photo is not reachable by the account route, nor by another link.
    const messageId = photoUrl.split('/').pop();
    expect((await buyerClient.get(`/support/photos/${messageId}`)).statusCode).toBe(404);
  });

  it('answers through the link; a wrong or guessed token is a 404 that reveals nothing', async () => {
    const count = (await messages()).length;
    const reply = await new TestClient(shop.app).postMultipart(guestLink, {
      intent: 'message',
      body: 'Here is my bank statement line as well.',
    });
    expect(reply.statusCode).toBe(302);
    expect((await messages()).length).toBe(count + 1);
    const wrong = `${guestLink.slice(0, -4)}AAAA`;
    const missing = await new TestClient(shop.app).get(wrong);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('Payment failed');
    const post = await new TestClient(shop.app).postMultipart(wrong, {
      intent: 'message',
      body: 'Guessing a link here.',
    });
    expect(post.statusCode).toBe(404);
    expect((await messages()).length).toBe(count + 1);
    expect((await new TestClient(shop.app).get('/support/t/short')).statusCode).toBe(404);
  });

  it('is refused a tracking number that is not an order of their email', async () => {
    const before = (await tickets()).length;
    const res = await new TestClient(shop.app).postMultipart('/support', {
      name: 'Amaka Obi',
      email: 'amaka.guest@example.ng',
      trackingNumber: buyerOrder,
      subject: 'About an order',
      body: 'I name an order that was placed by someone else.',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      'We could not find an order with that tracking number for this email address.',
    );
    expect((await tickets()).length).toBe(before);
  });

  it('sees the ticket join the account they later sign up and confirm with that address', async () => {
    const client = new TestClient(shop.app);
    const signUp = await client.post('/auth', {
      intent: 'signup',
      name: 'Amaka Obi',
      email: 'amaka.guest@example.ng',
      password: 'braids and bundles forever',
      confirmPassword: 'braids and bundles forever',
      acceptTerms: 'on',
    });
    expect(signUp.statusCode).toBe(200);
    const mails = await shop.mailTo('amaka.guest@example.ng');
    const url = new URL(
      linkIn(
        mails.find((m) => m.subject.startsWith('Confirm'))!.textBody,
        'http://shop.test/auth/verify-email?',
      ),
    );
    // Not yet: an unconfirmed sign-up joins nothing.
    expect((await tickets()).at(-1)!.user_id).toBeNull();
    const confirmed = await client.post('/auth/verify-email', {
      intent: 'confirm',
      token: url.searchParams.get('token')!,
      password: 'braids and bundles forever',
    });
    expect(confirmed.statusCode).toBe(302);
    expect((await tickets()).at(-1)!.user_id).not.toBeNull();
    const tab = await client.get('/dashboard?tab=support');
    expect(tab.body).toContain('Payment failed but I was debited');
    // The photo now opens for the account too.
    const photoUrl = /src="(\/support\/photos\/\d+)"/.exec(tab.body)![1]!;
    expect((await client.get(photoUrl)).statusCode).toBe(200);
  });
});

describe('where customers find support', () => {
  it('links Get Support from the footer, the tracking page and order emails', async () => {
    const home = await new TestClient(shop.app).get('/');
    expect(home.body).toContain('href="/support"');
    const track = await new TestClient(shop.app).get(`/track-order?id=${buyerOrder}`);
    expect(track.body).toContain(`href="/support?order=${buyerOrder}"`);
    const orderMail = (await shop.mailTo(buyer.email)).find((m) =>
      m.textBody.includes(`Order: ${buyerOrder}`),
    );
    expect(orderMail!.textBody).toContain(`http://shop.test/support?order=${buyerOrder}`);
    const prefilled = await new TestClient(shop.app).get(`/support?order=${buyerOrder}`);
    expect(prefilled.body).toContain(`value="${buyerOrder}"`);
  });

  it('sends a signed-in shopper from /support to the dashboard’s Support tab', async () => {
    const res = await buyerClient.get('/support');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard?tab=support');
  });
});
