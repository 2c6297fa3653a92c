import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseProductId } from '#core/catalog.ts';
import { ProductDetailSchema, ProductListPage, ProductListQuery } from '#core/contract/catalog.ts';
import { errorResponse } from '#core/contract/errors.ts';
import { sendSharedJson } from '#server/http/precompressed.ts';
import type { CatalogService } from '#server/modules/catalog/catalog.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';

const LIST_CACHE_CONTROL = 'public, max-age=30';

/** What follows `?` in a request's URL ('' when nothing does). */
function rawQueryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsync {
  return async (app) => {
    // Same parameters as /collections (core/contract ProductListQuery); the service parses them.
    // A listing the catalogue holds is answered as soon as the shop's own hooks have run (headers,
    // cross-site guard), from its raw query string: only a string that once passed validation
    // names a kept listing, so neither the schema nor the service parses it again. Its bytes are
    // made and compressed once (ADR 044); @fastify/compress has nothing left to do on these routes.
    app.get(
      '/products',
      {
        compress: false,
        decompress: false,
        onRequest: (request, reply, done) => {
          const kept = catalog.peekProducts(rawQueryOf(request.url));
          if (kept) sendSharedJson(request, reply, kept, LIST_CACHE_CONTROL);
          else done();
        },
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
        const page = await catalog.listProducts(request.query, rawQueryOf(request.url));
        return sendSharedJson(request, reply, page, LIST_CACHE_CONTROL);
      },
    );

    // One product by id, or by its page slug ("brazilian-body-wave-bundle-12").
    app.get<{ Params: { idOrSlug: string } }>(
      '/products/:idOrSlug',
      {
        compress: false,
        decompress: false,
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
        return sendSharedJson(request, reply, product, LIST_CACHE_CONTROL);
      },
    );
  };
}
