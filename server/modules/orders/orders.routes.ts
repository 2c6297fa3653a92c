// GET /api/v1/orders/{trackingNumber}: the tracking lookup (the /track-order page's data). The
// customer's email and street are masked unless the signed-in owner asks.
import type { FastifyPluginAsync } from 'fastify';
import { STAFF_ROLES } from '#core/account.ts';
import { requireRole } from '#server/http/guards.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { AbuseLimits } from '#server/platform/rate-limit-rules.ts';
import type { OrdersService } from './orders.service.ts';

export function orderRoutes(orders: OrdersService, limits: AbuseLimits): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { trackingNumber: string } }>('/orders/:trackingNumber', async (request, reply) => {
      await limits.enforce('track', request);
      const order = await orders.track(request.params.trackingNumber, await request.auth.getUser());
      if (!order) throw new NotFoundError('Order not found. Please check your tracking number.');
      reply.header('cache-control', 'private, no-store');
      return order;
    });

    // Staff: set an order's status (the admin portal's orders page will call this).
    app.post<{ Params: { trackingNumber: string } }>(
      '/admin/orders/:trackingNumber/status',
      async (request, reply) => {
        const staff = await requireRole(request, STAFF_ROLES);
        const order = await orders.setStatus(request.params.trackingNumber, request.body, staff);
        request.log.info(
          { order: order.trackingNumber, status: order.status, by: staff.id },
          'order status set',
        );
        reply.header('cache-control', 'private, no-store');
        return order;
      },
    );
  };
}
