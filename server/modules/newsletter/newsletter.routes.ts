// POST /api/v1/newsletter: starts a double opt-in subscription (202: a confirmation email is on
// its way, whether or not the address is already subscribed). /confirm and /unsubscribe take the
// token from the emailed links.
import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '#server/platform/errors.ts';
import type { NewsletterService } from './newsletter.service.ts';

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsync {
  return async (app) => {
    app.post('/newsletter', async (request, reply) => {
      const result = await newsletter.subscribe(request.body, { ip: request.ip, source: 'api' });
      return reply.code(202).send(result);
    });

    app.post('/newsletter/confirm', async (request) => {
      const { email } = await newsletter.confirm(request.body);
      return { email, message: 'You are subscribed. Welcome!' };
    });

    app.post('/newsletter/unsubscribe', async (request) => {
      const result = await newsletter.unsubscribe(request.body);
      if (!result) throw new NotFoundError('This unsubscribe link is not valid.');
      return { email: result.email, message: 'You are unsubscribed and will get no more newsletters.' };
    });
  };
}
