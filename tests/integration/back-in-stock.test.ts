// "Email me when it's back" over HTTP (issue 14, ADR 037): the sold-out product page offers the
// form instead of Add to Cart (a guest types an email, a signed-in shopper taps once), refusals
// store nothing, asking twice stores one request; when stock returns — by the owner's product
// save or by a cancelled order putting its units back — each waiting shopper gets exactly one
// email, however often (and however concurrently) the job runs; an account that turned the
// setting off gets none.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { field } from '#core/product-draft.ts';
import { queryRows } from '#server/db/client.ts';
import { backInStockRequests } from '#server/db/schema/back-in-stock.ts';
import { productVariants } from '#server/db/schema/catalog.ts';
import { backInStockSubject } from '#server/modules/mail/notification-templates.tsx';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole, signedInClient } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

/** The product page's Add to Cart button, as a shopper reads it. */
const ADD_TO_CART_BUTTON = /<button type="submit"[^>]*>Add to Cart<\/button>/;
/** The "Sold out for now" section, and its email field (a guest's). */
const BACK_IN_STOCK = /<section id="back-in-stock" aria-labelledby="back-in-stock-title"/;
const BACK_IN_STOCK_EMAIL = /<input id="back-in-stock-email" type="email"[^>]*name="email"/;

let shop: TestShop;
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  admin = (await clientPerRole(shop, 'Restock')).admin;
}, 60_000);
afterAll(async () => {
  await shop.close();
});

function requestsFor(variantId: number) {
  return shop.database.db
    .select()
    .from(backInStockRequests)
    .where(eq(backInStockRequests.variantId, variantId))
    .orderBy(backInStockRequests.id);
}

async function soldOutWig(name: string) {
  const product = await createProduct(shop.database.db, {
    name,
    variants: [
      { stock: 0, options: { length: '16"' } },
      { stock: 4, options: { length: '20"' } },
    ],
  });
  return {
    product,
    path: productPath(product),
    soldOut: product.variants[0]!,
    inStock: product.variants[1]!,
  };
}

/** Posts the form as the page does without JavaScript: to the page's address, variant chosen. */
function ask(client: TestClient, path: string, fields: Record<string, string>) {
  return client.post(`${path}?variant=${encodeURIComponent(fields.variantId ?? '')}`, {
    intent: 'back-in-stock',
    ...fields,
  });
}

/** The edit form's fields as the admin page renders them (inputs only; enough for a stock edit). */
function renderedFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  // The product form is the one named by the page's heading.
  const form = html.match(/<form[^>]*aria-labelledby="product-form-title"[\s\S]*?<\/form>/)?.[0];
  if (!form) throw new Error(`No product form in the page: ${html.slice(0, 300)}`);
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  for (const m of form.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1]!;
    const name = attrs.match(/name="([^"]+)"/)?.[1];
    if (!name || name.startsWith('bulk-')) continue;
    const value = decode(attrs.match(/value="([^"]*)"/)?.[1] ?? '');
    const type = attrs.match(/type="([^"]+)"/)?.[1];
    if (type === 'checkbox' || type === 'radio') {
      if (/checked=""/.test(attrs))
        out[name] = name === 'photos' ? value : type === 'checkbox' ? 'on' : value;
      continue;
    }
    out[name] = value;
  }
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    out[m[1]!] = decode(m[2]!);
  for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[\s\S]*?<\/select>/g)) {
    out[m[1]!] = m[0].match(/<option[^>]*value="([^"]*)"[^>]*selected=""/)?.[1] ?? '';
  }
  return out;
}

async function ownerSetsStock(productId: number, row: number, stock: number) {
  const form = renderedFields((await admin.get(`/admin/products/${productId}`)).body);
  const stockField = field.row(row, 'stock');
  if (!(stockField in form)) throw new Error(`The product form has no ${stockField} field`);
  form[stockField] = String(stock);
  const res = await admin.post(`/admin/products/${productId}`, { ...form, intent: 'save' });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(302);
}

async function backInStockMails(to: string, productName: string) {
  return (await shop.mailTo(to)).filter((m) => m.subject === backInStockSubject(productName));
}

