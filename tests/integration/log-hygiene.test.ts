// Logs an operator can keep (issue 16, ADR 050): every line the shop writes while a shopper signs
// up, orders, fails a checkout, meets a database fault and sends malformed requests is captured;
// none holds the shopper's name, phone, address or email, or a database error's bound parameters,
// and only a real server fault is logged at `error` (a client's mistake is `warn` or below).
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, LogCapture, TEST_PUBLIC_URL, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const logs = new LogCapture();

beforeAll(async () => {
  shop = await createTestShop({ pages: true, logs });
});
afterAll(async () => {
  await shop.close();
});

const ERROR = 50;
const WARN = 40;

/** What a shopper gives the shop that must never reach a log line. */
const PERSONAL = {
  'sign-up name': 'Chiamaka Loglinewatcher',
  'sign-up email': 'chiamaka.loglinewatcher@example.ng',
  'order email': 'obiageli.orderlog@example.ng',
  'delivery name': 'Obiageli Orderlogger',
  'delivery phone': '0809 555 7311',
  'delivery phone (digits)': '08095557311',
  'delivery phone (international)': '2348095557311',
  street: '27 Adeola Odeku Loglane',
  landmark: 'Beside the turquoise kiosk',
  city: 'Victoria Islandlog',
  'refused email': 'not-an-email.obiageli-refused',
  'refused name': 'Refusednamelog Nwosu',
  'refused street': '99 Refusedstreet Close',
  'newsletter email': 'newsletter.malformed@example.ng',
  'not-found email': 'lost.visitor@example.ng',
  'cross-site name': 'Crosssite Intruderlog',
  'fault name': 'Faultyname Okonkwo',
  'fault email': 'fault.buyer@example.ng',
  'fault street': '5 Faultline Crescent',
} as const;

/** Every captured line, as text, that holds `value` in any of the ways it could be written. */
function linesWith(value: string): string[] {
  const forms = new Set([value, value.toLowerCase(), encodeURIComponent(value), value.replace(/ /g, '+')]);
  return logs.lines
    .map((line) => JSON.stringify(line))
    .filter((text) => [...forms].some((form) => text.toLowerCase().includes(form.toLowerCase())));
}

/** Sends `head` and part of a body on a real socket, then hangs up: an aborted request. */
async function abortMidBody(port: number, head: string, partialBody: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head + partialBody, () => {
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 100);
      });
    });
    socket.on('error', reject);
  });
}

