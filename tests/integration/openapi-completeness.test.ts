// The OpenAPI document is generated from the routes (ADR 021): every /api/v1 route must be in it
// with the schemas of what it takes and what it answers, so the document cannot drift again.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CartViewSchema } from '#core/contract/cart.ts';
import { ProductDetailSchema, ProductListPage, ProductListQuery } from '#core/contract/catalog.ts';
import { errorHandler } from '#server/http/errors.ts';
import { type ApiRoute, registerOpenApi } from '#server/http/openapi.ts';
import { validationErrorFrom } from '#server/platform/validation.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

interface Operation {
  parameters?: { name: string; in: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Actions that take nothing but their path: a POST here without a body schema is on purpose. */
const BODYLESS_ACTIONS = new Set(['POST /api/v1/admin/staff/:id/two-factor/reset']);

/** What is missing from the document for these routes; empty when it describes them all. */
function undocumented(routes: readonly ApiRoute[], doc: Document): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const path = route.url.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, '{$1}');
    const operation = doc.paths[path]?.[route.method.toLowerCase()];
    seen.add(`${route.method.toLowerCase()} ${path}`);
    if (!operation) {
      problems.push(`${name}: not in the document (give the route a schema)`);
      continue;
    }
    const parameters = operation.parameters ?? [];
    for (const [, param] of route.url.matchAll(/:(\w+)/g)) {
      // @fastify/swagger lists a path parameter even without a schema: ask the route itself.
      if (!route.schema?.params || !parameters.some((p) => p.in === 'path' && p.name === param)) {
        problems.push(`${name}: path parameter ${param} has no schema`);
      }
    }
    if (route.schema?.querystring && !parameters.some((p) => p.in === 'query')) {
      problems.push(`${name}: its query parameters are not described`);
    }
    if (route.method !== 'GET' && !BODYLESS_ACTIONS.has(name)) {
      // JSON, or a file sent as the body (the photo upload: application/octet-stream).
      const content = operation.requestBody?.content ?? {};
      if (!content['application/json']?.schema && !content['application/octet-stream']?.schema) {
        problems.push(`${name}: no request body schema`);
      }
    }
    const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
    if (!success.some(([, response]) => response.content?.['application/json']?.schema)) {
      problems.push(`${name}: no 2xx response schema`);
    }
  }
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const method of Object.keys(operations)) {
      if (!seen.has(`${method} ${path}`))
        problems.push(`${method.toUpperCase()} ${path}: documented but no such route`);
    }
  }
  return problems;
}

let shop: TestShop;
let doc: Document;
beforeAll(async () => {
  shop = await createTestShop();
  doc = (await shop.app.inject('/api/v1/openapi.json')).json() as Document;
});
afterAll(async () => {
  await shop.close();
});

describe('the generated OpenAPI document', () => {
  it('describes every registered /api/v1 route with its request and 2xx response schemas', () => {
    expect(shop.app.apiRoutes.length).toBeGreaterThanOrEqual(16);
    expect(undocumented(shop.app.apiRoutes, doc)).toEqual([]);
    expect(doc.servers).toEqual([{ url: 'http://shop.test/api/v1' }]);
  });

  it('includes the staff order-status route the hand-written document missed', () => {
    const operation = doc.paths['/admin/orders/{trackingNumber}/status']?.post;
    expect(operation).toBeDefined();
    const body = operation!.requestBody!.content!['application/json']!.schema as {
      properties: Record<string, { enum?: string[] }>;
    };
    expect(body.properties.status!.enum).toContain('shipped');
    expect(Object.keys(operation!.responses!)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
  });

  it('leaves pages, media and the webhooks out', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.every((p) => !p.startsWith('/api/') && !p.startsWith('/media'))).toBe(true);
    expect(paths).not.toContain('/');
  });

  it('would catch a route added without a schema (the check itself)', async () => {
    const app: FastifyInstance = Fastify();
    app.setErrorHandler(errorHandler);
    await registerOpenApi(app, 'http://shop.test');
    app.get('/api/v1/bare', async () => ({ ok: true }));
    app.post<{ Params: { id: string } }>(
      '/api/v1/things/:id',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async () => ({ ok: true }),
    );
    app.get(
      '/api/v1/described',
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async () => ({
        ok: true,
      }),
    );
    await app.ready();
    const problems = undocumented(app.apiRoutes, app.swagger() as unknown as Document);
    await app.close();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/v1\/bare: no 2xx response schema/),
        expect.stringMatching(/^POST \/api\/v1\/things\/:id: path parameter id has no schema/),
        expect.stringMatching(/^POST \/api\/v1\/things\/:id: no request body schema/),
      ]),
    );
    expect(problems.some((p) => p.includes('/described'))).toBe(false);
  });
});

describe('the documented answers', () => {
  it('are what the public routes send (responses are documented, not reshaped)', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{}, { compareAtPriceKobo: 3_000_000 }],
    });
    const list = await shop.app.inject(`/api/v1/products?ids=${product.id}`);
    const page = ProductListPage.parse(list.json());
    expect(page.items.map((item) => item.id)).toEqual([product.id]);
    const one = await shop.app.inject(`/api/v1/products/${product.id}`);
    expect(() => ProductDetailSchema.parse(one.json())).not.toThrow();
    const cart = await shop.app.inject('/api/v1/cart');
    expect(() => CartViewSchema.parse(cart.json())).not.toThrow();
  });
});

describe('request validation by the route schemas', () => {
  it('answers with the same error body the services give (one mapper)', async () => {
    const query = { page: '0', sort: 'cheapest' };
    const res = await shop.app.inject({ url: '/api/v1/products', query });
    expect(res.statusCode).toBe(400);
    const parsed = ProductListQuery.safeParse(query);
    const expected = validationErrorFrom(parsed.error!);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: expected.message,
      fieldErrors: expected.fieldErrors,
      requestId: res.headers['x-request-id'],
    });
  });

  it('asks who is calling before it reads what was sent: signed out is 401 whatever the body', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders/CH00000000/status',
      payload: { status: 'not-a-status' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('keeps the unsubscribe link answer: a malformed token is a 404, not a validation error', async () => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/v1/newsletter/unsubscribe', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', message: 'This unsubscribe link is not valid.' });
  });
});

describe('the interactive docs', () => {
  it('serves Swagger UI at /api/docs, reading the generated document', async () => {
    const res = await shop.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui-bundle.js');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).toContain("style-src-elem 'self' 'unsafe-inline';");
    const json = await shop.app.inject('/api/docs/json');
    expect(json.json()).toEqual(doc);
  });
});
