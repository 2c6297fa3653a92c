// Issue 29, defect 1 (ADR 061): a production shop answers a request for a host other than
// PUBLIC_URL's with a 301 to the same path and query on PUBLIC_URL's host, so cookies, the CSP's
// 'self' and every link agree on one origin. The health probes answer on any host (a load balancer
// or Docker's HEALTHCHECK asks the process by its address), and so do the payment webhooks (signed,
// sent to wherever the owner told the provider). A form or API call sent to the wrong host is not
// redirected (a browser would send it again to another origin, which the page's CSP or the
// cross-site guard refuses without a word): it is answered 421 with a message naming the address.
// A demo shop on a local address (and a test shop) answers on any host, so the owner can try it
// at 127.0.0.1 or on a phone at the machine's LAN address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

const PUBLIC_URL = 'https://crownhair.ng';

describe('a production shop (NODE_ENV=production, public PUBLIC_URL)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ pages: true, publicUrl: PUBLIC_URL, nodeEnv: 'production', trustProxy: 1 });
  });
  afterAll(async () => {
    await shop.close();
  });

  it.each([
    ['127.0.0.1:3000', '/collections?category=wigs&sort=price-asc'],
    ['192.168.1.20:3000', '/'],
    ['www.crownhair.ng', '/cart'],
    ['crownhair.ng.evil.example', '/auth?redirectTo=%2Fwishlist'],
    ['crownhair.ng:8443', '/track-order?id=CH000000000001'],
  ])('GET for %s%s → 301 to the same path and query on crownhair.ng', async (host, path) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await shop.app.inject({ method, url: path, headers: { host } });
      expect(res.statusCode, `${method} ${host}${path}`).toBe(301);
      expect(res.headers.location).toBe(`${PUBLIC_URL}${path}`);
    }
  });

  it('the right host is served as it is (case and the default port do not matter)', async () => {
    for (const host of ['crownhair.ng', 'CrownHair.NG', 'crownhair.ng:443']) {
      const res = await shop.app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    const api = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { host: 'crownhair.ng' },
    });
    expect(api.statusCode).toBe(200);
  });

  it('behind a trusted proxy, the host the shopper asked for is the forwarded one', async () => {
    const proxied = await shop.app.inject({
      method: 'GET',
      url: '/cart',
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'crownhair.ng', 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.2',
    });
    expect(proxied.statusCode).toBe(200);
    const wrong = await shop.app.inject({
      method: 'GET',
      url: '/cart?x=1',
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.2',
    });
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toBe(`${PUBLIC_URL}/cart?x=1`);
  });

  it('the health probes answer on any host', async () => {
    for (const url of ['/healthz', '/readyz', '/api/v1/health']) {
      const res = await shop.app.inject({ method: 'GET', url, headers: { host: '127.0.0.1:3000' } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('a form or API call to another host is refused with a message naming the address, never redirected', async () => {
    const page = await shop.app.inject({
      method: 'POST',
      url: '/checkout',
      payload: 'email=a%40example.ng',
      headers: {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(page.statusCode).toBe(421);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('https://crownhair.ng');

    const api = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      payload: { email: 'fan@example.ng' },
      headers: { host: '127.0.0.1:3000' },
    });
    expect(api.statusCode).toBe(421);
    expect(api.json()).toMatchObject({ error: 'wrong_host' });
    expect(api.json().message).toContain('https://crownhair.ng');
  });

  it('a payment webhook is heard on any host (its signature is what counts)', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      payload: { event: 'charge.success', data: { reference: 'nothing' } },
      headers: { host: '127.0.0.1:3000', 'x-sandbox-signature': 'forged' },
    });
    expect(res.statusCode).not.toBe(421);
    expect(res.statusCode).not.toBe(301);
    expect(res.statusCode).toBeGreaterThanOrEqual(400); // the forged signature is refused
  });
});

describe('shops that answer on any host', () => {
  it('a demo shop on a local address (NODE_ENV=production, PUBLIC_URL http://localhost:3000): 127.0.0.1 and a LAN address work', async () => {
    const shop = await createTestShop({
      pages: true,
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'production',
    });
    try {
      for (const host of ['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000']) {
        const res = await shop.app.inject({ method: 'GET', url: '/cart', headers: { host } });
        expect(res.statusCode, host).toBe(200);
      }
    } finally {
      await shop.close();
    }
  });

  it('outside production (NODE_ENV=test) a public PUBLIC_URL is not enforced', async () => {
    const shop = await createTestShop({ publicUrl: PUBLIC_URL });
    try {
      const res = await shop.app.inject({
        method: 'GET',
        url: '/api/v1/products',
        headers: { host: 'localhost' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
