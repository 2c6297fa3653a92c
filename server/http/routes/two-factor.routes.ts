// Admin JSON API for staff accounts' two-factor sign-in (ADR 019).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { STAFF_ROLES } from '#core/account.ts';
import { errorResponse } from '#core/contract/errors.ts';
import { StaffListSchema, TwoFactorResetSchema } from '#core/contract/two-factor.ts';
import { isRowId } from '#core/ids.ts';
import { requireRole } from '#server/http/guards.ts';
import { refused, signedIn } from '#server/http/openapi.ts';
import type { TwoFactorService } from '#server/modules/accounts/two-factor.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';

export function twoFactorRoutes(twoFactor: TwoFactorService): FastifyPluginAsync {
  return async (app) => {
    // Staff and admins: who is on the team, and who has enrolled.
    app.get(
      '/admin/staff',
      {
        schema: {
          summary: 'Staff: the staff and admin accounts, and whether each has set up two-factor sign-in',
          security: signedIn,
          response: { 200: StaffListSchema.describe('Staff and admins'), ...refused },
        },
      },
      async (request, reply) => {
        await requireRole(request, STAFF_ROLES);
        reply.header('cache-control', 'private, no-store');
        return { items: await twoFactor.listStaff() };
      },
    );

    // Admins only: reset another member's second factor (recorded, their sessions end, emailed).
    app.post<{ Params: { id: string } }>(
      '/admin/staff/:id/two-factor/reset',
      {
        schema: {
          summary:
            "Admins: reset another staff member's second factor (recorded; their sessions end; they are emailed)",
          security: signedIn,
          // Any text is taken: an id that is not a staff member's is a 404, as it always was.
          params: z.object({ id: z.string().describe("The staff member's account id") }),
          response: {
            200: TwoFactorResetSchema.describe('Reset'),
            401: refused[401],
            403: errorResponse('Not an admin, or your own account'),
            404: errorResponse('No staff member with that id'),
          },
        },
      },
      async (request, reply) => {
        const admin = await requireRole(request, ['admin']);
        const id = Number(request.params.id);
        if (!isRowId(id)) throw new NotFoundError('No staff member with that id.');
        const done = await twoFactor.reset(admin, id, { ip: request.ip });
        request.log.info({ by: admin.id, target: id, sessionsEnded: done.sessionsEnded }, 'two-factor reset');
        reply.header('cache-control', 'private, no-store');
        return { reset: true, email: done.email, sessionsEnded: done.sessionsEnded };
      },
    );
  };
}
