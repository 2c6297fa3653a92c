// The server-rendered shell and home page, through HTTP, on a fresh database.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { createTestShop, LogCapture, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
const logs = new LogCapture();
const DAY = 86_400_000;

/** The product names inside one home-page section (the section its heading `${id}-title` names). */
function namesInSection(html: string, id: string): string[] {
  const start = html.indexOf(`aria-labelledby="${id}-title"`);
  if (start < 0) return [];
  const end = html.indexOf('</section>', start);
  const section = html.slice(start, end);
  return [...section.matchAll(/data-discover="true">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]!);
}

beforeAll(async () => {
  shop = await createTestShop({ pages: true, logs });
  const db = shop.database.db;
  const now = Date.now();
  // Five flash-sale products: the section shows at most four.
  for (let i = 1; i <= 5; i++) {
    await createProduct(db, {
      name: `Flash Wig ${i}`,
      category: 'wigs',
      isFlashSale: true,
      salesCount: 10 * i,
      createdAt: new Date(now - (40 + i) * DAY),
      variants: [{ priceKobo: 9_000_000, compareAtPriceKobo: 12_000_000 }],
    });
  }
  // Best sellers are those with sales above 80 (exactly 80 does not count).
  await createProduct(db, { name: 'Seller 80', salesCount: 80, createdAt: new Date(now - 60 * DAY) });
  await createProduct(db, { name: 'Seller 81', salesCount: 81, createdAt: new Date(now - 61 * DAY) });
  await createProduct(db, { name: 'Seller 150', salesCount: 150, createdAt: new Date(now - 62 * DAY) });
  await createProduct(db, {
    name: 'Hidden Seller',
    salesCount: 500,
    isActive: false,
    createdAt: new Date(now - DAY),
  });
  // The four newest.
  for (let i = 1; i <= 5; i++) {
    await createProduct(db, {
      name: `Fresh Bundle ${i}`,
      createdAt: new Date(now - i * DAY),
      variants: [
        { priceKobo: 2_500_000 + i * 100, stock: i === 1 ? 3 : 20 },
        { priceKobo: 4_000_000, stock: i === 1 ? 0 : 10 },
      ],
    });
  }
});

afterAll(async () => {
  await shop.close();
});

describe('home page', () => {
  it('is rendered on the server with every section from the database', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('It&#x27;s a good hair day everyday.');
    expect(namesInSection(html, 'flash-sale')).toEqual([
      'Flash Wig 5',
      'Flash Wig 4',
      'Flash Wig 3',
      'Flash Wig 2',
    ]);
    expect(namesInSection(html, 'best-sellers')).toEqual(['Seller 150', 'Seller 81']);
    expect(namesInSection(html, 'new-arrivals')).toEqual([
      'Fresh Bundle 1',
      'Fresh Bundle 2',
      'Fresh Bundle 3',
      'Fresh Bundle 4',
    ]);
    expect(html).not.toContain('Hidden Seller');
    expect(html).toMatch(/<section aria-labelledby="categories-title"[\s\S]*?>Shop by Category<\/h2>/);
    expect(html).toMatch(/<section aria-labelledby="promo-title"[\s\S]*?>Why shop with us<\/h2>/);
  });

  it('shows prices in naira with separators, the lowest variant first, and stock badges', async () => {
    const html = (await shop.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('₦25,001');
    expect(html).toContain('₦90,000');
    expect(html).toMatch(/<s[^>]*><span class="sr-only">was <\/span>₦120,000<\/s>/);
    expect(html).toContain('3 left');
    expect(html).toContain('Sale −25%');
  });

  it('carries a canonical URL, Open Graph and a Twitter card', async () => {
    const html = (await shop.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<link rel="canonical" href="http://shop.test/"/>');
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card"');
  });

  it('puts the current year in the footer', async () => {
    const html = (await shop.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toMatch(/<footer[\s\S]*?© (\d{4}) Crown Hair Lagos\. All rights reserved\./);
    expect(html.match(/© (\d{4}) Crown Hair Lagos/)?.[1]).toBe(String(new Date().getFullYear()));
  });

  it('is compressed for browsers that accept it', async () => {
    const br = await shop.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await shop.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.rawPayload.byteLength)).toBeLessThan(
      Buffer.byteLength((await shop.app.inject('/')).body) / 3,
    );
  });
});

describe('currency', () => {
  it('remembers the chosen currency in a cookie and renders prices in it on the server', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/currency',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'currency=USD&redirectTo=%2F',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const html = (await shop.app.inject({ method: 'GET', url: '/', headers: { cookie } })).body;
    expect(html).toContain('$117'); // ₦90,000 × 0.0013
    expect(html).not.toContain('₦90,000');
  });

  it('refuses an unknown currency and keeps naira', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/currency',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'currency=BTC',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('does not follow a redirect to another site', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/currency',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'currency=GBP&redirectTo=%2F%2Fevil.example',
    });
    expect(res.headers.location).toBe('/');
  });
});

describe('not found', () => {
  it('answers an unknown page with the 404 page and status, and logs the path', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/no-such-page/here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Oops! Page not found');
    expect(res.body).toMatch(/href="\/"[^>]*>Return to Home/);
    expect(logs.lines.some((l) => l.msg === 'page not found' && l.path === '/no-such-page/here')).toBe(true);
  });

  it('answers unknown API paths with JSON, not a page', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('request logging', () => {
  it('gives every response a request id and logs pages with it', async () => {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-request-id': 'test-request-0001' },
    });
    expect(res.headers['x-request-id']).toBe('test-request-0001');
    const line = logs.lines.find((l) => l.reqId === 'test-request-0001' && l.msg === 'request');
    expect(line).toMatchObject({ method: 'GET', url: '/', status: 200 });
    const other = await shop.app.inject({ method: 'GET', url: '/', headers: { 'x-request-id': 'bad id!' } });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('newsletter', () => {
  it('takes a sign-up from the footer form without JavaScript and stores the address once, lower-cased', async () => {
    for (const email of ['Ada@Example.com', 'ada@example.com']) {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/newsletter',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(email)}&redirectTo=%2Fcollections`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/collections#newsletter-subscribed');
    }
    const rows = await shop.database.db.execute('SELECT email FROM newsletter_subscribers' as never);
    expect((rows as unknown as { rows: { email: string }[] }).rows).toEqual([{ email: 'ada@example.com' }]);
  });

  it('explains a bad address and keeps what was typed', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=not-an-email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please enter a valid email address.');
    expect(res.body).toContain('value="not-an-email"');
  });

  it('refuses an oversized form with 413 and nothing stored', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${'a'.repeat(2 * 1024 * 1024)}@example.com`,
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses an oversized form sent in chunks, with no length given up front', async () => {
    const chunks = (function* () {
      yield 'email=';
      for (let i = 0; i < 40; i++) yield 'a'.repeat(64 * 1024);
      yield '@example.com';
    })();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: Readable.from(chunks),
    });
    expect(res.statusCode).toBe(413);
  });

  it('is also a JSON endpoint with clear errors', async () => {
    const ok = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      payload: { email: 'bola@example.ng' },
    });
    expect(ok.statusCode).toBe(202); // double opt-in: a confirmation email is on its way
    const bad = await shop.app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'validation_failed',
      fieldErrors: { email: ['Please enter your email address.'] },
    });
    const malformed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
