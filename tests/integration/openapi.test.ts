import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('OpenAPI document', () => {
  it('describes the product list and product endpoints from the zod contract', async () => {
    const res = await shop.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, { get?: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    expect(doc.openapi).toBe('3.0.3');
    const params = doc.paths['/products']!.get!.parameters;
    expect(params.map((p) => p.name)).toEqual([
      'category',
      'search',
      'sort',
      'minPrice',
      'maxPrice',
      'page',
      'ids',
      'pageSize',
    ]);
    expect(params.find((p) => p.name === 'category')!.schema.enum).toContain('lace-frontals');
    expect(doc.paths['/products/{idOrSlug}']).toBeDefined();
  });

  it('describes the account and staff routes with their cookie session and refusals', async () => {
    const doc = (await shop.app.inject('/api/v1/openapi.json')).json() as {
      components: { securitySchemes: Record<string, { in: string; name: string }> };
      paths: Record<string, { get: { security?: unknown[]; responses: Record<string, unknown> } }>;
    };
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'ch_session' });
    for (const path of ['/account', '/account/wishlist', '/admin/mailbox', '/admin/mailbox/{id}']) {
      expect(doc.paths[path]!.get.security, path).toEqual([{ session: [] }]);
      expect(Object.keys(doc.paths[path]!.get.responses), path).toContain('401');
    }
    expect(Object.keys(doc.paths['/admin/mailbox']!.get.responses)).toContain('403');
  });
});
