// The HTTP side of the page cache (ADR 038). Which requests may be answered from it (a GET with
// no personal cookie: every cookie that makes a page personal — session, cart, flash toast — is
// named `ch_…`), what a finished page must be to be kept (status 200, no Set-Cookie, tagged by its
// route with what it shows), and how a kept page is answered: its inline scripts allowed by their
// SHA-256 hashes instead of a nonce, so the same bytes serve everyone (compressed once, with an
// ETag) while no response carries a nonce another response could reuse.
import { createHash } from 'node:crypto';
import { parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import type { CachedPage } from '#server/platform/page-cache.ts';
import { acceptsGzip, encode, encodingFor } from './precompressed.ts';
import { deflatePiece, type GzipPiece, splicedGzip } from './spliced-gzip.ts';

/** Cookies that make a page personal: the session, the guest cart, the one-time toast, … */
const PERSONAL_COOKIE = /^(__Host-|__Secure-)?ch_/;
/**
 * The personal cookies a kept page can still serve, its personal slots rendered for the visitor
 * (ADR 043): the session and the guest cart. Any other (the one-time toast) means a full render.
 */
const SLOT_COOKIE = /^(__Host-|__Secure-)?ch_(session|cart)$/;

/** What a shared cache in front of the shop may do with a kept page (ADR 038). */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

export interface PageKey {
  /** The kept page this request would be answered from. */
  key: string;
  /** A session or cart cookie: the kept page is served with its personal slots filled (ADR 043). */
  personal: boolean;
}

/** The cache key of a page view, or null when this request must be rendered in full. */
export function pageKeyOf(request: FastifyRequest): PageKey | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const header = request.headers.cookie;
  const cookies = header ? parseCookie(header) : {};
  let personal = false;
  for (const name of Object.keys(cookies)) {
    if (!PERSONAL_COOKIE.test(name)) continue;
    if (!SLOT_COOKIE.test(name)) return null;
    personal = true;
  }
  // The currency is the one cookie a shared page depends on (prices shown in USD, EUR or GBP).
  return { key: `${cookies.currency ?? ''}|${request.url}`, personal };
}

const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Turns a finished page into a kept one: removes this response's nonce from the HTML and puts the
 * hashes of its inline scripts and styles in the policy where the nonce was. Null when the page
 * holds something a hash cannot cover (an inline element without the nonce).
 */
export function keepablePage(input: {
  status: number;
  headers: Headers;
  html: string;
  nonce: string;
  csp: string;
  tags: string[];
}): CachedPage | null {
  const { html, nonce } = input;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(INLINE)) {
    const [, tag = '', attributes = '', content = ''] = match;
    if (/\ssrc=/i.test(attributes)) continue;
    if (!attributes.includes(`nonce="${nonce}"`)) return null;
    (tag.toLowerCase() === 'script' ? scripts : styles).add(sha256(content));
  }
  const body = Buffer.from(html.split(` nonce="${nonce}"`).join(''), 'utf8');
  const csp = input.csp
    .split('; ')
    .map((directive) => {
      const [name] = directive.split(' ');
      if (!directive.includes(`'nonce-${nonce}'`)) return directive;
      const hashes = name?.startsWith('script-src') ? scripts : styles;
      return directive.replace(` 'nonce-${nonce}'`, [...hashes].map((h) => ` ${h}`).join(''));
    })
    .join('; ');
  const headers: [string, string][] = [];
  for (const [name, value] of input.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === 'cache-control') continue;
    headers.push([name, value]);
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { status: input.status, headers, body, csp, etag, encoded: {}, tags: input.tags };
}

/** A kept page cut at its personal slots by the server build (app/personal-slots.server.tsx). */
export interface SlotLayout {
  /** The text before each slot, and after the last. */
  statics: string[];
  /** Each slot's text as kept: its markers and what it shows an anonymous visitor. */
  wholes: string[];
}

/** The server build's side of the personal slots (exported by app/entry.server.tsx). */
export interface SlotFiller<Layout extends SlotLayout = SlotLayout> {
  slotLayoutOf(html: string): Layout | null;
  /** Each slot's text for this visitor, or null where they see the anonymous one. */
  fillSlotLayout(layout: Layout, context: AppLoadContext): Promise<(string | null)[]>;
}

/** A kept page ready for personal visitors: cut once, its fixed pieces compressed once. */
export interface PersonalLayout {
  layout: SlotLayout;
  statics: GzipPiece[];
  wholes: GzipPiece[];
}

/** Per kept page, made on its first personal visitor; gone with the page (null: never fill it). */
const layouts = new WeakMap<CachedPage, PersonalLayout | null>();

/** The kept page cut at its slots, or null when it must be rendered in full for a personal visitor. */
export function personalLayoutOf(page: CachedPage, filler: SlotFiller): PersonalLayout | null {
  let prepared = layouts.get(page);
  if (prepared === undefined) {
    const layout = filler.slotLayoutOf(page.body.toString('utf8'));
    // Compressed hard once (level 9): every personal visitor of this page gets these bytes.
    const piece = (text: string) => deflatePiece(Buffer.from(text, 'utf8'), 9);
    prepared = layout
      ? { layout, statics: layout.statics.map(piece), wholes: layout.wholes.map(piece) }
      : null;
    layouts.set(page, prepared);
  }
  return prepared;
}

/**
 * Answers a visitor with a cart or a session from a kept page whose personal slots were filled for
 * them: never cached by anyone (as a full render of theirs), the kept page's policy (the slots
 * bring no inline script or style). Compressed as gzip spliced from the page's pieces compressed
 * once and the visitor's slots compressed now (ADR 053), whatever else the browser accepts.
 */
export function sendPersonalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  prepared: PersonalLayout,
  fills: (string | null)[],
  serverTiming: string,
) {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply
    .header('content-security-policy', page.csp)
    .header('cache-control', 'private, no-cache')
    .header('x-page-cache', 'personal')
    .header('server-timing', serverTiming)
    .header('vary', 'Accept-Encoding, Cookie')
    .code(page.status);
  if (request.method === 'HEAD') return reply.send();
  const pieces: GzipPiece[] = [];
  prepared.statics.forEach((text, i) => {
    pieces.push(text);
    if (i >= fills.length) return;
    const fill = fills[i];
    pieces.push(typeof fill === 'string' ? deflatePiece(Buffer.from(fill, 'utf8'), 6) : prepared.wholes[i]!);
  });
  if (!acceptsGzip(request)) return reply.send(Buffer.concat(pieces.map((piece) => piece.plain)));
  return reply.header('content-encoding', 'gzip').send(splicedGzip(pieces));
}

/** Answers with a kept page: 304 when the browser has it, otherwise the bytes it can read. */
export function sendKeptPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: 'hit' | 'miss',
) {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply
    .header('content-security-policy', page.csp)
    .header('cache-control', SHARED_PAGE_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding, Cookie')
    .header('etag', page.etag)
    .header('x-page-cache', state);
  const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (known?.includes(page.etag)) return reply.code(304).send();
  reply.code(page.status);
  const encoding = encodingFor(request);
  if (encoding === 'identity') return reply.send(request.method === 'HEAD' ? undefined : page.body);
  let encoded = page.encoded[encoding];
  if (!encoded) {
    encoded = encode(page.body, encoding);
    page.encoded[encoding] = encoded;
  }
  reply.header('content-encoding', encoding);
  return reply.send(request.method === 'HEAD' ? undefined : encoded);
}
