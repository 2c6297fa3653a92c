// The cross-site request rule (server/http/csrf.ts, ADR 013 and 018) covers every state-changing
// route, whatever its content type: the staff API, account and cart pages and API, page actions,
// uploads (multipart). A request from another site is refused with 403 before its handler runs
// (nothing changes); the same request from the shop itself goes through.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { firstRow } from '#tests/helpers/rows.ts';
import { checkoutForm } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

/** How browsers say a request came from another site (with and without Fetch Metadata). */
const CROSS_SITE: Record<string, Record<string, string>> = {
  'Origin of another site': { origin: 'https://evil.example' },
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  'Sec-Fetch-Site: same-site (a sibling sub-domain)': {
    'sec-fetch-site': 'same-site',
    origin: 'http://blog.shop.test',
  },
  'Origin: null (a sandboxed frame or a redirected form)': { origin: 'null' },
};
const SAME_ORIGIN = { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' };

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const one = <T>(query: SQL) => firstRow<T>(shop.database.db, query);

/** A multipart body, as an upload form sends it. */
function multipart(fields: Record<string, string>) {
  const boundary = '----shopboundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wig.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0fake\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('cross-site requests are refused before anything happens', () => {
  it('the staff API: setting an order status', async () => {
    const staff = await createUser(shop.database.db, { role: 'staff' });
    const { client: staffClient } = await signInAndEnrol(shop.app, {
      email: staff.email,
      password: TEST_PASSWORD,
    });
    expect(staffClient.session).toBeDefined();
    const { order } = await createOrder(shop, { email: 'csrf@example.ng', paymentMethod: 'pay_on_delivery' });
    const statusNow = async () =>
      (await one<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${order.id}`))!.status;
    const before = await statusNow();
    const url = `/api/v1/admin/orders/${order.trackingNumber}/status`;
    const cookie = cookieOf(staffClient);

    for (const [how, headers] of Object.entries(CROSS_SITE)) {
      for (const body of [
        { contentType: 'application/json', payload: JSON.stringify({ status: 'cancelled' }) },
        { contentType: 'application/x-www-form-urlencoded', payload: 'status=cancelled' },
        { contentType: 'text/plain', payload: '{"status":"cancelled"}' },
        multipart({ status: 'cancelled' }),
      ]) {
        const res = await shop.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, cookie, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(res.statusCode, `${how}, ${body.contentType}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'cross_site_request' });
      }
    }
    expect(await statusNow()).toBe(before);
    expect(
      (
        await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = ${order.id}`,
        )
      )?.n,
    ).toBe(1);

    // From the shop itself it works.
    const ok = await shop.app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: { status: 'confirmed' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusNow()).toBe('confirmed');
  });

  it('page actions: the cart, the wishlist, the profile, checkout, sign-out; form, multipart or text bodies', async () => {
    const user = await createUser(shop.database.db, { name: 'Original Name' });
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const cookie = cookieOf(client);
    const product = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const variantId = String(product.variants[0]!.id);
    const actions: [string, Record<string, string>][] = [
      ['/cart', { intent: 'add', variantId, quantity: '1' }],
      ['/account/wishlist', { productId: String(product.id) }],
      ['/dashboard', { intent: 'profile', name: 'Changed By Evil', phone: '' }],
      ['/checkout', checkoutForm() as Record<string, string>],
      ['/auth/sign-out', {}],
      ['/newsletter', { email: 'victim@example.ng' }],
      ['/currency', { code: 'USD' }],
    ];
    for (const [how, headers] of Object.entries(CROSS_SITE)) {
      for (const [url, fields] of actions) {
        const bodies = [
          {
            contentType: 'application/x-www-form-urlencoded',
            payload: new URLSearchParams(fields).toString(),
          },
          multipart(fields),
          {
            contentType: 'text/plain',
            payload: Object.entries(fields)
              .map(([k, v]) => `${k}=${v}`)
              .join('\r\n'),
          },
        ];
        for (const body of bodies) {
          const res = await shop.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, cookie, 'content-type': body.contentType },
            payload: body.payload,
          });
          expect(res.statusCode, `${how}: ${url} (${body.contentType})`).toBe(403);
          expect(res.body).toContain('came from another website');
          expect(res.headers['set-cookie'], url).toBeUndefined();
        }
      }
    }
    // Nothing changed: still signed in, same name, empty cart and wishlist, no order, no subscriber.
    const me = await client.get('/api/v1/account');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Original Name' });
    expect((await client.get('/api/v1/cart')).json()).toMatchObject({ itemCount: 0 });
    expect((await client.get('/api/v1/account/wishlist')).json()).toEqual({ productIds: [] });
    expect(
      (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE email = ${user.email}`))?.n,
    ).toBe(0);

    // The same forms from the shop itself work.
    const add = await client.post(
      '/cart',
      { intent: 'add', variantId, quantity: '1' },
      { headers: SAME_ORIGIN },
    );
    expect(add.statusCode).toBe(302);
    expect((await client.get('/api/v1/cart')).json()).toMatchObject({ itemCount: 1 });
    const profile = await client.post(
      '/dashboard',
      { intent: 'profile', name: 'Renamed Herself', phone: '' },
      { headers: SAME_ORIGIN },
    );
    expect(profile.statusCode).toBe(200);
    expect((await client.get('/api/v1/account')).json()).toMatchObject({ name: 'Renamed Herself' });
  });

  it('the JSON API, any method and any route (account, cart, newsletter, uploads that do not exist yet)', async () => {
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const cookie = cookieOf(client);
    const upload = multipart({ alt: 'A wig' });
    const requests: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string }[] = [
      { method: 'POST', url: '/api/v1/newsletter' },
      { method: 'POST', url: '/api/v1/cart' },
      { method: 'PUT', url: '/api/v1/cart' },
      { method: 'DELETE', url: '/api/v1/cart' },
      { method: 'PATCH', url: '/api/v1/account' },
      { method: 'POST', url: '/api/v1/account/wishlist' },
      { method: 'POST', url: '/api/v1/admin/media' },
      { method: 'POST', url: '/api/v1/admin/products/1/images' },
    ];
    for (const [how, headers] of Object.entries(CROSS_SITE)) {
      for (const { method, url } of requests) {
        for (const body of [
          { contentType: 'application/json', payload: JSON.stringify({ email: 'victim@example.ng' }) },
          upload,
        ]) {
          const res = await shop.app.inject({
            method,
            url,
            headers: { ...headers, cookie, 'content-type': body.contentType },
            payload: body.payload,
          });
          expect(res.statusCode, `${how}: ${method} ${url} (${body.contentType})`).toBe(403);
          expect(res.json()).toMatchObject({ error: 'cross_site_request' });
        }
      }
    }
    expect(
      (
        await one<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = 'victim@example.ng'`,
        )
      )?.n,
    ).toBe(0);
    const same = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'fan@example.ng' },
    });
    expect(same.statusCode).toBeLessThan(300);
  });

  it("payment providers' webhooks are not browser requests: they are judged by their signature instead", async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{"event":"charge.success"}',
    });
    expect(res.statusCode).toBe(401);
    // A route that merely looks like a webhook in its raw spelling is not exempt.
    const sneaky = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/../v1/newsletter',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'victim@example.ng' },
    });
    expect(sneaky.statusCode).not.toBe(200);
    expect(sneaky.statusCode).not.toBe(201);
  });
});
