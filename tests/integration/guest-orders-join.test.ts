// Guest orders join the account that later confirms their address (ADR 065): once the sign-up is
// confirmed, an order placed as a guest with that address (any case) is the account's in its
// order history, can be reviewed once delivered, counts in the admin's orders and total spent,
// and its phone and address are offered to an empty profile. An unconfirmed sign-up joins nothing.
// Through HTTP, as a browser without JavaScript posts the forms.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '#core/money.ts';
import { queryRows } from '#server/db/client.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { clientPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let admin: TestClient;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  ({ admin } = await clientPerRole(shop, 'Join'));
});
afterAll(async () => {
  await shop.close();
});

const PASSWORD = 'kinky curls for the wedding';

function signUpForm(email: string, name: string) {
  return { intent: 'signup', name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: 'on' };
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    shop.database.db,
    sql`SELECT id FROM users WHERE lower(email) = ${email.toLowerCase()}`,
  );
  return row!.id;
}

async function signUp(email: string, name: string): Promise<URL> {
  await new TestClient(shop.app).post('/auth', signUpForm(email, name));
  const mails = await shop.mailTo(email.toLowerCase());
  const confirm = mails.find((m) => m.subject.startsWith('Confirm your email'));
  if (!confirm) throw new Error(`No confirmation mail for ${email}`);
  return new URL(linkIn(confirm.textBody, 'http://shop.test/auth/verify-email?'));
}

async function confirm(link: URL): Promise<TestClient> {
  const client = new TestClient(shop.app);
  const res = await client.post(link.pathname + link.search, {
    intent: 'confirm',
    token: link.searchParams.get('token')!,
    password: PASSWORD,
  });
  expect(res.statusCode).toBe(302);
  expect(client.session).toBeDefined();
  return client;
}

/** The admin's user page "Orders" and "Total spent" facts. */
async function adminFacts(userId: number): Promise<{ orders: string; spent: string }> {
  const page = await admin.get(`/admin/users/${userId}`);
  expect(page.statusCode).toBe(200);
  const fact = (label: string) =>
    page.body.match(new RegExp(`${label}</dt><dd[^>]*>([^<]*)<`))?.[1]?.replaceAll('&#x20A6;', '₦') ?? '';
  return { orders: fact('Orders'), spent: fact('Total spent') };
}

describe('guest orders join the account that confirms their address', () => {
  it('a delivered guest order: in the history, reviewable, counted by the admin, offered to the profile', async () => {
    const wig = await createProduct(shop.database.db, { name: 'Joined Body Wave Wig' });
    const guest = await createOrder(shop, {
      email: 'Ada.Joins@Example.ng',
      lines: [{ variantId: wig.variants[0]!.id }],
      form: {
        shipName: 'Ada Joins',
        shipPhone: '0805 555 1234',
        shipState: 'Lagos',
        shipCity: 'Surulere',
        shipStreet: '7 Ring Road',
        shipLandmark: 'Near the stadium',
      },
      status: 'delivered',
    });
    // Someone else's guest order is never joined.
    const other = await createOrder(shop, { email: 'someone-else@example.ng', status: 'delivered' });

    const link = await signUp('ada.joins@example.ng', 'Ada Joins');
    const userId = await userIdOf('ada.joins@example.ng');
    // Not confirmed yet: the admin sees no orders for the account.
    expect(await adminFacts(userId)).toEqual({ orders: '0', spent: formatPrice(0) });

    const ada = await confirm(link);

    const history = await ada.get('/dashboard?tab=orders');
    expect(history.body).toContain(guest.trackingNumber);
    expect(history.body).not.toContain(other.trackingNumber);
    // Delivered: its line offers "Leave Review", and the review is taken.
    expect(history.body).toContain('Leave Review');
    const review = await ada.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(wig.id),
      rating: '5',
      comment: 'Soft and full, exactly like the pictures. It arrived on time too.',
    });
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain('once we have checked it');

    expect(await adminFacts(userId)).toEqual({ orders: '1', spent: formatPrice(guest.order.totalKobo) });
    const list = await admin.get('/admin/users?q=ada.joins');
    const row = list.body.split('data-user-email="ada.joins@example.ng"')[1]?.split('</tr>')[0] ?? '';
    expect(row.replaceAll('&#x20A6;', '₦')).toContain(formatPrice(guest.order.totalKobo));

    // The profile is empty: the order's phone and address are offered, not saved.
    const profile = await ada.get('/dashboard?tab=profile');
    expect(profile.body).toContain('value="0805 555 1234"');
    expect(profile.body).toContain('value="7 Ring Road"');
    expect(profile.body).toContain('value="Surulere"');
    expect(profile.body).toContain('value="Near the stadium"');
    expect(profile.body).toMatch(/<option value="Lagos" selected/);
    expect(profile.body).toContain(guest.trackingNumber);
    const [saved] = await queryRows<{ phone: string | null; address_street: string | null }>(
      shop.database.db,
      sql`SELECT phone, address_street FROM users WHERE id = ${userId}`,
    );
    expect(saved).toEqual({ phone: null, address_street: null });
  });

  it('a password reset link also proves the address: the guest order joins then', async () => {
    const guest = await createOrder(shop, { email: 'chidi.resets@example.ng', status: 'delivered' });
    await signUp('chidi.resets@example.ng', 'Chidi Resets');
    const userId = await userIdOf('chidi.resets@example.ng');
    expect(await adminFacts(userId)).toEqual({ orders: '0', spent: formatPrice(0) });

    await new TestClient(shop.app).post('/auth/forgot-password', { email: 'chidi.resets@example.ng' });
    const mails = await shop.mailTo('chidi.resets@example.ng');
    const reset = mails.find((m) => m.subject.startsWith('Reset your'));
    const url = new URL(linkIn(reset!.textBody, 'http://shop.test/auth/reset-password?'));
    const done = await new TestClient(shop.app).post(url.pathname + url.search, {
      token: url.searchParams.get('token')!,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(done.statusCode).toBeLessThan(400);
    expect(await adminFacts(userId)).toEqual({ orders: '1', spent: formatPrice(guest.order.totalKobo) });
  });

  it('an unconfirmed sign-up joins nothing: the admin sees no orders for it', async () => {
    const guest = await createOrder(shop, { email: 'bola.waits@example.ng', status: 'delivered' });
    await signUp('bola.waits@example.ng', 'Bola Waits');
    const userId = await userIdOf('bola.waits@example.ng');
    const [row] = await queryRows<{ user_id: number | null }>(
      shop.database.db,
      sql`SELECT user_id FROM orders WHERE tracking_number = ${guest.trackingNumber}`,
    );
    expect(row!.user_id).toBeNull();
    expect(await adminFacts(userId)).toEqual({ orders: '0', spent: formatPrice(0) });
    const page = await admin.get(`/admin/users/${userId}`);
    expect(page.body).not.toContain(guest.trackingNumber);
  });
});
