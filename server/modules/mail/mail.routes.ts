// Staff-only JSON API over the local mailbox (where mail lands when no SMTP server is set).
import type { FastifyPluginAsync } from 'fastify';
import { STAFF_ROLES } from '#core/account.ts';
import { requireRole } from '#server/http/guards.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { MailService } from './mail.service.ts';

export function mailRoutes(mail: MailService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { page?: string; to?: string } }>('/admin/mailbox', async (request, reply) => {
      await requireRole(request, STAFF_ROLES);
      reply.header('cache-control', 'private, no-store');
      const page = Number.parseInt(request.query.page ?? '1', 10);
      return mail.listMailbox({ page: Number.isFinite(page) ? page : 1, pageSize: 50, to: request.query.to });
    });

    app.get<{ Params: { id: string } }>('/admin/mailbox/:id', async (request, reply) => {
      await requireRole(request, STAFF_ROLES);
      reply.header('cache-control', 'private, no-store');
      const message = await mail.getMailboxMessage(Number(request.params.id));
      if (!message) throw new NotFoundError('No such message in the mailbox.');
      return message;
    });
  };
}
