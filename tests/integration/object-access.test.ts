// Whose things a storefront route opens (issue 16, ADR 049): every route that reads or changes
// something of one customer's — orders and their payment pages, the profile and its address, the
// cart, the wishlist, reviews, support tickets, their photos and a guest's private link — tried by
// the owner, another customer, a guest and a staff member. On the storefront a staff account is
// just another account: staff read customers' things in the admin portal, whose permission matrix
// is tests/integration/admin-permissions.test.ts. The owner gets their thing; anyone else gets a
// 404, a 403, the sign-in page or their own (empty) view — and never one byte of the owner's
// name, email, phone, address or messages. Table-driven: a new route is one row in ROWS.
//
// Below the matrix: a suspended account is refused everywhere at once (pages, API, actions,
// sign-in), from the moment an admin suspends it.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { jpegPhoto } from '#tests/factories/images.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { firstRow } from '#tests/helpers/rows.ts';
import { addToCart } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

/** Who tries: the owner, and the three who must not get the owner's things. */
const WHO = ['owner', 'stranger', 'guest', 'staff'] as const;
type Who = (typeof WHO)[number];
type Other = Exclude<Who, 'owner'>;

/** The owner: a signed-in customer with one of everything. Every value is unique to them. */
const OWNER = {
  name: 'Chiamaka Zebulon-Okafor',
  surname: 'Zebulon-Okafor',
  phone: '+2348091357911',
  street: '27 Quillfeather Close',
  landmark: 'Behind the violet water tank',
  ticketSubject: 'Lace torn Quillfeather parcel',
  ticketBody: 'The lace of my Quillfeather order was torn when the parcel came.',
  review: 'Silky and soft, no shedding after the Quillfeather wash',
};
/** A guest who raised a ticket from /support: their private link is the only key to it. */
const GUEST = {
  name: 'Obiageli Xandria-Nwosu',
  surname: 'Xandria-Nwosu',
  email: 'obiageli.xandria@example.ng',
  ticketSubject: 'Xandria delivery never came',
  ticketBody: 'My Xandria order has not arrived after two weeks, please help.',
};

interface Fixture {
  ownerEmail: string;
  trackingNumber: string;
  /** The card payment's reference (the return page's key). */
  reference: string;
  /** The reference of a card payment the owner cancelled. */
  failedReference: string;
  reviewedProductId: number;
  wishlistProductId: number;
  /** The variant in the owner's cart, and its product's name. */
  cartVariantId: number;
  cartProductName: string;
  ticketId: number;
  ticketPhotoId: number;
  guestToken: string;
  guestPhotoId: number;
  /** Another guest's ticket link: a real key, to someone else's ticket. */
  otherGuestToken: string;
}

/** Everything of the owner's (and the guest's) that only they may be shown. */
function secrets(f: Fixture): string[] {
  return [
    OWNER.name,
    OWNER.surname,
    f.ownerEmail,
    '1357911', // the phone, in any of its spellings
    '135 7911',
    OWNER.street,
    OWNER.landmark,
    OWNER.ticketSubject,
    OWNER.ticketBody,
    OWNER.review,
    GUEST.name,
    GUEST.surname,
    GUEST.email,
    GUEST.ticketSubject,
    GUEST.ticketBody,
  ];
}

type Answer = number | readonly number[];
const NOT_FOUND = [404] as const;

interface Row {
  name: string;
  /** Sends the request as `who`; `who` matters only where the URL holds a key (a link, a reference). */
  send(client: TestClient, f: Fixture, who: Who): Promise<LightMyRequestResponse>;
  owner: { status: Answer; shows: (f: Fixture) => string[] };
  /** What everyone else gets (their own view counts: it must just hold nothing of the owner's). */
  others: Answer | Record<Other, Answer>;
  /** Things besides the secrets a non-owner must not see (the cart's contents…). */
  hidden?: (f: Fixture) => string[];
  /** After a write by someone else: the owner's thing is as it was. */
  unchanged?: (f: Fixture) => Promise<void>;
  /** What the owner's browser gets once the account is suspended (default: the guest's answer). */
  suspended?: Answer;
}

