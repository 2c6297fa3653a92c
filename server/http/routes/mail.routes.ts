// Staff-only JSON API over the local mailbox (where mail lands when no SMTP server is set).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { STAFF_ROLES } from '#core/account.ts';
import { errorResponse } from '#core/contract/errors.ts';
import { MailboxMessageSchema, MailboxPageSchema } from '#core/contract/mail.ts';
import { requireRole } from '#server/http/guards.ts';
import { refused, signedIn } from '#server/http/openapi.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';

/** Lenient as it always was: a page that is not a number is the first page. */
const MailboxQuery = z.object({
  page: z.string().optional().describe('Page number, from 1 (50 messages a page)'),
  to: z.string().optional().describe('Only messages to this address'),
});

export function mailRoutes(mail: MailService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { page?: string; to?: string } }>(
      '/admin/mailbox',
      {
        schema: {
          summary: 'Staff: the local mailbox (mail sent while no SMTP server is configured), newest first',
          security: signedIn,
          querystring: MailboxQuery,
          response: { 200: MailboxPageSchema.describe('A page of messages'), ...refused },
        },
        // Who may ask comes before what was asked: signed out is a 401 whatever the query.
        preValidation: async (request) => {
          await requireRole(request, STAFF_ROLES);
        },
      },
      async (request, reply) => {
        await requireRole(request, STAFF_ROLES);
        reply.header('cache-control', 'private, no-store');
        const page = Number.parseInt(request.query.page ?? '1', 10);
        return mail.listMailbox({
          page: Number.isFinite(page) ? page : 1,
          pageSize: 50,
          to: request.query.to,
        });
      },
    );

    app.get<{ Params: { id: string } }>(
      '/admin/mailbox/:id',
      {
        schema: {
          summary: 'Staff: one message with its text and HTML bodies',
          security: signedIn,
          params: z.object({ id: z.string().describe("The message's id") }),
          response: {
            200: MailboxMessageSchema.describe('The message'),
            ...refused,
            404: errorResponse('No such message'),
          },
        },
      },
      async (request, reply) => {
        await requireRole(request, STAFF_ROLES);
        reply.header('cache-control', 'private, no-store');
        const message = await mail.getMailboxMessage(Number(request.params.id));
        if (!message) throw new NotFoundError('No such message in the mailbox.');
        return message;
      },
    );
  };
}
