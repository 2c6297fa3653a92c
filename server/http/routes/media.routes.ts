import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { STAFF_ROLES } from '#core/account.ts';
import { errorResponse } from '#core/contract/errors.ts';
import { UploadedMediaSchema, UploadMediaBody, UploadMediaQuery } from '#core/contract/media.ts';
import { requireRole } from '#server/http/guards.ts';
import { refused, signedIn } from '#server/http/openapi.ts';
import type { MediaService } from '#server/modules/media/media.service.ts';
import {
  MAX_UPLOAD_BYTES,
  mayUploadPhotos,
  parseRenditionName,
  REFUSALS,
} from '#server/modules/media/media.service.ts';
import {
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '#server/platform/errors.ts';
import type { AbuseLimits } from '#server/platform/rate-limit-rules.ts';

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

/** Staff whose role may upload (products.edit or banners.manage): 401, or 403. */
async function requireUploader(request: FastifyRequest) {
  const user = await requireRole(request, STAFF_ROLES);
  if (!mayUploadPhotos(user.role)) throw new ForbiddenError();
  return user;
}

/**
 * POST /api/v1/admin/media: one photo as the raw request body (so a browser can show the upload's
 * progress), checked by content and stored (ADR 031).
 */
export function mediaAdminRoutes(media: MediaService, limits: AbuseLimits): FastifyPluginAsync {
  return async (app) => {
    // The body is the file, whatever type the browser names it: its bytes decide. Read only after
    // the guard (onRequest) let the request in, and never more than the limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (request, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES) {
        payload.resume();
        done(new PayloadTooLargeError(REFUSALS.tooLarge), undefined);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      payload.on('data', (chunk: Buffer) => {
        if (failed) return;
        size += chunk.length;
        if (size > MAX_UPLOAD_BYTES) {
          failed = true;
          done(new PayloadTooLargeError(REFUSALS.tooLarge), undefined);
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!failed) done(null, Buffer.concat(chunks));
      });
      payload.on('error', (error) => {
        if (!failed) done(error, undefined);
      });
    });

    app.post<{ Querystring: { alt?: string }; Body: Buffer | undefined }>(
      '/admin/media',
      {
        schema: {
          summary:
            'Products or banners editors: upload one photo as the request body (10 MB at most). It is checked by its content (JPEG, PNG, WebP, AVIF or GIF; no SVG; at most 50 megapixels; nothing hidden inside) and stored re-encoded without its metadata. Post the answer’s id in a product or banner form’s `photos` field.',
          security: signedIn,
          consumes: ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp'],
          querystring: UploadMediaQuery,
          body: UploadMediaBody,
          response: {
            201: UploadedMediaSchema.describe('The stored photo'),
            400: errorResponse('Not a photo we accept: the message says why'),
            ...refused,
            413: errorResponse('The file is larger than 10 MB'),
            429: errorResponse('Too many uploads from this account or address (see Retry-After)'),
          },
        },
        // Who may send comes before reading what is sent: a stranger's 10 MB is never read.
        onRequest: async (request) => {
          await requireUploader(request);
        },
      },
      async (request, reply) => {
        const user = await requireUploader(request);
        await limits.enforce('upload', request);
        if (!Buffer.isBuffer(request.body) || request.body.byteLength === 0) {
          throw new ValidationError('Please send a photo file.');
        }
        const image = await media.upload(request.body, request.query.alt ?? '', {
          userId: user.id,
          ip: request.ip,
        });
        request.log.info({ media: image.id, by: user.id }, 'photo uploaded');
        reply.header('cache-control', 'private, no-store');
        return reply.code(201).send(image);
      },
    );
  };
}
