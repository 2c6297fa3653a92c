// Error answers as a client on a real socket gets them (issue 29, ADR 060). Node marks a request
// whose body was read to the end as destroyed; the error handler once took that for a client
// hang-up, so every error after a body was read — 401, 403, 404, 409, 429, a real 500 — reached
// the client as `400 request_aborted` ("The request was not finished.") and was logged at info as
// "client closed the request". In-process injection never showed it: its fake request is not
// destroyed. So every request here goes through `fetch` to the shop listening on a port, and a
// real hang-up (the client destroys its socket half-way through the body) is still one info line.
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryStorage } from '#server/platform/storage.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { jpegPhoto } from '#tests/factories/images.ts';
import { type PaystackFake, signPaystackBody, startPaystackFake } from '#tests/fakes/paystack-fake.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { createTestShop, LogCapture, TEST_PUBLIC_URL, type TestShop } from '#tests/helpers/test-app.ts';

const SECRET = 'sk_test_crownhair0000000000000000000000';
const ERROR = 50;

/** Passes through to memory until `broken`; then a write fails as no client's mistake. */
class BreakableStorage {
  broken = false;
  constructor(private readonly inner: MemoryStorage) {}
  get(key: string) {
    return this.inner.get(key);
  }
  async put(key: string, data: Buffer) {
    if (this.broken) throw new Error('the photo store lost its mount');
    await this.inner.put(key, data);
  }
}

let shop: TestShop;
let fake: PaystackFake;
let storage: BreakableStorage;
let base = '';
let port = 0;
const logs = new LogCapture();
let cookies: Record<'customer' | 'staff' | 'admin', string>;

function cookieOf(client: TestClient): string {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

beforeAll(async () => {
  fake = await startPaystackFake({ secretKey: SECRET });
  shop = await createTestShop({
    pages: true,
    logs,
    storage: (memory) => {
      storage = new BreakableStorage(memory);
      return storage;
    },
    config: {
      payments: { paystackSecretKey: SECRET, paystackBaseUrl: fake.baseUrl, sandboxSecret: '' },
      rateLimits: { 'cart:session': { limit: 2 }, 'upload:session': { limit: 3 } },
    },
  });
  const { clients } = await visitorsPerRole(shop, 'Socket');
  cookies = {
    customer: cookieOf(clients.customer),
    staff: cookieOf(clients.staff),
    admin: cookieOf(clients.admin),
  };
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: { error?: string; message?: string; requestId?: string };
}

/** One request over a real socket (undici's fetch), as a browser's script or a provider sends it. */
async function send(
  method: string,
  path: string,
  options: { body?: string | Buffer; type?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { origin: TEST_PUBLIC_URL, ...options.headers };
  if (options.type) headers['content-type'] = options.type;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(base + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body)),
    redirect: 'manual',
  });
  const text = await response.text();
  let json: Answer['json'] = {};
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {}
  return { status: response.status, headers: response.headers, text, json };
}

const sendJson = (path: string, body: unknown, cookie?: string) =>
  send('POST', path, { body: JSON.stringify(body), type: 'application/json', cookie });
const sendForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  send('POST', path, {
    body: new URLSearchParams(fields).toString(),
    type: 'application/x-www-form-urlencoded',
    cookie,
  });

/** The lines logged as "client closed the request" so far. */
const hangUps = () => logs.lines.filter((line) => line.msg === 'client closed the request').length;

/** Expects `answer` to be the API's refusal `status` with `code`, never the hang-up's answer. */
function expectRefusal(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.json.error).toBe(code);
  expect(answer.json.message).not.toBe('The request was not finished.');
}

