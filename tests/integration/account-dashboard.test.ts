// The account dashboard: tabs by ?tab=, the profile with Nigerian phone numbers and states,
// notification settings, and the wishlist kept on the server for signed-in shoppers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

async function signedInAs(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(shop.database.db, overrides);
  const client = new TestClient(shop.app);
  await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
  return { user, client };
}

const profileForm = {
  intent: 'profile',
  name: 'Ngozi Adeyemi',
  phone: '0803 123 4567',
  dateOfBirth: '1994-03-21',
  addressStreet: '14 Allen Avenue',
  addressCity: 'Ikeja',
  addressState: 'Lagos',
  addressLandmark: 'Opposite the filling station',
};

describe('dashboard', () => {
  it('asks a signed-out visitor to sign in first', async () => {
    const res = await new TestClient(shop.app).get('/dashboard?tab=orders');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?redirectTo=%2Fdashboard%3Ftab%3Dorders');
  });

  it('opens each of the five tabs by ?tab=, and ?tab=complaints opens Support', async () => {
    const { client } = await signedInAs();
    const titles: Record<string, string> = {
      profile: 'Update Profile',
      orders: 'No orders yet',
      support: 'No complaints raised',
      complaints: 'No complaints raised',
      reviews: 'No reviews yet',
      settings: 'Change Password',
    };
    for (const [tab, text] of Object.entries(titles)) {
      const res = await client.get(`/dashboard?tab=${tab}`);
      expect(res.statusCode).toBe(200);
      expect(res.body, tab).toContain(text);
    }
    expect((await client.get('/dashboard?tab=nonsense')).body).toContain('Update Profile');
  });
});

describe('profile', () => {
  it('saves the profile, storing the phone as E.164, and shows it the local way', async () => {
    const { user, client } = await signedInAs();
    const res = await client.post('/dashboard', profileForm);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your profile has been updated.');
    const [row] = await queryRows<Record<string, unknown>>(
      shop.database.db,
      sql`SELECT name, phone, date_of_birth::text AS dob, address_street, address_city, address_state, address_landmark
          FROM users WHERE id = ${user.id}`,
    );
    expect(row).toEqual({
      name: 'Ngozi Adeyemi',
      phone: '+2348031234567',
      dob: '1994-03-21',
      address_street: '14 Allen Avenue',
      address_city: 'Ikeja',
      address_state: 'Lagos',
      address_landmark: 'Opposite the filling station',
    });
    const page = await client.get('/dashboard');
    expect(page.body).toContain('value="0803 123 4567"');
    expect(page.body).toContain(`value="${user.email}"`);
    // +234 written in full is read the same.
    await client.post('/dashboard', { ...profileForm, phone: '+2348091112222' });
    const [again] = await queryRows<{ phone: string }>(
      shop.database.db,
      sql`SELECT phone FROM users WHERE id = ${user.id}`,
    );
    expect(again!.phone).toBe('+2348091112222');
  });

  it('refuses bad fields one by one, keeps what was typed and changes nothing', async () => {
    const { user, client } = await signedInAs({ name: 'Kept Name' });
    const res = await client.post('/dashboard', {
      ...profileForm,
      phone: '12345',
      dateOfBirth: '2031-02-30',
      addressState: 'Texas',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please correct the highlighted fields.');
    expect(res.body).toContain('Enter a Nigerian phone number');
    expect(res.body).toContain('Enter a real date');
    expect(res.body).toContain('Choose a state from the list.');
    expect(res.body).toContain('value="12345"');
    expect(res.body).toContain('value="14 Allen Avenue"');
    const [row] = await queryRows<{ name: string; phone: string | null }>(
      shop.database.db,
      sql`SELECT name, phone FROM users WHERE id = ${user.id}`,
    );
    expect(row).toEqual({ name: 'Kept Name', phone: null });

    const child = await client.post('/dashboard', {
      ...profileForm,
      dateOfBirth: `${new Date().getFullYear() - 5}-01-01`,
    });
    expect(child.body).toContain('you must be 13 or older');
    const noName = await client.post('/dashboard', { ...profileForm, name: ' ' });
    expect(noName.body).toContain('Please enter your full name.');
  });

  it('cannot change the email address from the profile form', async () => {
    const { user, client } = await signedInAs();
    await client.post('/dashboard', { ...profileForm, email: 'hijack@example.ng' });
    const [row] = await queryRows<{ email: string }>(
      shop.database.db,
      sql`SELECT email FROM users WHERE id = ${user.id}`,
    );
    expect(row!.email).toBe(user.email);
  });
});

describe('notification settings', () => {
  it('start as the spec says and persist when changed', async () => {
    const { user, client } = await signedInAs();
    const settings = await client.get('/dashboard?tab=settings');
    const checked = (name: string) => new RegExp(`name="${name}"[^>]*checked`).test(settings.body);
    expect([
      checked('notifyOrderUpdates'),
      checked('notifyPromotions'),
      checked('notifyBackInStock'),
    ]).toEqual([true, true, false]);
    const res = await client.post('/dashboard?tab=settings', {
      intent: 'notifications',
      notifyBackInStock: 'on',
    });
    expect(res.body).toContain('Your email preferences have been saved.');
    const [row] = await queryRows<Record<string, boolean>>(
      shop.database.db,
      sql`SELECT notify_order_updates, notify_promotions, notify_back_in_stock FROM users WHERE id = ${user.id}`,
    );
    expect(row).toEqual({
      notify_order_updates: false,
      notify_promotions: false,
      notify_back_in_stock: true,
    });
  });
});

describe('wishlist on the server', () => {
  it('merges the guest list, follows the shopper to another device and removes items', async () => {
    const a = await createProduct(shop.database.db, { name: 'Wish Wig A' });
    const b = await createProduct(shop.database.db, { name: 'Wish Bundle B' });
    const hidden = await createProduct(shop.database.db, { name: 'Withdrawn', isActive: false });
    const { user, client } = await signedInAs();

    // What the browser saved as a guest arrives in one post (ids it cannot keep are skipped).
    const merged = await client.post('/account/wishlist', {
      intent: 'add',
      productId: `${a.id},${b.id},${hidden.id},999999`,
    });
    expect(merged.statusCode).toBe(200);

    const otherDevice = new TestClient(shop.app);
    await otherDevice.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const api = await otherDevice.get('/api/v1/account/wishlist');
    expect(api.json()).toEqual({ productIds: [a.id, b.id].sort((x, y) => x - y) });

    await otherDevice.post('/account/wishlist', { intent: 'remove', productId: String(a.id) });
    expect((await client.get('/api/v1/account/wishlist')).json()).toEqual({ productIds: [b.id] });

    // Adding twice keeps one.
    await client.post('/account/wishlist', { intent: 'add', productId: String(b.id) });
    expect((await client.get('/api/v1/account/wishlist')).json()).toEqual({ productIds: [b.id] });
  });

  it('is refused to a signed-out visitor', async () => {
    const api = await new TestClient(shop.app).get('/api/v1/account/wishlist');
    expect(api.statusCode).toBe(401);
    const form = await new TestClient(shop.app).post('/account/wishlist', { intent: 'add', productId: '1' });
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toMatch(/^\/auth\?redirectTo=/);
  });
});
