// POST /api/webhooks/{provider}: payment providers tell us about payments. The signature is
// checked over the exact raw body before anything else; forgeries get 401, replays change nothing.
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentsService } from '#server/modules/payments/payments.service.ts';

export function webhookRoutes(payments: PaymentsService): FastifyPluginAsync {
  return async (app) => {
    // Keep the body as bytes: the signature covers them exactly as sent.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    app.post<{ Params: { provider: string } }>(
      '/:provider',
      // Not part of the /api/v1 API: the document describes the webhooks in words (ADR 021).
      { schema: { hide: true } },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await payments.handleWebhook(request.params.provider, body, request.headers);
        request.log.info({ provider: request.params.provider, result }, 'payment webhook');
        return reply.code(200).send({ received: true });
      },
    );
  };
}
