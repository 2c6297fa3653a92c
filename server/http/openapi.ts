// /api/v1/openapi.json: the public API described from the same zod schemas that validate it.
import { z } from 'zod';
import { ProductDetailSchema, ProductListPage, ProductListQuery } from '#core/contract/catalog.ts';
import { NewsletterSubscribeInput } from '#core/contract/newsletter.ts';

const ErrorBody = z.object({
  error: z.string().describe('Machine-readable code, e.g. validation_failed, not_found'),
  message: z.string().describe('What went wrong, in words a person can act on'),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string(),
});

const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: schema(ErrorBody) } },
});

export function buildOpenApiDocument(publicUrl: string) {
  const listParameters = Object.entries(ProductListQuery.shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: false,
    schema: schema(field as z.ZodType, 'input'),
  }));
  return {
    openapi: '3.0.3',
    info: {
      title: 'Crown Hair shop API',
      version: '1',
      description:
        'Public catalogue API. Money is in kobo (1 naira = 100 kobo); prices are charged in naira.',
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
    paths: {
      '/products': {
        get: {
          summary: 'List products (the /collections listing)',
          parameters: listParameters,
          responses: {
            '200': {
              description: 'A page of products',
              content: { 'application/json': { schema: schema(ProductListPage) } },
            },
            '400': errorResponse('A parameter is not valid; `fieldErrors` says which'),
          },
        },
      },
      '/products/{idOrSlug}': {
        get: {
          summary: 'One product, by id or by its page slug',
          parameters: [{ name: 'idOrSlug', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'The product',
              content: { 'application/json': { schema: schema(ProductDetailSchema) } },
            },
            '404': errorResponse('No such product'),
          },
        },
      },
      '/newsletter': {
        post: {
          summary: 'Subscribe an email address to the newsletter',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(NewsletterSubscribeInput, 'input') } },
          },
          responses: {
            '201': { description: 'Subscribed (also when already subscribed)' },
            '400': errorResponse('The address is missing or not valid'),
          },
        },
      },
    },
  };
}
