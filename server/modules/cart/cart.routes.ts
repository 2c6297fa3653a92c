// JSON API for the cart of this browser (guest cookie) or account (session cookie).
import type { FastifyPluginAsync } from 'fastify';
import { CartViewSchema } from '#core/contract/cart.ts';
import type { CartService } from './cart.service.ts';

export function cartRoutes(cart: CartService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/cart',
      {
        schema: {
          summary:
            "This browser's cart (guest cookie ch_cart; __Host-ch_cart over https) or the signed-in shopper's, priced from today's catalogue",
          response: { 200: CartViewSchema.describe('The cart (empty when there is none)') },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return cart.view(await request.cart.owner());
      },
    );
  };
}
