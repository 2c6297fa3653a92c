// Shared JSON answers (the same catalogue page for every shopper) are serialised, hashed and
// compressed once per cached value, not once per request: per-response compression streams cost
// more than everything else the product list does. Keyed by the cached object itself, so an entry
// lives exactly as long as the service keeps that value (ADR 044): a new value after an
// invalidation gets new bytes and a new ETag. Each encoding is compressed once, synchronously, the
// first time a client asks for it; the routes that send through here turn @fastify/compress off.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';
interface Bodies extends Partial<Record<Encoding, Buffer>> {
  identity: Buffer;
  /** Strong validators, one per encoding (each encoding's bytes are a representation of their own). */
  etags: Record<Encoding, string>;
}
const bodies = new WeakMap<object, Bodies>();

/** The best encoding this request accepts. */
export function encodingFor(request: FastifyRequest): Encoding {
  const header = request.headers['accept-encoding'];
  return (
    (typeof header === 'string' ? negotiate(header, ['br', 'gzip', 'identity'] as Encoding[]) : null) ??
    'identity'
  );
}

/** Whether the request accepts gzip at all (a personal page is sent as gzip when it can, ADR 053). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && negotiate(header, ['gzip', 'identity']) === 'gzip';
}

/**
 * `body` compressed: `kept` (the default) for a body compressed once and served many times,
 * `once` for a body made for one response (a kept page with a shopper's parts, ADR 043), where
 * Brotli's quality 2 costs about half of quality 4's CPU for a few percent more bytes.
 */
export function encode(body: Buffer, encoding: Encoding, use: 'kept' | 'once' = 'kept'): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: use === 'kept' ? 5 : 2,
        [constants.BROTLI_PARAM_LGWIN]: use === 'kept' ? 22 : 18,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  if (encoding === 'gzip') return gzipSync(body, { level: use === 'kept' ? 6 : 4 });
  return body;
}

/** Whether the request's If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/** Sends a value every client gets alike as JSON: bytes made once, ETag, 304 on revalidation. */
export function sendSharedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  value: object,
  cacheControl: string,
): FastifyReply {
  let entry = bodies.get(value);
  if (!entry) {
    const identity = Buffer.from(JSON.stringify(value));
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    entry = { identity, etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` } };
    bodies.set(value, entry);
  }
  const encoding = encodingFor(request);
  const etag = entry.etags[encoding];
  reply.headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': cacheControl,
    vary: 'accept-encoding',
    etag,
  });
  if (matchesEtag(request, etag)) return reply.code(304).send();
  let body = entry[encoding];
  if (!body) {
    body = encode(entry.identity, encoding);
    entry[encoding] = body;
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
