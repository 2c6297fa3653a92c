// Browser security headers on every response the shop sends (pages, JSON, redirects, 404s, static
// files, media, errors, refusals): a Content-Security-Policy whose only inline scripts are the ones
// carrying this response's nonce, plus the usual companions. See ADR 018.
//
// The headers are set in the first onRequest hook, so every later answer (a 403 from the
// cross-site guard, a 429, a 404, the error handler, a static file) already carries them.
import { randomFillSync } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Paystack's hosted checkout: the card form posts (and redirects) there. */
export const PAYSTACK_CHECKOUT_ORIGIN = 'https://checkout.paystack.com';

export interface SecurityHeaderOptions {
  /** The shop's public address; an https one turns on Strict-Transport-Security everywhere. */
  publicUrl: string;
  /** Where forms may go besides this shop: the payment provider's hosted pages. */
  formTargets?: readonly (string | undefined)[];
  /**
   * Development (Vite with hot reloading) injects inline scripts and styles and talks over a
   * websocket: the policy is relaxed there, never in production.
   */
  development?: boolean;
}

/** Random bytes drawn 4 KB at a time (one system call per 256 nonces); each byte is used once. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** A fresh nonce for one response: 128 random bits, base64 (as CSP's nonce-source allows). */
export function newNonce(): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 16;
  return pool.toString('base64', poolOffset - 16, poolOffset);
}

/** The Content-Security-Policy for one response with this nonce. */
export function contentSecurityPolicy(
  nonce: string,
  options: { formTargets: readonly string[]; https: boolean; development: boolean },
): string {
  const scripts = options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`];
  const styles = options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', ...scripts],
    ['script-src-attr', "'none'"],
    ['style-src', ...styles],
    ['style-src-elem', ...styles],
    // Inline style *attributes* cannot run code and, with img-src and font-src kept to this shop,
    // cannot send anything elsewhere; the staff mailbox's sandboxed email preview needs them.
    ['style-src-attr', "'unsafe-inline'"],
    // data: for small generated images (the staff two-factor QR code).
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(options.development ? ['ws:', 'wss:'] : [])],
    ['media-src', "'self'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['frame-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'", ...options.formTargets],
    ['frame-ancestors', "'none'"],
  ];
  const policy = directives.map((d) => d.join(' '));
  if (options.https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
  `payment=(self "${PAYSTACK_CHECKOUT_ORIGIN}")`,
].join(', ');

/** One year; no includeSubDomains: the owner's other sub-domains are not ours to decide. */
export const HSTS = 'max-age=31536000';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's CSP nonce: every inline <script> the page renders carries it. */
    cspNonce: string;
  }
}

/** Origins (scheme://host[:port]) of the given URLs, skipping this shop's own and duplicates. */
export function originsOf(urls: readonly (string | undefined)[], self: string): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    const origin = new URL(url).origin;
    if (origin !== self) origins.add(origin);
  }
  return [...origins];
}

/**
 * The policy for any nonce, built once: the text around the nonce never changes for a given
 * scheme, so each response only splices its own nonce in (no arrays or joins per request).
 */
function policyTemplate(options: { formTargets: readonly string[]; https: boolean; development: boolean }) {
  const marker = 'NONCE_MARKER_0000000000';
  const parts = contentSecurityPolicy(marker, options).split(marker);
  return (nonce: string) => parts.join(nonce);
}

/** Every response's headers besides the policy (and HSTS over https). */
const companions = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** The versioned JSON API: its answers are never HTML (the docs at /api/docs are outside it). */
const JSON_API = '/api/v1/';

/**
 * The onRequest hook that gives every response its headers, and every response that may be HTML
 * its nonce (`request.cspNonce` stays '' on the JSON API).
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const publicOrigin = new URL(options.publicUrl).origin;
  const httpsShop = publicOrigin.startsWith('https:');
  const formTargets = originsOf(options.formTargets ?? [], publicOrigin);
  const development = options.development ?? false;
  const overHttps = policyTemplate({ formTargets, https: true, development });
  const overHttp = policyTemplate({ formTargets, https: false, development });
  // The JSON API renders no inline script or style: its policy carries no nonce (the same
  // directives with only 'self' for scripts and styles — stricter), built once (ADR 044).
  const apiHeaders = (https: boolean) => ({
    ...companions,
    'content-security-policy': contentSecurityPolicy('', { formTargets, https, development }).replace(
      / 'nonce-'/g,
      '',
    ),
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  });
  const apiOverHttps = apiHeaders(true);
  const apiOverHttp = apiHeaders(false);
  return function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    const https = httpsShop || request.protocol === 'https';
    if (request.url.startsWith(JSON_API)) {
      reply.headers(https ? apiOverHttps : apiOverHttp);
      return done();
    }
    const nonce = newNonce();
    request.cspNonce = nonce;
    reply.headers({
      'content-security-policy': (https ? overHttps : overHttp)(nonce),
      ...companions,
    });
    if (https) reply.header('strict-transport-security', HSTS);
    done();
  };
}
