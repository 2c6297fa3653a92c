// Admin JSON API for staff accounts' two-factor sign-in (ADR 019).
import type { FastifyPluginAsync } from 'fastify';
import { STAFF_ROLES } from '#core/account.ts';
import { requireRole } from '#server/http/guards.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export function twoFactorRoutes(twoFactor: TwoFactorService): FastifyPluginAsync {
  return async (app) => {
    // Staff and admins: who is on the team, and who has enrolled.
    app.get('/admin/staff', async (request, reply) => {
      await requireRole(request, STAFF_ROLES);
      reply.header('cache-control', 'private, no-store');
      return { items: await twoFactor.listStaff() };
    });

    // Admins only: reset another member's second factor (recorded, their sessions end, emailed).
    app.post<{ Params: { id: string } }>('/admin/staff/:id/two-factor/reset', async (request, reply) => {
      const admin = await requireRole(request, ['admin']);
      const id = Number(request.params.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError('No staff member with that id.');
      const done = await twoFactor.reset(admin, id);
      request.log.info({ by: admin.id, target: id, sessionsEnded: done.sessionsEnded }, 'two-factor reset');
      reply.header('cache-control', 'private, no-store');
      return { reset: true, email: done.email, sessionsEnded: done.sessionsEnded };
    });
  };
}
