// What a page's POST must be before React Router reads it: a form (urlencoded or multipart), no
// larger than the page takes (photo forms of those who may send photos are larger), its text free
// of NUL. Anything else is the client's mistake and answered here with a 4xx in plain words, so no
// action ever meets a body it cannot read (ADR 048).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, mayUploadPhotos } from '#server/modules/media/media.service.ts';
import { holdsNul, NUL_MESSAGE } from './text-guard.ts';

/** Largest form body pages accept (image uploads go through the API with their own limit). */
const MAX_FORM_BYTES = 1024 * 1024;
/**
 * Largest form without a file outside the admin pages (issue 29, ADR 063): a shopper's forms are
 * a few fields of text (the longest, a support message, is 4,000 characters), and whatever a
 * refused form holds is sent back in the page. Staff forms keep MAX_FORM_BYTES (a product of 200
 * variants, a campaign email).
 */
export const MAX_TEXT_FORM_BYTES = 64 * 1024;
const ADMIN_PATH = /^\/admin(\/|\?|\.|$)/;
/**
 * Largest multipart form: an admin page's form with photos chosen without JavaScript
 * (app/lib/uploads.server.ts). Only staff who may upload photos get it, on admin pages; every
 * file is still held to the media service's own limit.
 */
export const MAX_PHOTO_FORM_BYTES = 5 * MAX_UPLOAD_BYTES + MAX_FORM_BYTES;

/** A support ticket's form (one photo, checked by the support service): /support… and the dashboard. */
const SUPPORT_FORM_PATH = /^\/(support|dashboard)(\/|\?|$)/;
const MAX_SUPPORT_FORM_BYTES = MAX_UPLOAD_BYTES + MAX_FORM_BYTES;
/** The dashboard's review form: three photos (REVIEW_PHOTOS_MAX) and the text, for a signed-in shopper. */
export const MAX_REVIEW_FORM_BYTES = 3 * MAX_UPLOAD_BYTES + MAX_FORM_BYTES;

/** The body limit for this request: photo forms of signed-in uploaders may be larger. */
async function bodyLimitFor(request: FastifyRequest): Promise<number> {
  const multipart = /^multipart\/form-data/i.test(request.headers['content-type'] ?? '');
  if (multipart && /^\/dashboard(\.data)?(\?|$)/.test(request.url)) {
    // A review's three photos or a ticket's one, for a signed-in shopper.
    return (await request.auth.getUser()) ? MAX_REVIEW_FORM_BYTES : MAX_FORM_BYTES;
  }
  if (multipart && SUPPORT_FORM_PATH.test(request.url)) return MAX_SUPPORT_FORM_BYTES;
  if (!ADMIN_PATH.test(request.url)) return MAX_TEXT_FORM_BYTES;
  if (!multipart) return MAX_FORM_BYTES;
  const user = await request.auth.getUser();
  return user && mayUploadPhotos(user.role) ? MAX_PHOTO_FORM_BYTES : MAX_FORM_BYTES;
}

function tooLarge(reply: FastifyReply, limit: number) {
  const message =
    limit > MAX_FORM_BYTES
      ? `That form is too large to send (${Math.round(limit / 1024 / 1024)} MB at most). Please send fewer photos at once.`
      : 'That form is too large to send.';
  return reply.code(413).type('text/plain; charset=utf-8').send(message);
}

class BodyTooLarge extends Error {}

const URLENCODED = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART = /^multipart\/form-data\s*;/i;

/**
 * Why a page's POST is not a form the actions can read, or null when it is (issue 16, ADR 048).
 * Every action reads `request.formData()`, which throws on another content type or a broken
 * multipart body; that is the client's mistake, so it is refused here with a 4xx instead of
 * reaching an action as a 500. The form is parsed once here to be sure, and its text fields may
 * not hold a NUL (text-guard.ts).
 */
async function notAForm(
  contentType: string | undefined,
  body: Buffer,
): Promise<{ status: number; message: string } | { withFile: boolean }> {
  let fields: [string, unknown][];
  let withFile = false;
  if (contentType && URLENCODED.test(contentType)) {
    fields = [...new URLSearchParams(body.toString('utf8'))];
  } else if (contentType && MULTIPART.test(contentType)) {
    try {
      const form = await new Request('http://form.invalid/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      }).formData();
      // Files may hold any byte; their names and the text fields may not hold a NUL.
      fields = [...form].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
      // A file input left empty is still a part (no name, no bytes): that is not a file.
      withFile = [...form.values()].some((value) => typeof value !== 'string' && value.size > 0);
    } catch {
      return { status: 400, message: 'That form could not be read. Please send it again from the page.' };
    }
  } else {
    return {
      status: 415,
      message: 'Pages take forms only (application/x-www-form-urlencoded or multipart/form-data).',
    };
  }
  return holdsNul(fields) ? { status: 400, message: NUL_MESSAGE } : { withFile };
}

/** Reads a form body into memory, refusing it once it passes `limit` bytes (chunked ones too). */
async function readBody(request: FastifyRequest, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      request.raw.resume(); // drain the rest so the connection can answer
      throw new BodyTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The page form's body, or null when the request was refused (the answer is already sent): too
 * large, not a form, unreadable, or holding a NUL.
 */
export async function readPageForm(request: FastifyRequest, reply: FastifyReply): Promise<Buffer | null> {
  // Forms are small; refuse oversized bodies before anything reads them into memory.
  const limit = await bodyLimitFor(request);
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    tooLarge(reply, limit);
    return null;
  }
  let body: Buffer;
  try {
    body = await readBody(request, limit);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    tooLarge(reply, limit);
    return null;
  }
  const read = await notAForm(request.headers['content-type'], body);
  if ('status' in read) {
    reply.code(read.status).type('text/plain; charset=utf-8').send(read.message);
    return null;
  }
  // A photo form's larger limit is for its photos: without one it is held to a text form's.
  if (!read.withFile && body.length > MAX_TEXT_FORM_BYTES && !ADMIN_PATH.test(request.url)) {
    tooLarge(reply, MAX_TEXT_FORM_BYTES);
    return null;
  }
  return body;
}
