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
});