describe('log lines an operator can keep', () => {
  it('a day of shopping, refusals and a database fault leaves no personal value in any line, and error only for the fault', async () => {
    const db = shop.database.db;

    // Sign up (a confirmation email goes out).
    const shopper = new TestClient(shop.app);
    const signUp = await shopper.post('/auth', {
      intent: 'signup',
      name: PERSONAL['sign-up name'],
      email: PERSONAL['sign-up email'],
      password: 'kente cloth at dawn 42',
      confirmPassword: 'kente cloth at dawn 42',
      acceptTerms: 'on',
    });
    expect(signUp.statusCode).toBe(200);
    await shop.deliverMail();

    // An order with every personal detail (card, then pay on delivery).
    const product = await createProduct(db, { variants: [{ stock: 20 }] });
    const buyer = new TestClient(shop.app);
    await addToCart(buyer, product.variants[0]!.id, 1);
    const details = {
      email: PERSONAL['order email'],
      phone: PERSONAL['delivery phone'],
      shipName: PERSONAL['delivery name'],
      shipPhone: PERSONAL['delivery phone'],
      shipCity: PERSONAL.city,
      shipStreet: PERSONAL.street,
      shipLandmark: PERSONAL.landmark,
    };
    const { next } = await placeOrder(buyer, checkoutForm(details));
    expect((await buyer.get(next)).statusCode).toBe(200);
    await shop.deliverMail();

    // A refused checkout whose form echoes personal values back (400 with field errors).
    const refuser = new TestClient(shop.app);
    await addToCart(refuser, product.variants[0]!.id, 1);
    const refused = await refuser.post(
      '/checkout',
      checkoutForm({
        email: PERSONAL['refused email'],
        shipName: PERSONAL['refused name'],
        shipStreet: PERSONAL['refused street'],
        phone: '12',
      }),
    );
    expect(refused.statusCode).toBe(400);
    // The JSON API refusing a malformed newsletter body and an invalid one.
    const malformed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: `{"email": "${PERSONAL['newsletter email']}", `,
    });
    expect(malformed.statusCode).toBe(400);
    const invalid = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: { email: PERSONAL['newsletter email'].replace('@', ' at '), name: 42 },
    });
    expect(invalid.statusCode).toBe(400);
    // A cross-site form post (refused before it is read), pages and API paths that do not exist.
    const crossSite = await new TestClient(shop.app).post(
      '/checkout',
      { shipName: PERSONAL['cross-site name'] },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(
      (
        await shop.app.inject({
          url: `/no-such-page?email=${encodeURIComponent(PERSONAL['not-found email'])}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await shop.app.inject({
          url: `/api/v1/nothing-here?email=${encodeURIComponent(PERSONAL['not-found email'])}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await shop.app.inject({ url: '/api/v1/orders/CH-NOT-A-NUMBER' })).statusCode).toBe(404);
    // A body too large, and a request that hangs up half-way (on a real socket).
    const tooLarge = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: PERSONAL['newsletter email'], pad: 'x'.repeat(1_100_000) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.app.server.address() as net.AddressInfo;
    const body = `{"email":"${PERSONAL['newsletter email']}","name":"${PERSONAL['refused name']}"}`;
    await abortMidBody(
      port,
      `POST /api/v1/newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 50}\r\n\r\n`,
      body,
    );
    const formBody = new URLSearchParams(checkoutForm(details) as Record<string, string>).toString();
    await abortMidBody(
      port,
      `POST /checkout HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${TEST_PUBLIC_URL}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${formBody.length + 50}\r\n\r\n`,
      formBody,
    );

    // A database fault with personal values in the failing statement and in the error's detail: a
    // second order to the same phone breaks a unique index made for the drill.
    await db.execute(sql`CREATE UNIQUE INDEX drill_one_order_per_phone ON orders (ship_phone)`);
    try {
      const faulty = new TestClient(shop.app);
      await addToCart(faulty, product.variants[0]!.id, 1);
      const fault = await faulty.post(
        '/checkout',
        checkoutForm({
          ...details,
          email: PERSONAL['fault email'],
          shipName: PERSONAL['fault name'],
          shipStreet: PERSONAL['fault street'],
        }),
      );
      expect(fault.statusCode).toBe(500);
      const faultJson = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter',
        headers: { 'content-type': 'application/json' },
        payload: { email: PERSONAL['fault email'] },
      });
      expect(faultJson.statusCode).toBeLessThan(500);
    } finally {
      await db.execute(sql`DROP INDEX drill_one_order_per_phone`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The fault was logged, at error, with what an operator needs: the constraint and the code.
    const errors = logs.lines.filter((l) => Number(l.level) >= ERROR);
    const faultLine = errors.find((l) => JSON.stringify(l).includes('drill_one_order_per_phone'));
    expect(faultLine, JSON.stringify(errors, null, 1).slice(0, 3000)).toBeDefined();
    expect(JSON.stringify(faultLine)).toContain('23505');

    // Only server faults at error: every request line of a 4xx is at info, nothing else at error.
    const requestLines = logs.lines.filter((l) => l.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(15);
    for (const line of requestLines) {
      if (Number(line.status) < 500) expect(Number(line.level), JSON.stringify(line)).toBeLessThan(ERROR);
    }
    const unexpected = errors.filter(
      (l) => l !== faultLine && !String(l.err && JSON.stringify(l.err)).includes('drill_one_order_per_phone'),
    );
    expect(unexpected.map((l) => JSON.stringify(l).slice(0, 600))).toEqual([]);
    // Client mistakes are not louder than warn.
    expect(logs.lines.filter((l) => Number(l.level) > WARN && Number(l.level) < ERROR)).toEqual([]);

    // No personal value, and no bound parameters of a statement, in any line.
    for (const [what, value] of Object.entries(PERSONAL)) {
      expect(linesWith(value), what).toEqual([]);
    }
    const paramsDumps = logs.lines
      .map((l) => JSON.stringify(l))
      .filter((t) => /params: (?!\[redacted\])/.test(t));
    expect(paramsDumps).toEqual([]);
    for (const line of logs.lines) {
      const text = JSON.stringify(line);
      expect(text, 'a database error detail').not.toMatch(/Key \([^)]*\)=\((?!\[redacted\])/);
    }
  });
});
