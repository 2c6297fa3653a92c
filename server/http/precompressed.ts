// Shared JSON answers (the same catalogue page for every shopper) are serialised and compressed
// once per cached value, not once per request: per-response compression streams cost more than
// everything else the product list does. Keyed by the cached object itself, so an entry lives
// exactly as long as the service keeps that value.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';
const bodies = new WeakMap<object, Partial<Record<Encoding, Buffer>>>();

/** The best encoding this request accepts. */
export function encodingFor(request: FastifyRequest): Encoding {
  const header = request.headers['accept-encoding'];
  return (
    (typeof header === 'string' ? negotiate(header, ['br', 'gzip', 'identity'] as Encoding[]) : null) ??
    'identity'
  );
}

export function encode(json: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength },
    });
  }
  if (encoding === 'gzip') return gzipSync(json, { level: 6 });
  return json;
}

export function sendSharedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  value: object,
  cacheControl: string,
) {
  const encoding = encodingFor(request);
  let entry = bodies.get(value);
  if (!entry) {
    entry = { identity: Buffer.from(JSON.stringify(value)) };
    bodies.set(value, entry);
  }
  let body = entry[encoding];
  if (!body) {
    body = encode(entry.identity!, encoding);
    entry[encoding] = body;
  }
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
