// One address for a production shop (issue 29, ADR 061): a request for any other host than
// PUBLIC_URL's (the server's IP, a www. name, an old domain) is sent to PUBLIC_URL's host with the
// same path and query, so the session and cart cookies, the CSP's 'self' and every link agree on
// one origin. buildApp installs it only for a production shop (NODE_ENV=production and a public
// PUBLIC_URL); a demo shop on a local address answers on any host, so the owner can try it at
// 127.0.0.1 or on a phone at the machine's LAN address.
//
// GET and HEAD get a 301. Anything else gets 421 with a message naming the address instead of a
// redirect: a browser would send a form again to another origin, which the page's CSP form-action
// or the cross-site guard refuses without a word, and a redirected API call loses its body.
// The health probes answer on any host (a load balancer or Docker's HEALTHCHECK asks the process by
// its address), and so do the payment webhooks (signed; sent wherever the owner told the provider).
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Routes that answer on any host, by the route the request matched. */
const ANY_HOST_ROUTES = new Set(['/healthz', '/readyz', '/api/v1/health']);
const ANY_HOST_PREFIX = /^\/api\/webhooks\//;

/** `host` as the canonical URL's scheme writes it: lower case, no default port; null if it is not a host. */
function normalHost(host: string, protocol: string): string | null {
  if (!host || /[/?#@\\\s]/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

export function canonicalHost(options: { publicUrl: string }) {
  const canonical = new URL(options.publicUrl);
  const origin = canonical.origin;
  const message = `This shop is at ${origin}. Please open it there and try again.`;
  return function redirectToCanonicalHost(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    // Proxy-aware: X-Forwarded-Host when the request came through a trusted proxy (TRUST_PROXY).
    if (normalHost(request.host, canonical.protocol) === canonical.host) return done();
    const route = request.routeOptions.url;
    if (route && (ANY_HOST_ROUTES.has(route) || ANY_HOST_PREFIX.test(route))) return done();
    if (request.method === 'GET' || request.method === 'HEAD') {
      // An absolute-form request target (GET http://other/ HTTP/1.1) keeps nothing but the root.
      const target = request.url.startsWith('/') ? request.url : '/';
      reply
        .code(301)
        // Not remembered for ever: a PUBLIC_URL set wrong and then corrected must not stay in
        // every visitor's browser.
        .header('cache-control', 'public, max-age=3600')
        .header('location', `${origin}${target}`)
        .send();
      return;
    }
    request.log.info({ host: request.host, method: request.method }, 'request for another host refused');
    const wantsJson = request.url.startsWith('/api/');
    reply
      .code(421)
      .type(wantsJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
      .send(wantsJson ? JSON.stringify({ error: 'wrong_host', message, requestId: request.id }) : message);
  };
}
