// JSON API for the cart of this browser (guest cookie) or account (session cookie).
import type { FastifyPluginAsync } from 'fastify';
import type { CartService } from './cart.service.ts';

export function cartRoutes(cart: CartService): FastifyPluginAsync {
  return async (app) => {
    app.get('/cart', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return cart.view(await request.cart.owner());
    });
  };
}
