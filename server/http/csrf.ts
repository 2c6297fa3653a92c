// Cross-site request forgery protection for every state-changing request (pages and JSON API).
// Browsers say where a request comes from (Sec-Fetch-Site, Origin); a request from another site
// is refused before any handler runs. Session cookies are also SameSite=Lax, so the browser
// itself leaves them off cross-site POSTs: two independent locks. Clients that send neither
// header (curl, server-to-server) are not browsers carrying a victim's cookies, and pass.
import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function csrfGuard(options: { publicUrl: string; exempt?: RegExp }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  // A callback hook: reading a page costs no promise here (only refusals answer, without `done`).
  return function checkOrigin(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (SAFE_METHODS.has(request.method)) return done();
    // Exempt by the route the request matched, not by how its raw URL happens to be spelled.
    if (options.exempt && request.routeOptions.url && options.exempt.test(request.routeOptions.url))
      return done();
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let allowed = true;
    if (typeof site === 'string' && site !== '') {
      allowed = site === 'same-origin' || site === 'none';
    } else if (typeof origin === 'string' && origin !== '') {
      allowed = origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
    }
    if (allowed) return done();
    request.log.warn({ origin, site }, 'cross-site request refused');
    const message = 'This request came from another website and was refused to protect your account.';
    const wantsJson = request.url.startsWith('/api/');
    reply
      .code(403)
      .type(wantsJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
      .send(
        wantsJson ? JSON.stringify({ error: 'cross_site_request', message, requestId: request.id }) : message,
      );
  };
}
