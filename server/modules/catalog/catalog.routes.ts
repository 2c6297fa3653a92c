import type { FastifyPluginAsync } from 'fastify';
import { parseProductId } from '#core/catalog.ts';
import { sendSharedJson } from '#server/http/precompressed.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsync {
  return async (app) => {
    // Same parameters as /collections; validated by the service (core/contract ProductListQuery).
    app.get('/products', async (request, reply) => {
      const page = await catalog.listProducts(request.query);
      return sendSharedJson(request, reply, page, 'public, max-age=30');
    });

    // One product by id, or by its page slug ("brazilian-body-wave-bundle-12").
    app.get<{ Params: { idOrSlug: string } }>('/products/:idOrSlug', async (request, reply) => {
      const id = parseProductId(request.params.idOrSlug);
      const product = id === null ? null : await catalog.getProduct(id);
      if (!product) throw new NotFoundError('Product not found.');
      return sendSharedJson(request, reply, product, 'public, max-age=30');
    });
  };
}
