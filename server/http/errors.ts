// The one place that turns errors into HTTP answers. Request validation by the route schemas
// (openapi.ts's validator compiler) throws the same ValidationError as services' parseInput, so
// a refused request gets the one ErrorBody (core/contract/errors.ts) whichever of them refused it.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '#core/contract/errors.ts';
import {
  isAppError,
  isDatabaseUnavailable,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from '#server/platform/errors.ts';
import { sendUnavailable } from './unavailable.ts';

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  // The client hung up before its request was read: nothing went wrong on our side (ADR 050).
  if (clientHungUp(error, request)) {
    request.log.info({ code: (error as NodeJS.ErrnoException).code }, 'client closed the request');
    return reply.code(400).send({
      error: 'request_aborted',
      message: 'The request was not finished.',
      requestId: request.id,
    } satisfies ErrorBody);
  }
  if (error instanceof ServiceUnavailableError || isDatabaseUnavailable(error)) {
    // A fault on our side, but one the operator already sees on /readyz: one short line.
    request.log.error({ code: databaseCode(error) }, 'database unavailable');
    return sendUnavailable(request, reply);
  }
  if (isAppError(error)) {
    const body: ErrorBody = { error: error.code, message: error.message, requestId: request.id };
    if (error instanceof ValidationError && Object.keys(error.fieldErrors).length > 0) {
      body.fieldErrors = error.fieldErrors;
    }
    if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error.status >= 500) request.log.error({ err: error }, error.message);
    return reply.code(error.status).send(body);
  }
  const fastifyError = error as FastifyError;
  // Errors Fastify raises itself for a bad request (malformed JSON, body too large, ...).
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return reply.code(fastifyError.statusCode).send({
      error: fastifyError.code ?? 'bad_request',
      message:
        fastifyError.statusCode === 413
          ? 'That request is too large.'
          : 'That request could not be understood.',
      requestId: request.id,
    } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({
    error: 'internal_error',
    message: `Something went wrong on our side. Please try again. (Reference: ${request.id})`,
    requestId: request.id,
  } satisfies ErrorBody);
}

/** What reading a request's body raises when its client goes away half-way (Node's http, streams). */
const HANG_UP_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Did the client go away before its request was read (ADR 060)? Decided from the connection:
 * its socket is closed, and the request ended before its body did (`aborted`) or reading the
 * body failed with a hang-up's error. Never from `request.raw.destroyed`: Node destroys every
 * request whose body was read to the end, so that took every error after a body (401, 404, 409,
 * 429, a real 500) for a hang-up. A fault of ours while the client leaves stays a fault.
 */
export function clientHungUp(error: Error, request: FastifyRequest): boolean {
  if (request.raw.socket?.destroyed !== true) return false;
  if (request.raw.aborted) return true;
  const code = (error as NodeJS.ErrnoException).code;
  return (typeof code === 'string' && HANG_UP_CODES.has(code)) || error.message === 'aborted';
}

/** The code of the connection error under `error` (ECONNREFUSED, 57P01, ...), for the log line. */
function databaseCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'service_unavailable') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
