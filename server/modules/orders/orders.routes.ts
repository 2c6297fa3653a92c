// GET /api/v1/orders/{trackingNumber}: the tracking lookup (the /track-order page's data). The
// customer's email and street are masked unless the signed-in owner asks.
import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '#server/platform/errors.ts';
import type { OrdersService } from './orders.service.ts';

export function orderRoutes(orders: OrdersService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { trackingNumber: string } }>('/orders/:trackingNumber', async (request, reply) => {
      const order = await orders.track(request.params.trackingNumber, await request.auth.getUser());
      if (!order) throw new NotFoundError('Order not found. Please check your tracking number.');
      reply.header('cache-control', 'private, no-store');
      return order;
    });
  };
}