describe('the JSON API answers what went wrong after reading the body', () => {
  it('401 signed out, 403 not staff, 404 no such order (the staff order-status route)', async () => {
    const before = hangUps();
    const path = '/api/v1/admin/orders/CH-NOPE0000/status';
    expectRefusal(await sendJson(path, { status: 'confirmed' }), 401, 'unauthorized');
    expectRefusal(await sendJson(path, { status: 'confirmed' }, cookies.customer), 403, 'forbidden');
    expectRefusal(await sendJson(path, { status: 'confirmed' }, cookies.staff), 404, 'not_found');
    expect(hangUps()).toBe(before);
  });

  it('Add to Cart: 409 sold out, then 429 with Retry-After once the session has done it too often', async () => {
    const soldOut = await createProduct(shop.database.db, { variants: [{ stock: 0 }] });
    const inStock = await createProduct(shop.database.db, { variants: [{ stock: 9 }] });
    const guest = await sendJson('/api/v1/cart/lines', { variantId: inStock.variants[0]!.id, quantity: 1 });
    expect(guest.status, guest.text).toBe(200);
    const cart = guest.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const refused = await sendJson(
      '/api/v1/cart/lines',
      { variantId: soldOut.variants[0]!.id, quantity: 1 },
      cart,
    );
    expectRefusal(refused, 409, 'out_of_stock');
    // The first add came without a cart, so only the refusal counted for this browser: one more.
    const again = await sendJson(
      '/api/v1/cart/lines',
      { variantId: inStock.variants[0]!.id, quantity: 1 },
      cart,
    );
    expect(again.status).toBe(200);
    const limited = await sendJson(
      '/api/v1/cart/lines',
      { variantId: inStock.variants[0]!.id, quantity: 1 },
      cart,
    );
    expectRefusal(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a real fault is a 500 with its reference, logged at error (the newsletter form)', async () => {
    await shop.database.db.execute(
      sql`ALTER TABLE newsletter_subscribers ADD CONSTRAINT drill_refuse_one CHECK (email <> 'fault.json@example.ng')`,
    );
    const before = hangUps();
    const fault = await sendJson('/api/v1/newsletter', { email: 'fault.json@example.ng' });
    expectRefusal(fault, 500, 'internal_error');
    expect(fault.json.message).toContain(fault.json.requestId!);
    expect(logs.lines.some((l) => (l.level as number) >= ERROR && l.reqId === fault.json.requestId)).toBe(
      true,
    );
    expect(hangUps()).toBe(before);
  });
});

describe('the photo upload answers what went wrong after reading the photo', () => {
  it('401, 403, 400 with why, 500 for a store fault, 429 with Retry-After', async () => {
    const photo = await jpegPhoto(320, 240);
    const upload = (body: Buffer | string, cookie?: string) =>
      send('POST', '/api/v1/admin/media?alt=Body%20wave', { body, type: 'image/jpeg', cookie });
    expectRefusal(await upload(photo), 401, 'unauthorized');
    expectRefusal(await upload(photo, cookies.customer), 403, 'forbidden');
    expect((await upload(photo, cookies.admin)).status).toBe(201);
    const notPhoto = await upload('not a picture at all', cookies.admin);
    expectRefusal(notPhoto, 400, 'validation_failed');
    expect(notPhoto.json.message).toContain('not a photo we can read');
    storage.broken = true;
    try {
      expectRefusal(await upload(photo, cookies.admin), 500, 'internal_error');
    } finally {
      storage.broken = false;
    }
    const limited = await upload(photo, cookies.admin);
    expectRefusal(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the Paystack webhook answers what Paystack acts on', () => {
  it('401 for a forged signature, 404 for a reference not known yet (so Paystack delivers it again)', async () => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'CH-NEVER-SEEN-1', status: 'success', amount: 500_000, currency: 'NGN', id: 1 },
    });
    const headers = (signature: string) => ({ 'x-paystack-signature': signature });
    const forged = await send('POST', '/api/webhooks/paystack', {
      body,
      type: 'application/json',
      headers: headers('0'.repeat(128)),
    });
    expectRefusal(forged, 401, 'unauthorized');
    const unknown = await send('POST', '/api/webhooks/paystack', {
      body,
      type: 'application/json',
      headers: headers(signPaystackBody(body, SECRET)),
    });
    expectRefusal(unknown, 404, 'not_found');
  });
});

