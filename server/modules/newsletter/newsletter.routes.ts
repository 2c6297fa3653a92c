import type { FastifyPluginAsync } from 'fastify';
import type { NewsletterService } from './newsletter.service.ts';

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsync {
  return async (app) => {
    app.post('/newsletter', async (request, reply) => {
      const result = await newsletter.subscribe(request.body, 'api');
      return reply.code(201).send({ email: result.email, message: 'Thanks for subscribing!' });
    });
  };
}
