import type { FastifyPluginAsync } from 'fastify';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(catalog: CatalogService): FastifyPluginAsync {
  return async (app) => {
    // Same parameters as /collections; validated by the service (core/contract ProductListQuery).
    app.get('/products', async (request, reply) => {
      const page = await catalog.listProducts(request.query);
      return reply.header('cache-control', 'public, max-age=30').send(page);
    });
  };
}