describe('page actions answer what went wrong after reading the form', () => {
  it('401 and 403 on a staff page, 429 on the cart, 500 for a fault: pages, never "not finished"', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 9 }] });
    const signedOut = await sendForm('/admin/products/new', { name: 'A wig' });
    expect(signedOut.status).toBe(401);
    const customer = await sendForm('/admin/products/new', { name: 'A wig' }, cookies.customer);
    expect(customer.status).toBe(403);
    // The cart page's own limit (a fresh browser: its first add makes its cart).
    const first = await sendForm('/cart', {
      intent: 'add',
      variantId: String(product.variants[0]!.id),
      quantity: '1',
    });
    const cart = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const add = () =>
      sendForm('/cart', { intent: 'add', variantId: String(product.variants[0]!.id), quantity: '1' }, cart);
    await add();
    await add();
    const limited = await add();
    expect(limited.status).toBe(429);
    expect(limited.text).toContain('Too many changes to the cart');
    // A fault behind the newsletter page's form: the error page, and an error line for the operator.
    await shop.database.db.execute(
      sql`ALTER TABLE newsletter_subscribers ADD CONSTRAINT drill_refuse_two CHECK (email <> 'fault.page@example.ng')`,
    );
    const errorsBefore = logs.lines.filter((l) => (l.level as number) >= ERROR).length;
    const before = hangUps();
    const fault = await sendForm('/newsletter', { email: 'fault.page@example.ng' });
    expect(fault.status).toBe(500);
    expect(fault.text).not.toContain('The request was not finished.');
    expect(logs.lines.filter((l) => (l.level as number) >= ERROR).length).toBeGreaterThan(errorsBefore);
    expect(hangUps()).toBe(before);
  });
});

/** Sends `head` and part of a body on a real socket, then destroys the socket: a real hang-up. */
async function hangUpMidBody(head: string, partialBody: string | Buffer): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(Buffer.concat([Buffer.from(head), Buffer.from(partialBody)]), () => {
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    socket.on('error', reject);
  });
}

/** Waits (a little) for the shop to log one more hang-up than `before`. */
async function expectHangUpLogged(before: number) {
  for (let i = 0; i < 40 && hangUps() <= before; i++) await new Promise((r) => setTimeout(r, 50));
  expect(hangUps()).toBe(before + 1);
}

describe('a client that really hangs up half-way', () => {
  it('is logged once at info as "client closed the request", on the API, a page, the upload and the webhook', async () => {
    const errorsBefore = logs.lines.filter((l) => (l.level as number) >= ERROR).length;
    const json = '{"email":"half.way@example.ng"}';
    const cases: [string, string][] = [
      [
        `POST /api/v1/newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${json.length + 50}\r\n\r\n`,
        json,
      ],
      [
        `POST /newsletter HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${TEST_PUBLIC_URL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\n`,
        'email=half.way%40example.ng',
      ],
      [
        `POST /api/v1/admin/media HTTP/1.1\r\nHost: shop.test\r\nCookie: ${cookies.admin}\r\nContent-Type: image/jpeg\r\nContent-Length: 100000\r\n\r\n`,
        'x'.repeat(2000),
      ],
      [
        `POST /api/webhooks/paystack HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`,
        '{"event":"charge.success"',
      ],
    ];
    for (const [head, body] of cases) {
      const before = hangUps();
      await hangUpMidBody(head, body);
      await expectHangUpLogged(before);
    }
    expect(logs.lines.filter((l) => (l.level as number) >= ERROR).length).toBe(errorsBefore);
  });
});

/** One raw request line on a real socket (no client library tidies the address); the answer's head. */
function rawGet(target: string, host = 'shop.test'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer.split('\r\n\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe('odd addresses on a real socket (issue 29, defect 5)', () => {
  it('sends //, //a:b and a backslash address to the same address with one slash, never off the site', async () => {
    for (const [target, location] of [
      ['//', '/'],
      ['//a:b', '/a:b'],
      ['/\\', '/'],
      ['/\\evil.example/x', '/evil.example/x'],
      ['//\\//evil.example?q=1', '/evil.example?q=1'],
    ] as const) {
      const head = await rawGet(target);
      expect(head, target).toMatch(/^HTTP\/1\.1 301/);
      expect(head, target).toContain(`\r\nlocation: ${location}\r\n`);
    }
  });

  it('renders a page whatever Host the request names', async () => {
    for (const host of ['a b', '[::1', 'shop.test:99999', 'x'.repeat(300), 'user@evil.example']) {
      expect(await rawGet('/collections?raw-host=1', host), host).toMatch(/^HTTP\/1\.1 [234]\d\d/);
    }
  });
});
