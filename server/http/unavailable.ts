// The answer while the database cannot be reached (issue 16, ADR 050): 503 with Retry-After, in
// the one error shape for the JSON API and as a plain page for a browser — no loader, no layout,
// nothing that needs the database to draw it — instead of a 500 or a request left hanging.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '#core/contract/errors.ts';
import { ServiceUnavailableError } from '#server/platform/errors.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Whether the client asked for a page rather than the JSON API. */
export function wantsPage(request: FastifyRequest): boolean {
  if (/^\/(api|media)(\/|$)/.test(request.url)) return false;
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  error = new ServiceUnavailableError(),
) {
  reply.code(503).header('retry-after', String(error.retryAfterSeconds)).header('cache-control', 'no-store');
  if (!wantsPage(request)) {
    return reply.send({
      error: error.code,
      message: error.message,
      requestId: request.id,
    } satisfies ErrorBody);
  }
  const html = `<!DOCTYPE html><html lang="en-NG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Back in a minute | Crown Hair</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#2a1020"><h1>Back in a minute</h1><p>${escapeHtml(error.message)}</p><p>Your cart and your orders are safe.</p><p><small>Reference: ${escapeHtml(request.id)}</small></p></body></html>`;
  return reply.type('text/html; charset=utf-8').send(html);
}
