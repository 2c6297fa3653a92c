// /api/v1/admin/orders/{trackingNumber}/refunds (ADR 097): what can be refunded and the refunds so
// far; POST issues one (an admin) or asks for one (staff). The same service as the refund page.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { STAFF_ROLES } from '#core/account.ts';
import { ErrorBodySchema, errorResponse } from '#core/contract/errors.ts';
import {
  RefundInput,
  RefundSchema,
  RefundSummarySchema,
  RefundTransferInput,
} from '#core/contract/refunds.ts';
import { requireRole } from '#server/http/guards.ts';
import { refused, signedIn } from '#server/http/openapi.ts';
import { OverRefundError, type RefundsService } from '#server/modules/payments/refunds.service.ts';

const Params = z.object({
  trackingNumber: z.string().max(40).describe('The order’s tracking number, e.g. CH123456789012'),
});

const RefundParams = Params.extend({ refundId: z.coerce.number().int().positive() });

const DecisionBody = z.object({
  why: z.string().trim().max(500).optional().describe('Why a request is rejected'),
  transfer: RefundTransferInput.optional(),
});

const OverRefundBody = ErrorBodySchema.extend({
  leftKobo: z.number().int().optional().describe('The most that can still be refunded, in kobo'),
}).describe('More than is left to refund (the answer says how much is left), or nothing was paid');

export function refundRoutes(refunds: RefundsService): FastifyPluginAsync {
  return async (app) => {
    const guard = async (request: Parameters<typeof requireRole>[0]) => {
      await requireRole(request, STAFF_ROLES);
    };

    app.get<{ Params: z.infer<typeof Params> }>(
      '/admin/orders/:trackingNumber/refunds',
      {
        schema: {
          summary:
            'Staff: the refundable lines of an order (line id, SKU, quantity bought and refunded, unit price in kobo), its delivery fee, what was paid and refunded, and its refunds so far',
          security: signedIn,
          params: Params,
          response: {
            200: RefundSummarySchema,
            ...refused,
            404: errorResponse('Order not found'),
          },
        },
        preValidation: guard,
      },
      async (request, reply) => {
        const staff = await requireRole(request, STAFF_ROLES);
        reply.header('cache-control', 'private, no-store');
        return refunds.summary(request.params.trackingNumber, staff);
      },
    );

    // An admin's decision on a refund: approve a request (with the transfer made, for an offline
    // order), reject it, or try a failed card refund again.
    for (const [action, summary] of [
      ['approve', 'Admin: approve a staff member’s refund request (an offline order’s needs `transfer`)'],
      ['reject', 'Admin: reject a staff member’s refund request, with why'],
      ['retry', 'Admin: try a failed card refund again (weighed again against what is left)'],
      [
        'check',
        'Admin: ask the provider where a card refund on its way stands (when its webhook never came)',
      ],
    ] as const) {
      app.post<{ Params: z.infer<typeof RefundParams>; Body: z.infer<typeof DecisionBody> }>(
        `/admin/orders/:trackingNumber/refunds/:refundId/${action}`,
        {
          schema: {
            summary,
            security: signedIn,
            params: RefundParams,
            body: DecisionBody,
            response: {
              200: RefundSchema,
              400: errorResponse('No transfer recorded for an offline order'),
              ...refused,
              404: errorResponse('Order or refund not found'),
              409: OverRefundBody,
            },
          },
          preValidation: guard,
        },
        async (request, reply) => {
          const staff = await requireRole(request, STAFF_ROLES);
          const actor = { ...staff, ip: request.ip };
          const { trackingNumber } = request.params;
          const refundId = Number(request.params.refundId);
          try {
            if (action === 'approve')
              await refunds.approveRequest(trackingNumber, refundId, actor, request.body.transfer);
            else if (action === 'reject')
              await refunds.reject(trackingNumber, refundId, actor, request.body.why ?? '');
            else if (action === 'retry') await refunds.retry(trackingNumber, refundId, actor);
            else await refunds.checkStatus(trackingNumber, refundId, actor);
          } catch (error) {
            if (!(error instanceof OverRefundError)) throw error;
            return reply.code(409).send({
              error: error.code,
              message: error.message,
              leftKobo: error.leftKobo,
              requestId: String(request.id),
            });
          }
          const after = await refunds.summary(trackingNumber, staff);
          reply.header('cache-control', 'private, no-store');
          return after.refunds.find((r) => r.id === refundId);
        },
      );
    }

    app.post<{ Params: z.infer<typeof Params>; Body: RefundInput }>(
      '/admin/orders/:trackingNumber/refunds',
      {
        schema: {
          summary:
            'Refund an order: lines and quantities (restock per line) and/or the delivery fee, or a free `amountKobo` instead of lines; a reason is required. An admin’s refund is sent to the provider that took the money (card) or recorded as the transfer the shop made (`transfer`, for bank-transfer and pay-on-delivery orders); a staff member’s is a request an admin approves. Never more than is left: 409 with `leftKobo`.',
          security: signedIn,
          params: Params,
          body: RefundInput,
          response: {
            201: RefundSchema.describe(
              'The refund: requested (staff), pending (on its way to the card), processed or failed',
            ),
            400: errorResponse(
              'A line not on the order, more units than are left, no reason, or no transfer recorded',
            ),
            ...refused,
            404: errorResponse('Order not found'),
            409: OverRefundBody,
          },
        },
        preValidation: guard,
      },
      async (request, reply) => {
        const staff = await requireRole(request, STAFF_ROLES);
        try {
          const refund = await refunds.create(request.params.trackingNumber, request.body, {
            ...staff,
            ip: request.ip,
          });
          const summary = await refunds.summary(request.params.trackingNumber, staff);
          request.log.info({ order: summary.trackingNumber, refund: refund.id, by: staff.id }, 'refund');
          reply.header('cache-control', 'private, no-store');
          return reply.code(201).send(summary.refunds.find((r) => r.id === refund.id));
        } catch (error) {
          if (!(error instanceof OverRefundError)) throw error;
          return reply.code(409).send({
            error: error.code,
            message: error.message,
            leftKobo: error.leftKobo,
            requestId: String(request.id),
          });
        }
      },
    );
  };
}
