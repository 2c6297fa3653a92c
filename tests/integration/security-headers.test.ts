// Browser security headers (ADR 018) on every kind of response the shop sends, through HTTP: a
// Content-Security-Policy whose nonce is fresh per response and carried by every inline script,
// and its companions; Strict-Transport-Security only over https.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
let https: TestShop;
let productPath: string;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  https = await createTestShop({ pages: true, publicUrl: 'https://shop.example' });
  const product = await createProduct(shop.database.db, { name: 'Header Test Wig', category: 'wigs' });
  productPath = `/collections/${product.slug}-${product.id}`;
});
afterAll(async () => {
  await shop?.close();
  await https?.close();
});

/** The CSP's directives by name. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  const map = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function nonceOf(res: LightMyRequestResponse): string {
  const scripts = csp(res).get('script-src') ?? [];
  const source = scripts.find((s) => s.startsWith("'nonce-"));
  expect(source, 'script-src has a nonce').toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

function expectBrowserHeaders(res: LightMyRequestResponse, what: string) {
  const policy = csp(res);
  expect(policy.size, `${what}: Content-Security-Policy`).toBeGreaterThan(0);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  // Files from the shop itself plus a fresh nonce, or — on a page kept for every anonymous visitor
  // (ADR 038) — its inline blocks' hashes; a kept page without inline scripts allows only 'self'.
  expect(scripts[0], what).toBe("'self'");
  expect(
    scripts.slice(1).every((s) => s.startsWith("'nonce-") || s.startsWith("'sha256-")),
    what,
  ).toBe(true);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('form-action'), what).toContain("'self'");
  expect(policy.get('form-action'), what).toContain('https://checkout.paystack.com');
  expect(policy.get('img-src'), what).toEqual(["'self'", 'data:']);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const permissions = String(res.headers['permissions-policy'] ?? '');
  for (const feature of [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'payment=(self "https://checkout.paystack.com")',
  ]) {
    expect(permissions, what).toContain(feature);
  }
  expect(res.headers['x-frame-options'], what).toBe('DENY');
}

/** One request of every kind the shop answers; each must carry the headers. */
async function everyKindOfResponse(target: TestShop): Promise<[string, LightMyRequestResponse][]> {
  const { app } = target;
  const asset = readdirSync(path.resolve(import.meta.dirname, '../../build/client/assets')).find((f) =>
    f.endsWith('.js'),
  );
  const user = await createUser(target.database.db);
  const guesser = new TestClient(app, { remoteAddress: '10.9.8.7' });
  let limited: LightMyRequestResponse | undefined;
  for (let i = 0; i < 12 && limited?.statusCode !== 429; i++) {
    limited = await guesser.post('/auth', { intent: 'signin', email: user.email, password: `wrong-${i}` });
  }
  const kinds: [string, Promise<LightMyRequestResponse> | LightMyRequestResponse][] = [
    ['page', app.inject('/')],
    ['product page', app.inject(productPath)],
    ['JSON', app.inject('/api/v1/health')],
    ['JSON list', app.inject('/api/v1/products')],
    ['redirect', app.inject('/checkout')],
    ['page 404', app.inject('/no-such-page')],
    ['API 404', app.inject('/api/v1/no-such-thing')],
    ['static file', app.inject('/favicon.svg')],
    ['built asset', app.inject(`/assets/${asset}`)],
    ['media', app.inject('/media/0123456789abcdef01234567/320.jpg')],
    ['media 404', app.inject('/media/nothing/huge.gif')],
    ['HEAD', app.inject({ method: 'HEAD', url: '/' })],
    [
      'malformed JSON (400)',
      app.inject({
        method: 'POST',
        url: '/api/v1/newsletter',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
    ],
    ['401', app.inject('/api/v1/account')],
    ['admin page 401', app.inject('/admin/dashboard')],
    [
      'cross-site refusal (403)',
      app.inject({
        method: 'POST',
        url: '/cart',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'intent=add',
      }),
    ],
    [
      'form too large (413)',
      app.inject({
        method: 'POST',
        url: '/newsletter',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${'a'.repeat(1024 * 1024 + 10)}`,
      }),
    ],
    ['rate limited (429)', limited!],
    ['robots.txt', app.inject('/robots.txt')],
    ['sitemap', app.inject('/sitemap.xml')],
    ['OpenAPI', app.inject('/api/v1/openapi.json')],
  ];
  return Promise.all(kinds.map(async ([name, res]) => [name, await res] as [string, LightMyRequestResponse]));
}

describe('browser security headers', () => {
  it('are on every kind of response: pages, JSON, redirects, 404s, static files, media, errors, 403, 413, 429', async () => {
    const responses = await everyKindOfResponse(shop);
    const statuses = Object.fromEntries(responses.map(([name, res]) => [name, res.statusCode]));
    // The kinds really are what their names say.
    expect(statuses).toMatchObject({
      page: 200,
      'product page': 200,
      JSON: 200,
      redirect: 302,
      'page 404': 404,
      'API 404': 404,
      'static file': 200,
      'built asset': 200,
      'malformed JSON (400)': 400,
      '401': 401,
      'admin page 401': 401,
      'cross-site refusal (403)': 403,
      'form too large (413)': 413,
      'rate limited (429)': 429,
    });
    expect(statuses.media).toBeGreaterThanOrEqual(400);
    for (const [name, res] of responses) {
      expectBrowserHeaders(res, `${name} (${res.statusCode})`);
      // Plain http: no Strict-Transport-Security (a browser ignores it there, and the shop never claims https).
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
    }
  });

  it('the nonce is fresh for every response and every inline script of the page carries it', async () => {
    const nonces = new Set<string>();
    // Pages rendered in full for this visitor: a one-time toast's cookie is the one personal cookie
    // a kept page never answers (a cart or a session gets a kept page's personal slots, ADR 043).
    // (The page clears that cookie, so the visitor brings it again each time.)
    const visitor = new TestClient(shop.app);
    for (const url of ['/', '/', productPath, productPath, '/auth', '/cart', '/no-such-page']) {
      visitor.cookies.set('ch_flash', 'not-a-toast');
      const res = await visitor.get(url);
      expect(res.headers['x-page-cache'], url).toBeUndefined();
      const nonce = nonceOf(res);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
      expect(nonces.has(nonce), `nonce reused on ${url}`).toBe(false);
      nonces.add(nonce);
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const tag of scripts) {
        expect(tag, `${url}: ${tag}`).toContain(` nonce="${nonce}"`);
      }
      // No inline event handlers (script-src-attr 'none' would block them anyway).
      expect(res.body).not.toMatch(/<[^>]+\son[a-z]+=/i);
    }
    // The product page's JSON-LD data block carries it as well.
    visitor.cookies.set('ch_flash', 'not-a-toast');
    const product = await visitor.get(productPath);
    expect(product.body).toMatch(
      new RegExp(`<script type="application/ld\\+json" nonce="${nonceOf(product).replace(/[+/]/g, '\\$&')}"`),
    );
  });

  it('a page kept for every anonymous visitor carries no nonce: each inline script is allowed by its hash', async () => {
    for (const url of ['/', productPath]) {
      await shop.app.inject(url);
      const res = await shop.app.inject(url);
      expect(res.headers['x-page-cache'], url).toBe('hit');
      const scripts = csp(res).get('script-src') ?? [];
      expect(
        scripts.some((s) => s.startsWith("'nonce-")),
        url,
      ).toBe(false);
      expect(res.body, url).not.toContain(' nonce="');
      const inline = [...res.body.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      // The home page's only script is the islands file (ADR 039); a product page has its JSON-LD.
      if (url === '/') expect(inline.length, url).toBe(0);
      else expect(inline.length, url).toBeGreaterThan(0);
      for (const [, content] of inline) {
        const hash = createHash('sha256')
          .update(content ?? '')
          .digest('base64');
        expect(scripts, url).toContain(`'sha256-${hash}'`);
      }
    }
  });

  it('never let the shop be framed, nor forms be sent anywhere but the shop and the payment provider', async () => {
    const res = await shop.app.inject('/checkout');
    const policy = csp(res);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://checkout.paystack.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('over https: Strict-Transport-Security on every kind of response, and insecure requests upgraded', async () => {
    for (const [name, res] of await everyKindOfResponse(https)) {
      expectBrowserHeaders(res, name);
      expect(res.headers['strict-transport-security'], name).toBe('max-age=31536000');
      expect(csp(res).has('upgrade-insecure-requests'), name).toBe(true);
    }
  });
});