const get = (url: (f: Fixture, who: Who) => string) => (c: TestClient, f: Fixture, who: Who) =>
  c.get(url(f, who));
const post = (url: string, fields: (f: Fixture) => Record<string, string>) => (c: TestClient, f: Fixture) =>
  c.post(url, fields(f));

/** The owner's own view of an account page; anyone else gets theirs, or the sign-in page. */
const ACCOUNT_PAGE = { stranger: 200, guest: 302, staff: 200 } as const;
const ACCOUNT_API = { stranger: 200, guest: 401, staff: 200 } as const;

const ROWS: Row[] = [
  // ── The account: profile (with the saved address), orders, tickets, reviews, settings ───────────
  {
    name: 'GET /dashboard (profile and saved address)',
    send: get(() => '/dashboard?tab=profile'),
    owner: { status: 200, shows: () => [OWNER.name, OWNER.street, OWNER.landmark] },
    others: ACCOUNT_PAGE,
  },
  {
    name: 'GET /dashboard?tab=orders',
    send: get(() => '/dashboard?tab=orders'),
    owner: { status: 200, shows: (f) => [f.trackingNumber] },
    others: ACCOUNT_PAGE,
    hidden: (f) => [f.trackingNumber],
  },
  {
    name: 'GET /dashboard?tab=support',
    send: get(() => '/dashboard?tab=support'),
    owner: { status: 200, shows: () => [OWNER.ticketSubject, OWNER.ticketBody] },
    others: ACCOUNT_PAGE,
  },
  {
    name: 'GET /dashboard?tab=reviews',
    send: get(() => '/dashboard?tab=reviews'),
    owner: { status: 200, shows: () => [OWNER.review] },
    others: ACCOUNT_PAGE,
  },
  {
    name: 'GET /dashboard?tab=settings',
    send: get(() => '/dashboard?tab=settings'),
    owner: { status: 200, shows: (f) => [f.ownerEmail] },
    others: ACCOUNT_PAGE,
  },
  {
    name: 'GET /api/v1/account',
    send: get(() => '/api/v1/account'),
    owner: { status: 200, shows: (f) => [f.ownerEmail, OWNER.street, OWNER.phone] },
    others: ACCOUNT_API,
  },
  // ── Wishlist ──────────────────────────────────────────────────────────────────────────────────
  {
    name: 'GET /api/v1/account/wishlist',
    send: get(() => '/api/v1/account/wishlist'),
    owner: { status: 200, shows: (f) => [`"productIds":[${f.wishlistProductId}]`] },
    others: ACCOUNT_API,
    hidden: (f) => [`"productIds":[${f.wishlistProductId}`],
  },
  {
    name: "POST /account/wishlist (remove the owner's product)",
    send: post('/account/wishlist', (f) => ({ intent: 'remove', productId: String(f.wishlistProductId) })),
    // The owner's own removal is tried last (after everyone else's), so it is what empties the list.
    owner: { status: 200, shows: () => [] },
    others: { stranger: 200, guest: 302, staff: 200 },
    hidden: (f) => [`"productIds":[${f.wishlistProductId}`],
    unchanged: async (f) => {
      expect(await wishlistOf(f.ownerEmail)).toContain(f.wishlistProductId);
    },
  },
  // ── Cart: by the account, or a guest's cookie; lines named by variant, inside one's own cart ───
  {
    name: 'GET /api/v1/cart',
    send: get(() => '/api/v1/cart'),
    owner: { status: 200, shows: (f) => [f.cartProductName] },
    others: 200,
    hidden: (f) => [f.cartProductName],
  },
  {
    name: 'GET /cart',
    send: get(() => '/cart'),
    owner: { status: 200, shows: (f) => [f.cartProductName] },
    others: 200,
    hidden: (f) => [f.cartProductName],
  },
  {
    name: "POST /cart (set the owner's line to 0, by its variant)",
    // The owner sets theirs to what it is, so the line is still there for the rows below.
    send: (c, f, who) =>
      c.post('/cart', {
        intent: 'set',
        variantId: String(f.cartVariantId),
        quantity: who === 'owner' ? '2' : '0',
      }),
    owner: { status: 200, shows: () => [] },
    others: 200,
    hidden: (f) => [f.cartProductName],
    unchanged: async (f) => {
      expect(await cartOf(f.ownerEmail)).toContainEqual({ variantId: f.cartVariantId, quantity: 2 });
    },
  },
  {
    name: 'GET /checkout (filled in from the profile)',
    // Everyone else checks out their own cart, filled in from their own profile (or nothing).
    send: get(() => '/checkout'),
    owner: { status: 200, shows: () => [OWNER.name, OWNER.street, OWNER.landmark] },
    others: 200,
    // Suspended, the account's cart is not theirs any more: nothing to check out, back to /cart.
    suspended: 302,
  },
  {
    name: "POST /cart (remove the owner's line, by its variant)",
    send: post('/cart', (f) => ({ intent: 'remove', variantId: String(f.cartVariantId) })),
    owner: { status: 200, shows: () => [] },
    others: 200,
    hidden: (f) => [f.cartProductName],
    unchanged: async (f) => {
      expect(await cartOf(f.ownerEmail)).toContainEqual({ variantId: f.cartVariantId, quantity: 2 });
    },
  },
  // ── Orders: the tracking number and payment reference are keys to the public shape only ──────
  {
    name: 'GET /track-order?id=…',
    send: get((f) => `/track-order?id=${f.trackingNumber}`),
    owner: { status: 200, shows: () => [OWNER.name, OWNER.street] },
    // Anyone with the number: a first name, a masked email, the city and the public timeline.
    others: 200,
  },
  {
    name: 'GET /api/v1/orders/{trackingNumber}',
    send: get((f) => `/api/v1/orders/${f.trackingNumber}`),
    owner: { status: 200, shows: (f) => [OWNER.name, OWNER.street, f.ownerEmail] },
    others: 200,
  },
  {
    // The receipt follows the tracking page's rule (ADR 098).
    name: 'GET /track-order/{trackingNumber}/receipt',
    send: get((f) => `/track-order/${f.trackingNumber}/receipt`),
    owner: { status: 200, shows: (f) => [OWNER.name, OWNER.street, f.ownerEmail] },
    others: 200,
  },
  {
    name: 'GET /payment-success?reference=…',
    send: get((f) => `/payment-success?reference=${encodeURIComponent(f.reference)}`),
    owner: { status: 200, shows: () => [OWNER.name, OWNER.street] },
    others: 200,
  },
  {
    name: 'GET /payment-canceled?reference=…',
    send: get((f) => `/payment-canceled?reference=${encodeURIComponent(f.failedReference)}`),
    owner: { status: 200, shows: () => [] },
    others: 200,
  },
  // ── Reviews: written and edited by the account that received the product ───────────────────────
  {
    name: "POST /dashboard intent=review (the owner's product)",
    send: post('/dashboard', (f) => ({
      intent: 'review',
      productId: String(f.reviewedProductId),
      rating: '1',
      comment: 'Overwritten by someone who never bought it',
    })),
    owner: { status: 200, shows: () => [] },
    others: { stranger: 403, guest: 302, staff: 403 },
    unchanged: async () => {
      const reviews = await queryRows<{ comment: string; rating: number }>(
        db(),
        sql`SELECT comment, rating FROM reviews`,
      );
      expect(reviews).toEqual([{ comment: OWNER.review, rating: 5 }]);
    },
  },
  // ── Support tickets, their photos, and a guest's private link ──────────────────────────────────
  {
    name: "POST /dashboard intent=ticket-message (the owner's ticket)",
    send: post('/dashboard', (f) => ({
      intent: 'ticket-message',
      ticketId: String(f.ticketId),
      body: 'A message slipped into somebody else’s ticket.',
    })),
    owner: { status: 200, shows: () => [] },
    others: { stranger: 404, guest: 302, staff: 404 },
    unchanged: async (f) => {
      const slipped = await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM support_messages
            WHERE ticket_id = ${f.ticketId} AND body LIKE 'A message slipped%'`,
      );
      // Only the owner's own message got in (the owner is tried last).
      expect(slipped[0]!.n).toBeLessThanOrEqual(1);
    },
  },
  {
    name: 'GET /support/photos/{id} (a photo on the owner’s ticket)',
    send: get((f) => `/support/photos/${f.ticketPhotoId}`),
    owner: { status: 200, shows: () => [] },
    // Staff who handle complaints see it: this address is the admin complaint page's photo too,
    // asked with the same permission (complaints.handle) as that page.
    others: { stranger: 404, guest: 404, staff: 200 },
  },
  {
    name: "GET /support/t/{token} (a guest's private link)",
    send: get((f, who) => `/support/t/${who === 'owner' ? f.guestToken : f.otherGuestToken}`),
    // Everyone else holds another ticket's key: they see that ticket, never this one.
    owner: { status: 200, shows: () => [GUEST.ticketSubject, GUEST.ticketBody] },
    others: 200,
  },
  {
    name: 'GET /support/t/{token} (a guessed link)',
    send: get(
      (f, who) => `/support/t/${who === 'owner' ? f.guestToken : 'Gu3ssedGu3ssedGu3ssedGu3ssedGu3ssed12345'}`,
    ),
    owner: { status: 200, shows: () => [GUEST.ticketSubject] },
    others: NOT_FOUND,
  },
  {
    name: "GET /support/t/{token}/photos/{id} (another ticket's key, this ticket's photo)",
    send: get(
      (f, who) => `/support/t/${who === 'owner' ? f.guestToken : f.otherGuestToken}/photos/${f.guestPhotoId}`,
    ),
    owner: { status: 200, shows: () => [] },
    others: NOT_FOUND,
  },
  {
    name: 'POST /support/t/{token} (a reply through a guessed link)',
    send: (c, f, who) =>
      c.post(`/support/t/${who === 'owner' ? f.guestToken : 'Gu3ssedGu3ssedGu3ssedGu3ssedGu3ssed12345'}`, {
        body: 'A reply through a link I made up.',
      }),
    owner: { status: 302, shows: () => [] },
    others: NOT_FOUND,
  },
];

let shop: TestShop;
const db = () => shop.database.db;
const clients = {} as Record<Who, TestClient>;
const fixture = {} as Fixture;

async function wishlistOf(email: string): Promise<number[]> {
  const rows = await queryRows<{ product_id: number }>(
    db(),
    sql`SELECT w.product_id FROM wishlist_items w JOIN users u ON u.id = w.user_id WHERE u.email = ${email}`,
  );
  return rows.map((r) => r.product_id);
}

async function cartOf(email: string): Promise<{ variantId: number; quantity: number }[]> {
  const rows = await queryRows<{ variant_id: number; quantity: number }>(
    db(),
    sql`SELECT l.variant_id, l.quantity FROM cart_lines l JOIN carts c ON c.id = l.cart_id
        JOIN users u ON u.id = c.user_id WHERE u.email = ${email} ORDER BY l.variant_id`,
  );
  return rows.map((r) => ({ variantId: r.variant_id, quantity: r.quantity }));
}

/** A guest's ticket from /support with a photo: the private link's token, and the photo's message id. */
async function guestTicket(who: { name: string; email: string; subject: string; body: string }) {
  const guest = new TestClient(shop.app);
  const res = await guest.postMultipart('/support', {
    name: who.name,
    email: who.email,
    subject: who.subject,
    body: who.body,
    photo: { file: await jpegPhoto(320, 240), name: 'parcel.jpg', type: 'image/jpeg' },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
  const [mail] = await shop.mailTo(who.email);
  const token = linkIn(mail!.textBody, 'http://shop.test/support/t/').split('/').pop()!;
  const photo = await firstRow<{ id: number }>(
    db(),
    sql`SELECT m.id FROM support_messages m JOIN support_tickets t ON t.id = m.ticket_id
        WHERE t.email = ${who.email} AND m.photo_key IS NOT NULL`,
  );
  return { token, photoId: photo!.id };
}

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const owner = await createUser(db(), { name: OWNER.name });
  fixture.ownerEmail = owner.email;
  await db().execute(
    sql`UPDATE users SET phone = ${OWNER.phone}, address_street = ${OWNER.street},
        address_landmark = ${OWNER.landmark}, address_city = 'Ikeja', address_state = 'Lagos'
        WHERE id = ${owner.id}`,
  );
  const form = {
    shipName: OWNER.name,
    shipPhone: '0809 135 7911',
    phone: '0809 135 7911',
    shipStreet: OWNER.street,
    shipLandmark: OWNER.landmark,
  };
  // A card order, paid and delivered: tracked, reviewable, with a payment page.
  const bought = await createProduct(db());
  const order = await createOrder(shop, {
    account: owner,
    lines: [{ variantId: bought.variants[0]!.id }],
    paymentMethod: 'online',
    status: 'delivered',
    form,
  });
  fixture.trackingNumber = order.trackingNumber;
  fixture.reference = order.reference;
  fixture.reviewedProductId = bought.id;
  fixture.failedReference = (
    await createOrder(shop, { account: owner, paymentMethod: 'online', status: 'payment_failed', form })
  ).reference;

  clients.owner = await signedInClient(shop, owner.email);
  const stranger = await createUser(db(), { name: 'Bola Ade' });
  clients.stranger = await signedInClient(shop, stranger.email);
  clients.guest = new TestClient(shop.app);
  const staff = await createUser(db(), { role: 'staff', name: 'Staff Member' });
  clients.staff = (await signInAndEnrol(shop.app, staff)).client;

  const review = await clients.owner.post('/dashboard', {
    intent: 'review',
    productId: String(bought.id),
    rating: '5',
    comment: OWNER.review,
  });
  expect(review.statusCode, review.body.slice(0, 300)).toBe(200);

  const saved = await createProduct(db());
  fixture.wishlistProductId = saved.id;
  await clients.owner.post('/account/wishlist', { productId: String(saved.id) });
  expect(await wishlistOf(owner.email)).toEqual([saved.id]);

  const inCart = await createProduct(db(), { name: 'Quillfeather Kinky Curl Secret' });
  fixture.cartVariantId = inCart.variants[0]!.id;
  fixture.cartProductName = inCart.name;
  await addToCart(clients.owner, fixture.cartVariantId, 2);
  // Everyone else has a cart of their own (the guest by its cookie).
  const other = (await createProduct(db())).variants[0]!.id;
  for (const who of ['stranger', 'guest', 'staff'] as const) await addToCart(clients[who], other, 1);

  const ticket = await clients.owner.postMultipart('/dashboard?tab=support', {
    intent: 'ticket',
    subject: OWNER.ticketSubject,
    body: OWNER.ticketBody,
    trackingNumber: order.trackingNumber,
    photo: { file: await jpegPhoto(320, 240), name: 'lace.jpg', type: 'image/jpeg' },
  });
  expect(ticket.statusCode, ticket.body.slice(0, 300)).toBe(200);
  const row = await firstRow<{ ticket_id: number; id: number }>(
    db(),
    sql`SELECT m.ticket_id, m.id FROM support_messages m JOIN support_tickets t ON t.id = m.ticket_id
        WHERE t.user_id = ${owner.id} AND m.photo_key IS NOT NULL`,
  );
  fixture.ticketId = row!.ticket_id;
  fixture.ticketPhotoId = row!.id;

  const guest = await guestTicket({
    name: GUEST.name,
    email: GUEST.email,
    subject: GUEST.ticketSubject,
    body: GUEST.ticketBody,
  });
  fixture.guestToken = guest.token;
  fixture.guestPhotoId = guest.photoId;
  fixture.otherGuestToken = (
    await guestTicket({
      name: 'Tunde Other',
      email: 'tunde.other@example.ng',
      subject: 'My own question',
      body: 'A question about my own order, nothing else.',
    })
  ).token;
}, 60_000);
afterAll(async () => {
  await shop.close();
});

function answerFor(row: Row, who: Other): Answer {
  return typeof row.others === 'number' || Array.isArray(row.others)
    ? (row.others as Answer)
    : (row.others as Record<Other, Answer>)[who];
}

function matches(status: number, answer: Answer): boolean {
  return typeof answer === 'number' ? status === answer : answer.includes(status);
}

describe('the object access matrix', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const wrong: string[] = [];
    const hidden = [...secrets(fixture), ...(row.hidden?.(fixture) ?? [])];
    // Everyone else first, so a write of theirs would show in the owner's thing afterwards.
    for (const who of ['stranger', 'guest', 'staff'] as const) {
      const res = await row.send(clients[who], fixture, who);
      const want = answerFor(row, who);
      if (!matches(res.statusCode, want)) wrong.push(`${who}: ${res.statusCode}, expected ${want}`);
      if (res.statusCode === 302 && want !== 302 && !String(res.headers.location).startsWith('/auth')) {
        wrong.push(`${who}: sent to ${res.headers.location}, not to sign in`);
      }
      for (const secret of hidden) {
        if (res.body.includes(secret)) wrong.push(`${who} was shown "${secret}"`);
      }
    }
    await row.unchanged?.(fixture);
    const own = await row.send(clients.owner, fixture, 'owner');
    if (!matches(own.statusCode, row.owner.status)) {
      wrong.push(`owner: ${own.statusCode}, expected ${row.owner.status}: ${own.body.slice(0, 200)}`);
    }
    for (const shown of row.owner.shows(fixture)) {
      if (!own.body.includes(shown)) wrong.push(`the owner was not shown "${shown}"`);
    }
    expect(wrong).toEqual([]);
  });

  it('every row, once the owner is suspended: their own browser gets what a guest gets', async () => {
    // A second browser of the owner's, signed in before the suspension (the first is used below).
    const held = await signedInClient(shop, fixture.ownerEmail);
    const [{ id }] = (await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM users WHERE email = ${fixture.ownerEmail}`,
    )) as [{ id: number }];
    const admin = await createUser(db(), { role: 'admin' });
    const adminClient = (await signInAndEnrol(shop.app, admin)).client;
    expect((await adminClient.post(`/admin/users/${id}`, { intent: 'suspend' })).statusCode).toBe(302);
    const wrong: string[] = [];
    for (const row of ROWS) {
      const res = await row.send(held, fixture, 'guest');
      const want = row.suspended ?? answerFor(row, 'guest');
      if (!matches(res.statusCode, want)) wrong.push(`${row.name}: ${res.statusCode}, expected ${want}`);
      for (const secret of [...secrets(fixture), ...(row.hidden?.(fixture) ?? [])]) {
        if (res.body.includes(secret)) wrong.push(`${row.name} showed "${secret}"`);
      }
    }
    expect(wrong).toEqual([]);
    await adminClient.post(`/admin/users/${id}`, { intent: 'reactivate' });
  });

  it('a guessed cart cookie opens no cart, and gets a cart of its own only when it adds something', async () => {
    const guesser = new TestClient(shop.app);
    guesser.cookies.set('ch_cart', 'Gu3ssedCartGu3ssedCartGu3ssedCart123456');
    const res = await guesser.get('/api/v1/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lines: [], itemCount: 0 });
    expect(res.body).not.toContain(fixture.cartProductName);
    // Writing to it makes a new cart under a new cookie; the guessed one still opens nothing.
    const added = await addToCart(guesser, (await createProduct(db())).variants[0]!.id, 1);
    expect(added.statusCode).toBe(302);
    expect(guesser.cookies.get('ch_cart')).not.toBe('Gu3ssedCartGu3ssedCartGu3ssedCart123456');
    const carts = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM carts WHERE guest_token_hash IS NOT NULL`,
    );
    expect(carts[0]!.n).toBeGreaterThan(0);
  });
});

describe('a suspended account', () => {
  it('is refused on every page, API route and action from the moment an admin suspends it', async () => {
    const customer = await createUser(db(), { name: 'Suspended Soon' });
    const client = await signedInClient(shop, customer.email);
    // A second browser of theirs, and a cart and a saved product, before the suspension.
    const phone = await signedInClient(shop, customer.email);
    const order = await createOrder(shop, { account: customer, form: { shipStreet: '9 Suspension Road' } });
    const product = await createProduct(db(), { name: 'Held Before Suspension' });
    await addToCart(client, product.variants[0]!.id, 1);
    await client.post('/account/wishlist', { productId: String(product.id) });
    expect((await client.get('/dashboard')).statusCode).toBe(200);
    expect((await client.get('/api/v1/account')).statusCode).toBe(200);
    expect((await phone.get('/track-order')).body).toContain('Logout');

    const admin = await createUser(db(), { role: 'admin' });
    const adminClient = (await signInAndEnrol(shop.app, admin)).client;
    const suspended = await adminClient.post(`/admin/users/${customer.id}`, {
      intent: 'suspend',
      reason: 'Chargebacks',
    });
    expect(suspended.statusCode, suspended.body.slice(0, 300)).toBe(302);

    for (const browser of [client, phone]) {
      // Pages that need an account send them to sign in; the API says 401.
      for (const path of ['/dashboard', '/dashboard?tab=orders', '/dashboard?tab=support']) {
        const res = await browser.get(path);
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location).toMatch(/^\/auth\?redirectTo=/);
      }
      for (const path of ['/api/v1/account', '/api/v1/account/wishlist']) {
        expect((await browser.get(path)).statusCode, path).toBe(401);
      }
      // Their cart and their order's details are no longer theirs to see.
      const cart = await browser.get('/api/v1/cart');
      expect(cart.body).not.toContain('Held Before Suspension');
      const tracked = await browser.get(`/api/v1/orders/${order.trackingNumber}`);
      expect(tracked.json()).toMatchObject({ masked: true });
      expect(tracked.body).not.toContain('9 Suspension Road');
      // Actions: refused before they do anything.
      const profile = await browser.post('/dashboard', { intent: 'profile', name: 'Changed After' });
      expect(profile.statusCode).toBe(302);
      expect(profile.headers.location).toMatch(/^\/auth/);
      const wish = await browser.post('/account/wishlist', {
        intent: 'remove',
        productId: String(product.id),
      });
      expect(wish.statusCode).toBe(302);
      // The header shows a signed-out visitor.
      expect((await browser.get('/track-order')).body).not.toContain('Logout');
    }
    expect(await wishlistOf(customer.email)).toEqual([product.id]);
    const [{ name }] = (await queryRows<{ name: string }>(
      db(),
      sql`SELECT name FROM users WHERE id = ${customer.id}`,
    )) as [{ name: string }];
    expect(name).toBe('Suspended Soon');
    const sessions = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${customer.id}`,
    );
    expect(sessions[0]!.n).toBe(0);

    // Signing in again is refused with the reason, even with the right password; no session starts.
    const again = new TestClient(shop.app);
    const res = await again.post('/auth', {
      intent: 'signin',
      email: customer.email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This account is suspended');
    expect(again.session).toBeUndefined();
  });

  it('a suspended staff member loses the admin portal and its API at once', async () => {
    const staff = await createUser(db(), { role: 'staff' });
    const { client } = await signInAndEnrol(shop.app, staff);
    expect((await client.get('/admin/orders')).statusCode).toBe(200);
    const admin = await createUser(db(), { role: 'admin' });
    const adminClient = (await signInAndEnrol(shop.app, admin)).client;
    const res = await adminClient.post(`/admin/users/${staff.id}`, { intent: 'suspend', reason: 'Left' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    expect((await client.get('/admin/orders')).statusCode).toBe(401);
    expect((await client.get('/api/v1/admin/mailbox')).statusCode).toBe(401);
    expect((await client.get('/dashboard')).statusCode).toBe(302);
    const signIn = await new TestClient(shop.app).post('/admin/sign-in', {
      email: staff.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(403);
  });
});
