import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseProductId } from '#core/catalog.ts';
import { ProductDetailSchema, ProductListPage, ProductListQuery } from '#core/contract/catalog.ts';
import { errorResponse } from '#core/contract/errors.ts';
import { sendSharedJson } from '#server/http/precompressed.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsync {
  return async (app) => {
    // Same parameters as /collections (core/contract ProductListQuery); the service parses them.
    app.get(
      '/products',
      {
        schema: {
          summary: 'List products (the /collections listing)',
          querystring: ProductListQuery,
          response: {
            200: ProductListPage.describe('A page of products'),
            400: errorResponse('A parameter is not valid; `fieldErrors` says which'),
          },
        },
      },
      async (request, reply) => {
        const page = await catalog.listProducts(request.query);
        return sendSharedJson(request, reply, page, 'public, max-age=30');
      },
    );

    // One product by id, or by its page slug ("brazilian-body-wave-bundle-12").
    app.get<{ Params: { idOrSlug: string } }>(
      '/products/:idOrSlug',
      {
        schema: {
          summary: 'One product, by id or by its page slug',
          params: z.object({ idOrSlug: z.string().describe('A product id, or its page slug') }),
          response: {
            200: ProductDetailSchema.describe('The product'),
            404: errorResponse('No such product'),
          },
        },
      },
      async (request, reply) => {
        const id = parseProductId(request.params.idOrSlug);
        const product = id === null ? null : await catalog.getProduct(id);
        if (!product) throw new NotFoundError('Product not found.');
        return sendSharedJson(request, reply, product, 'public, max-age=30');
      },
    );
  };
}
