// GET /api/v1/orders/{trackingNumber}: the tracking lookup (the /track-order page's data). The
// customer's email and street are masked unless the signed-in owner asks.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { STAFF_ROLES } from '#core/account.ts';
import { errorResponse } from '#core/contract/errors.ts';
import { SetOrderStatusInput, TrackedOrderSchema } from '#core/contract/orders.ts';
import { requireRole } from '#server/http/guards.ts';
import { refused, signedIn } from '#server/http/openapi.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { AbuseLimits } from '#server/platform/rate-limit-rules.ts';

const TrackingParams = z.object({
  trackingNumber: z.string().describe('The tracking number, e.g. CH12345678 (any case, spaces ignored)'),
});

export function orderRoutes(orders: OrdersService, limits: AbuseLimits): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { trackingNumber: string } }>(
      '/orders/:trackingNumber',
      {
        schema: {
          summary:
            'Track an order by its tracking number (any case). Anyone with the number gets the public shape (masked: true): a first name, the masked email, the city and the public timeline. The signed-in owner gets everything (masked: false), including the status history with its notes; staff read orders in the admin portal (a staff session here is just another account).',
          params: TrackingParams,
          response: {
            200: TrackedOrderSchema.describe('The order with its timeline'),
            404: errorResponse('Order not found. Please check your tracking number.'),
            429: errorResponse('Too many lookups from this address (see Retry-After)'),
          },
        },
      },
      async (request, reply) => {
        await limits.enforce('track', request);
        const order = await orders.track(request.params.trackingNumber, await request.auth.getUser());
        if (!order) throw new NotFoundError('Order not found. Please check your tracking number.');
        reply.header('cache-control', 'private, no-store');
        return order;
      },
    );

    // Staff: set an order's status (the admin portal's orders page will call this).
    // The body arrives parsed by its schema (the note trimmed, `correction` a boolean), and the
    // service takes it as it is (parsed once).
    app.post<{ Params: { trackingNumber: string }; Body: SetOrderStatusInput }>(
      '/admin/orders/:trackingNumber/status',
      {
        schema: {
          summary:
            "Staff: move an order to its next status (core/order-status.ts's transitions), with an optional note; an admin may correct a mistake outside them with `correction` and a reason in `note`",
          security: signedIn,
          params: TrackingParams,
          body: SetOrderStatusInput,
          response: {
            200: TrackedOrderSchema.describe('The order as it is now, with its history'),
            400: errorResponse('Not a status, a note too long, or a correction without a reason'),
            ...refused,
            404: errorResponse('Order not found'),
            409: errorResponse('The order cannot move to that status from where it is'),
          },
        },
        // Who may ask comes before what was asked: signed out is a 401 whatever the body.
        preValidation: async (request) => {
          await requireRole(request, STAFF_ROLES);
        },
      },
      async (request, reply) => {
        const staff = await requireRole(request, STAFF_ROLES);
        const order = await orders.setStatus(request.params.trackingNumber, request.body, {
          ...staff,
          ip: request.ip,
        });
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
