// JSON API for the signed-in shopper (cookie session). Sign-in itself goes through the /auth
// page's form, which works without JavaScript.
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '#server/http/guards.ts';
import type { Services } from '#server/services.ts';

export function accountRoutes(services: Pick<Services, 'profiles'>): FastifyPluginAsync {
  return async (app) => {
    app.get('/account', async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return services.profiles.getProfile(user.id);
    });

    app.get('/account/wishlist', async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return { productIds: await services.profiles.listWishlist(user.id) };
    });
  };
}
