// JSON API for the signed-in shopper (cookie session). Sign-in itself goes through the /auth
// page's form, which works without JavaScript.
import type { FastifyPluginAsync } from 'fastify';
import { ProfileSchema, WishlistSchema } from '#core/contract/account.ts';
import { requireUser } from '#server/http/guards.ts';
import { refused, signedIn } from '#server/http/openapi.ts';
import type { Services } from '#server/services.ts';

export function accountRoutes(services: Pick<Services, 'profiles'>): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/account',
      {
        schema: {
          summary: "The signed-in shopper's profile and notification settings",
          security: signedIn,
          response: { 200: ProfileSchema.describe('The profile'), 401: refused[401] },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return services.profiles.getProfile(user.id);
      },
    );

    app.get(
      '/account/wishlist',
      {
        schema: {
          summary: "The signed-in shopper's saved products (ids, oldest first)",
          security: signedIn,
          response: { 200: WishlistSchema.describe('Saved product ids'), 401: refused[401] },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        reply.header('cache-control', 'private, no-store');
        return { productIds: await services.profiles.listWishlist(user.id) };
      },
    );
  };
}
