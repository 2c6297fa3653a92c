// GET /api/v1/popup: the storefront's popup, fetched after the page has loaded (ADR 031).
import type { FastifyPluginAsync } from 'fastify';
import { PopupResponseSchema } from '#core/contract/banners.ts';
import type { BannersService } from '#server/modules/content/banners.service.ts';

export function bannerRoutes(banners: BannersService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/popup',
      {
        schema: {
          summary:
            'The storefront popup banner the shop shows now (the first active one), or null. Pages fetch it after they have loaded; they never show it on checkout or payment pages.',
          response: { 200: PopupResponseSchema.describe('The popup, or null') },
        },
      },
      async (_request, reply) => {
        // Small and changed by the owner at any moment: revalidated on every use.
        reply.header('cache-control', 'no-cache');
        return { popup: await banners.activePopup() };
      },
    );
  };
}
