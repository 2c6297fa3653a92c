// JSON API for the cart of this browser (guest cookie) or account (session cookie).
import type { FastifyPluginAsync } from 'fastify';
import { AddedCartLineSchema, AddToCartInput, CartViewSchema } from '#core/contract/cart.ts';
import { errorResponse } from '#core/contract/errors.ts';
import type { CartService } from '#server/modules/cart/cart.service.ts';
import type { AbuseLimits } from '#server/platform/rate-limit-rules.ts';

export function cartRoutes(cart: CartService, limits: AbuseLimits): FastifyPluginAsync {
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

    // The product page's Add to Cart when JavaScript runs (ADR 039): the same service call and
    // limit as the /cart page's "add" action, answered in JSON so the page stays where it is. The
    // body arrives parsed by its schema, and the service takes it as it is (parsed once).
    app.post<{ Body: AddToCartInput }>(
      '/cart/lines',
      {
        schema: {
          summary:
            "Add a variant to this browser's cart (a first-time guest gets the ch_cart cookie, as the /cart form gives it) or the signed-in shopper's, within stock and the quantity caps",
          body: AddToCartInput,
          response: {
            200: AddedCartLineSchema.describe('Added: the cart now holds `count` units'),
            400: errorResponse(
              'Not a quantity, an unknown or withdrawn variant, or more than one line or order may take',
            ),
            403: errorResponse('Sent from another website (cross-site requests are refused)'),
            409: errorResponse(
              'Sold out, or fewer left in stock than asked (with what is already in the cart)',
            ),
            429: errorResponse('Too many changes to the cart from this address or browser (see Retry-After)'),
          },
        },
      },
      async (request, reply) => {
        await limits.enforce('cart', request);
        const owner = await request.cart.owner();
        const added = await cart.addLine(owner, request.body);
        if (added.guestToken) reply.header('set-cookie', request.cart.cookie(added.guestToken));
        const count = await cart.count(added.guestToken ? { guestToken: added.guestToken } : owner);
        reply.header('cache-control', 'private, no-store');
        return { count, quantity: added.quantity, message: 'Added to your cart.' };
      },
    );
  };
}