describe('the sold-out product page', () => {
  it('offers "Email me when it\'s back" instead of Add to Cart, only on the sold-out variant', async () => {
    const { path, soldOut, inStock } = await soldOutWig('Offer Wig');
    const out = await new TestClient(shop.app).get(`${path}?variant=${soldOut.id}`);
    expect(out.statusCode).toBe(200);
    expect(out.body).toMatch(BACK_IN_STOCK);
    expect(out.body).toMatch(BACK_IN_STOCK_EMAIL);
    expect(out.body).not.toMatch(ADD_TO_CART_BUTTON);
    const available = await new TestClient(shop.app).get(`${path}?variant=${inStock.id}`);
    expect(available.body).toMatch(ADD_TO_CART_BUTTON);
    expect(available.body).not.toMatch(BACK_IN_STOCK);
  });

  it("takes a guest's email once (asking again stores nothing new), without JavaScript", async () => {
    const { path, soldOut } = await soldOutWig('Guest Wig');
    const guest = new TestClient(shop.app);
    const first = await ask(guest, path, { variantId: String(soldOut.id), email: '  Chioma@Example.NG ' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('we&#x27;ll email chioma@example.ng once');
    const again = await ask(guest, path, { variantId: String(soldOut.id), email: 'chioma@example.ng' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('already on the list');
    const rows = await requestsFor(soldOut.id);
    expect(rows.map((r) => [r.email, r.userId, r.notifiedAt])).toEqual([['chioma@example.ng', null, null]]);
  });

  it('refuses a bad email, an in-stock variant and an unknown one with a 4xx, storing nothing', async () => {
    const { path, soldOut, inStock } = await soldOutWig('Refusing Wig');
    const guest = new TestClient(shop.app);
    const bad = await ask(guest, path, { variantId: String(soldOut.id), email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please enter a valid email address.');
    expect(bad.body).toContain('value="not-an-email"');
    const empty = await ask(guest, path, { variantId: String(soldOut.id), email: '' });
    expect(empty.statusCode).toBe(400);
    const available = await ask(guest, path, { variantId: String(inStock.id), email: 'ok@example.ng' });
    expect(available.statusCode).toBe(409);
    expect(available.body).toContain('in stock now');
    const unknown = await ask(guest, path, { variantId: '99999999', email: 'ok@example.ng' });
    expect(unknown.statusCode).toBe(404);
    const junk = await ask(guest, path, { variantId: 'abc', email: 'ok@example.ng' });
    expect(junk.statusCode).toBe(400);
    expect(await requestsFor(soldOut.id)).toEqual([]);
    expect(await requestsFor(inStock.id)).toEqual([]);
  });

  it('is rate-limited per session', async () => {
    const limited = await createTestShop({
      config: { rateLimits: { 'back-in-stock:session': { limit: 2 } } },
      pages: true,
    });
    try {
      const product = await createProduct(limited.database.db, { variants: [{ stock: 0 }] });
      const user = await createUser(limited.database.db);
      const client = await signedInClient(limited, user.email);
      const path = productPath(product);
      const fields = { variantId: String(product.variants[0]!.id) };
      expect((await ask(client, path, fields)).statusCode).toBe(200);
      expect((await ask(client, path, fields)).statusCode).toBe(200);
      const third = await ask(client, path, fields);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('lets a signed-in shopper ask with one tap (their account email), ticking their setting', async () => {
    const { path, soldOut } = await soldOutWig('Tap Wig');
    const user = await createUser(shop.database.db);
    const client = await signedInClient(shop, user.email);
    const page = await client.get(`${path}?variant=${soldOut.id}`);
    expect(page.body).toContain(`send one email to ${user.email}`);
    expect(page.body).not.toMatch(BACK_IN_STOCK_EMAIL);
    // A typed email is ignored: the account's own address is used.
    const res = await ask(client, path, { variantId: String(soldOut.id), email: 'someone-else@example.ng' });
    expect(res.statusCode).toBe(200);
    const [row] = await requestsFor(soldOut.id);
    expect([row!.email, row!.userId]).toEqual([user.email, user.id]);
    const [prefs] = await queryRows<{ notify_back_in_stock: boolean }>(
      shop.database.db,
      sql`SELECT notify_back_in_stock FROM users WHERE id = ${user.id}`,
    );
    expect(prefs!.notify_back_in_stock).toBe(true);
    // The page now says they are on the list.
    expect((await client.get(`${path}?variant=${soldOut.id}`)).body).toContain('on the list');
  });
});

describe('when stock returns', () => {
  it("the owner's save sends each subscriber one email with a link, once, even if the job runs again", async () => {
    const { product, path, soldOut } = await soldOutWig('Restocked Wig');
    const guest = new TestClient(shop.app);
    await ask(guest, path, { variantId: String(soldOut.id), email: 'restock-guest@example.ng' });
    const user = await createUser(shop.database.db);
    await ask(await signedInClient(shop, user.email), path, { variantId: String(soldOut.id) });
    // Nothing is sent while it is sold out.
    expect(await shop.services.backInStock.sweep()).toEqual({ sent: 0, skipped: 0 });

    await ownerSetsStock(product.id, 0, 5);
    // The save kicks a sweep after commit; the timer's sweeps find nothing more to do.
    await shop.services.backInStock.kick();
    expect(await shop.services.backInStock.sweep()).toEqual({ sent: 0, skipped: 0 });
    await Promise.all([shop.services.backInStock.sweep(), shop.services.backInStock.sweep()]);

    for (const to of ['restock-guest@example.ng', user.email]) {
      const mails = await backInStockMails(to, 'Restocked Wig');
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(`http://shop.test${path}?variant=${soldOut.id}`);
      expect(mails[0]!.htmlBody).toContain(`${path}?variant=${soldOut.id}`);
    }
    const rows = await requestsFor(soldOut.id);
    expect(rows.map((r) => r.outcome)).toEqual(['sent', 'sent']);
    expect(rows.every((r) => r.notifiedAt !== null)).toBe(true);
  });

  it('a cancelled order putting its units back sends one email per subscriber, even with concurrent sweeps', async () => {
    const product = await createProduct(shop.database.db, { name: 'Last One Wig', variants: [{ stock: 1 }] });
    const variant = product.variants[0]!;
    const { trackingNumber } = await createOrder(shop, { lines: [{ variantId: variant.id }] });
    const [left] = await shop.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variant.id));
    expect(left!.stock).toBe(0);
    const path = productPath(product);
    const emails = ['wait-1@example.ng', 'wait-2@example.ng', 'wait-3@example.ng'];
    for (const email of emails) {
      expect(
        (await ask(new TestClient(shop.app), path, { variantId: String(variant.id), email })).statusCode,
      ).toBe(200);
    }
    const cancelled = await admin.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'cancelled',
      note: 'Customer changed their mind',
    });
    expect(cancelled.statusCode, cancelled.body.slice(0, 300)).toBe(302);
    // Whatever the timer and kicks do, at once, in any number: one email each.
    const results = await Promise.all([
      shop.services.backInStock.sweep(),
      shop.services.backInStock.sweep(),
      shop.services.backInStock.kick(),
      shop.services.backInStock.sweep(),
    ]);
    const sent = results.reduce((n, r) => n + (r ? r.sent : 0), 0);
    expect(sent).toBeLessThanOrEqual(3);
    for (const email of emails) expect(await backInStockMails(email, 'Last One Wig'), email).toHaveLength(1);
    expect((await requestsFor(variant.id)).map((r) => r.outcome)).toEqual(['sent', 'sent', 'sent']);
  });

  it('two processes of the shop sweeping at once send one email per subscriber', async () => {
    const second = await createTestShop({ database: shop.database });
    try {
      const product = await createProduct(shop.database.db, {
        name: 'Two Process Wig',
        variants: [{ stock: 0 }],
      });
      const variant = product.variants[0]!;
      const path = productPath(product);
      const emails = Array.from({ length: 6 }, (_, i) => `two-process-${i}@example.ng`);
      for (const email of emails) {
        expect(
          (await ask(new TestClient(shop.app), path, { variantId: String(variant.id), email })).statusCode,
        ).toBe(200);
      }
      await shop.database.db
        .update(productVariants)
        .set({ stock: 2 })
        .where(eq(productVariants.id, variant.id));
      const [a, b] = await Promise.all([
        shop.services.backInStock.sweep(),
        second.services.backInStock.sweep(),
      ]);
      expect(a.sent + b.sent).toBe(6);
      await second.deliverMail();
      for (const email of emails)
        expect(await backInStockMails(email, 'Two Process Wig'), email).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('an account that unticked "back in stock" gets none; the request is closed', async () => {
    const { product, path, soldOut } = await soldOutWig('Silenced Wig');
    const user = await createUser(shop.database.db);
    const client = await signedInClient(shop, user.email);
    await ask(client, path, { variantId: String(soldOut.id) });
    // The shopper unticks it in the dashboard's settings.
    const saved = await client.post('/dashboard', { intent: 'notifications', notifyOrderUpdates: 'on' });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBeLessThan(400);
    await ownerSetsStock(product.id, 0, 3);
    await shop.services.backInStock.kick();
    expect(await backInStockMails(user.email, 'Silenced Wig')).toHaveLength(0);
    expect((await requestsFor(soldOut.id)).map((r) => r.outcome)).toEqual(['skipped']);
  });

  it('sold out again, a shopper may ask again and hears again (a new request)', async () => {
    const { product, path, soldOut } = await soldOutWig('Again Wig');
    const guest = new TestClient(shop.app);
    const email = 'again@example.ng';
    await ask(guest, path, { variantId: String(soldOut.id), email });
    await ownerSetsStock(product.id, 0, 1);
    await shop.services.backInStock.kick();
    await ownerSetsStock(product.id, 0, 0);
    expect((await ask(guest, path, { variantId: String(soldOut.id), email })).statusCode).toBe(200);
    await ownerSetsStock(product.id, 0, 2);
    await shop.services.backInStock.kick();
    expect(await backInStockMails(email, 'Again Wig')).toHaveLength(2);
    expect(await requestsFor(soldOut.id)).toHaveLength(1);
  });
});
