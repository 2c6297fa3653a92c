// The one abandoned-cart reminder (issue 14, ADR 037): a signed-in shopper's cart, or a guest's
// whose email was typed at checkout, that has waited the owner's setting gets one email with a
// link back to the cart — once per cart state, even with two sweeps at once; never after an
// order, never to a shopper who turned promotional emails off, never when the owner turned the
// reminders off (0 hours); the setting is refused with a 400 when it is not a number of hours.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { carts } from '#server/db/schema/cart.ts';
import { ABANDONED_CART_SUBJECT } from '#server/modules/mail/notification-templates.tsx';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { clientPerRole, signedInClient } from '#tests/helpers/role-clients.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;
const HOUR = 3_600_000;
/** The job's clock, this many hours from now. */
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { rateLimits: { 'checkout:ip': { limit: 10_000 }, 'checkout:session': { limit: 10_000 } } },
  });
  admin = (await clientPerRole(shop, 'Reminder')).admin;
}, 60_000);
afterAll(async () => {
  await shop.close();
});

async function reminders(to: string) {
  return (await shop.mailTo(to)).filter((m) => m.subject === ABANDONED_CART_SUBJECT);
}

async function shopperWithCart(name = 'Reminder Wig') {
  const product = await createProduct(shop.database.db, { name, variants: [{ stock: 10 }] });
  const user = await createUser(shop.database.db);
  const client = await signedInClient(shop, user.email);
  expect((await addToCart(client, product.variants[0]!.id, 2)).statusCode).toBe(302);
  return { user, client, product };
}

async function setWait(hours: string) {
  return admin.post('/admin/settings', { intent: 'reminders', abandonedCartHours: hours });
}

describe('abandoned-cart reminders', () => {
  it("a signed-in shopper's waiting cart gets one reminder with a link back, even with two sweeps at once", async () => {
    const { user } = await shopperWithCart('Waiting Wig');
    // Not yet: the default wait is 24 hours.
    await shop.services.abandonedCarts.sweep(later(23));
    expect(await reminders(user.email)).toHaveLength(0);
    await Promise.all([
      shop.services.abandonedCarts.sweep(later(25)),
      shop.services.abandonedCarts.sweep(later(25)),
    ]);
    await shop.services.abandonedCarts.sweep(later(48));
    const mails = await reminders(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('http://shop.test/cart');
    expect(mails[0]!.textBody).toContain('2 × Waiting Wig');
    expect(mails[0]!.htmlBody).toContain('href="http://shop.test/cart"');
  });

  it('a changed cart is a new state: it may be reminded once more, after another wait', async () => {
    const { user, client, product } = await shopperWithCart('Changing Wig');
    await shop.services.abandonedCarts.sweep(later(25));
    expect(await reminders(user.email)).toHaveLength(1);
    await addToCart(client, product.variants[0]!.id, 1);
    await shop.services.abandonedCarts.sweep(later(1));
    expect(await reminders(user.email)).toHaveLength(1);
    await shop.services.abandonedCarts.sweep(later(25));
    expect(await reminders(user.email)).toHaveLength(2);
  });

  it('never after the shopper ordered', async () => {
    const { user, client } = await shopperWithCart('Ordered Wig');
    // A card order waiting for its payment: the cart is kept until it is paid, but it is an order.
    await placeOrder(client, checkoutForm({ email: user.email, paymentMethod: 'online' }));
    const [kept] = await queryRows<{ n: number | string }>(
      shop.database.db,
      sql`SELECT count(*) AS n FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.user_id = ${user.id}`,
    );
    expect(Number(kept!.n)).toBe(1);
    await shop.services.abandonedCarts.sweep(later(25));
    expect(await reminders(user.email)).toHaveLength(0);
  });

  it('never to a shopper who unticked promotional emails', async () => {
    const { user, client } = await shopperWithCart('Quiet Wig');
    const saved = await client.post('/dashboard?tab=settings', {
      intent: 'notifications',
      notifyOrderUpdates: 'on',
    });
    expect(saved.statusCode).toBeLessThan(400);
    await shop.services.abandonedCarts.sweep(later(25));
    expect(await reminders(user.email)).toHaveLength(0);
  });

  it('a guest who typed their email on a checkout attempt gets one; a guest who never did gets none', async () => {
    const product = await createProduct(shop.database.db, {
      name: 'Guest Cart Wig',
      variants: [{ stock: 10 }],
    });
    const guest = new TestClient(shop.app);
    await addToCart(guest, product.variants[0]!.id);
    // The attempt is refused (no phone), but the email is kept on the cart.
    const refused = await guest.post('/checkout', checkoutForm({ email: 'Left-Cart@Example.NG', phone: '' }));
    expect(refused.statusCode).toBe(400);
    const silent = new TestClient(shop.app);
    await addToCart(silent, product.variants[0]!.id);
    const [row] = await queryRows<{ n: number | string }>(
      shop.database.db,
      sql`SELECT count(*) AS n FROM carts WHERE email = 'left-cart@example.ng'`,
    );
    expect(Number(row!.n)).toBe(1);
    await shop.services.abandonedCarts.sweep(later(25));
    await shop.services.abandonedCarts.sweep(later(26));
    const mails = await reminders('left-cart@example.ng');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Guest Cart Wig');
  });

  it("follows the owner's setting: another wait, off at 0, and a bad value refused with nothing stored", async () => {
    const bad = await setWait('soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('as a whole number');
    expect((await shop.services.settings.operations()).abandonedCartHours).toBe(24);
    expect((await setWait('721')).statusCode).toBe(400);

    expect((await setWait('2')).statusCode).toBe(302);
    const early = await shopperWithCart('Two Hour Wig');
    await shop.services.abandonedCarts.sweep(later(3));
    expect(await reminders(early.user.email)).toHaveLength(1);

    expect((await setWait('0')).statusCode).toBe(302);
    const off = await shopperWithCart('Off Wig');
    await shop.services.abandonedCarts.sweep(later(100));
    expect(await reminders(off.user.email)).toHaveLength(0);
    const [cart] = await shop.database.db.select().from(carts).where(eq(carts.userId, off.user.id));
    expect(cart!.remindedFor).toBeNull();
    expect((await setWait('24')).statusCode).toBe(302);
  });
});
