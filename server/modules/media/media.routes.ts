import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '#server/platform/errors.ts';
import type { MediaService } from './media.service.ts';
import { parseRenditionName } from './media.service.ts';

export function mediaRoutes(media: MediaService): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string; name: string } }>(
      '/media/:id/:name',
      // Image bytes for the pages, not part of the JSON API: left out of the OpenAPI document.
      { schema: { hide: true } },
      async (request, reply) => {
        const parsed = parseRenditionName(request.params.name);
        if (!parsed) throw new NotFoundError('Image not found.');
        const rendition = await media.getRendition(request.params.id, parsed.width, parsed.format);
        return reply
          .header('content-type', rendition.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(rendition.body);
      },
    );
  };
}
