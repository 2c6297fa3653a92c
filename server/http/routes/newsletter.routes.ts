// POST /api/v1/newsletter: starts a double opt-in subscription (202: a confirmation email is on
// its way, whether or not the address is already subscribed). /confirm and /unsubscribe take the
// token from the emailed links.
import type { FastifyPluginAsync } from 'fastify';
import { errorResponse } from '#core/contract/errors.ts';
import {
  NewsletterSignUpResult,
  NewsletterSubscribeInput,
  NewsletterTokenInput,
} from '#core/contract/newsletter.ts';
import type { NewsletterService } from '#server/modules/newsletter/newsletter.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsync {
  return async (app) => {
    // Each body arrives parsed by its schema (coerced, trimmed), and the service takes it as it is.
    app.post<{ Body: NewsletterSubscribeInput }>(
      '/newsletter',
      {
        schema: {
          summary: 'Start a newsletter subscription (double opt-in: a confirmation email is sent)',
          body: NewsletterSubscribeInput,
          response: {
            202: NewsletterSignUpResult.describe(
              'Check your inbox (the same answer when the address is already subscribed)',
            ),
            400: errorResponse('The address is missing or not valid'),
            429: errorResponse('Too many sign-ups from this address or for this email (see Retry-After)'),
          },
        },
      },
      async (request, reply) => {
        const result = await newsletter.signUp(request.body, { ip: request.ip, source: 'api' });
        return reply.code(202).send(result);
      },
    );

    app.post<{ Body: NewsletterTokenInput }>(
      '/newsletter/confirm',
      {
        schema: {
          summary: "Confirm a subscription with the token from the confirmation email's link (works once)",
          body: NewsletterTokenInput,
          response: {
            200: NewsletterSignUpResult.describe('Subscribed'),
            400: errorResponse('The link is incomplete, has expired or has already been used'),
          },
        },
      },
      async (request) => {
        const { email } = await newsletter.confirmLink(request.body);
        return { email, message: 'You are subscribed. Welcome!' };
      },
    );

    app.post<{ Body: NewsletterTokenInput }>(
      '/newsletter/unsubscribe',
      {
        schema: {
          summary: "Unsubscribe with the token from a mailing's unsubscribe link (idempotent)",
          body: NewsletterTokenInput,
          response: {
            200: NewsletterSignUpResult.describe('Unsubscribed (also when already unsubscribed)'),
            404: errorResponse('Not an unsubscribe link of ours'),
          },
        },
        // Documented, never refused: a malformed token is one more link that is not ours (404).
        attachValidation: true,
      },
      async (request) => {
        // A refused body stays as sent (only a parsed one replaces it): never handed on.
        const result = request.validationError ? null : await newsletter.unsubscribeLink(request.body);
        if (!result) throw new NotFoundError('This unsubscribe link is not valid.');
        return { email: result.email, message: 'You are unsubscribed and will get no more newsletters.' };
      },
    );
  };
}
