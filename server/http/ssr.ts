// Hands every request that no other route claims to React Router (server-side rendering).
// The web Response it returns goes back through Fastify, so logging, request ids and
// compression apply to pages exactly as to the JSON API.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, createRequestHandler, ServerBuild } from 'react-router';
import { type PageCache, PageRender } from '#server/platform/page-cache.ts';
import {
  keepablePage,
  pageKeyOf,
  personalLayoutOf,
  type SlotFiller,
  sendKeptPage,
  sendPersonalPage,
} from './cached-pages.ts';
import { readPageForm } from './page-forms.ts';
import { sendUnavailable } from './unavailable.ts';

export interface SsrOptions {
  /** The React Router server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** The shop's public origin (PUBLIC_URL). Forms posted from it count as same-origin. */
  publicOrigin: string;
  /** Anonymous pages kept and served again (ADR 038); absent: every page is rendered. */
  pageCache?: PageCache;
  /** `anonymous`: the context of a visitor without the request's session and cart (ADR 043). */
  getLoadContext(
    request: FastifyRequest,
    reply: FastifyReply,
    page: PageRender,
    options?: { anonymous?: boolean },
  ): AppLoadContext;
}

/** The server build's slot filler (exported by app/entry.server.tsx), if it has one. */
function slotFillerOf(build: SsrOptions['build']): SlotFiller | null {
  if (typeof build === 'function') return null;
  const module = build.entry.module as Partial<SlotFiller>;
  return typeof module.slotLayoutOf === 'function' && typeof module.fillSlotLayout === 'function'
    ? (module as SlotFiller)
    : null;
}

/**
 * React Router's request handler from the build itself (app/entry.server.tsx exports it): the
 * built server bundles React Router's production build, and the handler must be that copy — the
 * one the routes' `data()` and `redirect()` come from — never the development build Node would
 * resolve for `react-router` here (ADR 058).
 */
function requestHandlerOf(build: ServerBuild): typeof createRequestHandler {
  const handler = (build.entry.module as { createRequestHandler?: typeof createRequestHandler })
    .createRequestHandler;
  if (typeof handler !== 'function') {
    throw new Error('The server build has no createRequestHandler: app/entry.server.tsx must export it.');
  }
  return handler;
}

/** Cookies that make a page personal (session, cart, toast): left out of an anonymous render. */
const PERSONAL_COOKIE_PAIR = /^\s*(__Host-|__Secure-)?ch_[^=]*=/;

/**
 * The page's address for React Router: always a URL, whatever the request holds (ADR 060). Behind
 * a proxy that rewrites Host, a form from the public address is still same-origin (the cross-site
 * guard in csrf.ts has already checked where it came from); a Host no URL can carry (`a b`, `[::1`)
 * is read as the public address. The path is set on that origin, never parsed against it, so no
 * path (`//a:b`, `/\host`) can name another host or fail to parse.
 */
function pageUrl(request: FastifyRequest, publicOrigin: string): URL {
  let origin = publicOrigin;
  if (request.headers.origin !== publicOrigin) {
    try {
      const own = new URL(`${request.protocol}://${request.host}`).origin;
      if (own !== 'null') origin = own;
    } catch {
      // A Host header no URL can carry: the shop's own address.
    }
  }
  const url = new URL(origin);
  const query = request.url.indexOf('?');
  url.pathname = query === -1 ? request.url : request.url.slice(0, query);
  if (query !== -1) url.search = request.url.slice(query);
  return url;
}

/** A path whose first segment is empty (`//…`, or a backslash URL parsers read as a slash). */
const EMPTY_FIRST_SEGMENT = /^\/[/\\]/;

function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | null,
  publicOrigin: string,
  options: { anonymous?: boolean } = {},
): Request {
  const url = pageUrl(request, publicOrigin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (options.anonymous && name === 'cookie') {
      const kept = String(value)
        .split(';')
        .filter((pair) => !PERSONAL_COOKIE_PAIR.test(pair))
        .join(';');
      if (kept.trim()) headers.set(name, kept);
      continue;
    }
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // A visitor who leaves before the answer is written stops the render; once it is written there
  // is nothing left to stop (checking `writableFinished` instead aborted every finished injected
  // request, whose socket never reports the bytes flushed).
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (body) init.body = new Uint8Array(body);
  return new Request(url, init);
}

/** Copies a rendered response's status and headers to the reply (cookies as separate headers). */
function copyHead(response: Response, reply: FastifyReply): void {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** May this finished page be kept for everyone? Shared by its route, whole, and not personal. */
function keepable(response: Response, page: PageRender, request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    page.tags.size > 0 &&
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    !/no-store/.test(response.headers.get('cache-control') ?? '')
  );
}

/** A response body's bytes in one buffer (never decoded to a string and encoded again). */
async function bytesOf(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** How long the server took to render this page (loaders and React), for Server-Timing. */
function renderTiming(startedAt: number): string {
  return `render;dur=${(performance.now() - startedAt).toFixed(1)}`;
}

export async function registerSsr(app: FastifyInstance, options: SsrOptions) {
  const handlerFor = (build: ServerBuild) => requestHandlerOf(build)(build, options.mode);
  let cached: ReturnType<typeof handlerFor> | null =
    typeof options.build === 'function' ? null : handlerFor(options.build);
  const loadBuild = options.build;
  const fillSlots = slotFillerOf(options.build);

  await app.register(async (scope) => {
    // Actions read the raw body themselves (forms, uploads): Fastify must not consume it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all('/*', async (request, reply) => {
      // The JSON API and media answer their own 404s; pages never shadow them.
      if (/^\/(api|media)(\/|$)/.test(request.url)) return reply.callNotFound();
      // `GET //a:b`: the same address with one slash (ADR 060); a form sent there is not followed.
      if (EMPTY_FIRST_SEGMENT.test(request.url)) {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return reply.code(404).type('text/plain; charset=utf-8').send('There is no page at this address.');
        }
        return reply.redirect(request.url.replace(/^[/\\]+/, '/'), 301);
      }
      let body: Buffer | null = null;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        body = await readPageForm(request, reply);
        if (body === null) return reply;
      }
      const pageCache = options.mode === 'production' ? options.pageCache : undefined;
      const found = pageCache ? pageKeyOf(request) : null;
      const startedAt = performance.now();
      const handle = cached ?? handlerFor(await (loadBuild as () => Promise<ServerBuild>)());
      if (options.mode === 'production') cached = handle;

      /** Renders this page as an anonymous visitor would see it and keeps it, if it may be kept. */
      const renderAndKeep = async (
        cache: PageCache,
        key: string,
        response: Response,
        begunAt: number,
        page: PageRender,
      ) => {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp !== 'string' || !keepable(response, page, request)) return { kept: null, html: null };
        const html = await response.text();
        const kept = keepablePage({
          status: response.status,
          headers: response.headers,
          html,
          nonce: request.cspNonce,
          csp,
          tags: [...page.tags],
        });
        if (kept) cache.set(key, kept, begunAt);
        else
          request.log.warn(
            { url: request.url },
            'page cache: a shared page has an inline element without the nonce',
          );
        return { kept, html };
      };

      if (pageCache && found) {
        let kept = pageCache.get(found.key);
        if (kept && !found.personal) return sendKeptPage(request, reply, kept, 'hit');
        if (found.personal && fillSlots) {
          // A guest with a cart or a signed-in shopper: the kept page with their parts (ADR 043).
          // Not kept now, but a page its route shares: render it as an anonymous visitor would
          // see it, keep it, then fill it.
          if (!kept && pageCache.isShared(found.key)) {
            const begunAt = pageCache.begin();
            const page = new PageRender();
            const anonymous = await handle(
              toWebRequest(request, reply, body, options.publicOrigin, { anonymous: true }),
              options.getLoadContext(request, reply, page, { anonymous: true }),
            );
            if (page.databaseUnavailable) {
              await anonymous.body?.cancel();
              return sendUnavailable(request, reply);
            }
            const result = await renderAndKeep(pageCache, found.key, anonymous, begunAt, page);
            // Not a page to keep after all (a redirect, say): drop it and render theirs below.
            if (result.html === null) await anonymous.body?.cancel();
            kept = result.kept ?? undefined;
          }
          const prepared = kept ? personalLayoutOf(kept, fillSlots) : null;
          if (kept && prepared) {
            const context = options.getLoadContext(request, reply, new PageRender());
            const fills = await fillSlots.fillSlotLayout(prepared.layout, context);
            return sendPersonalPage(request, reply, kept, prepared, fills, renderTiming(startedAt));
          }
        }
      }
      // Only an anonymous visitor's render is ever kept.
      const key = found && !found.personal ? found.key : null;
      const begunAt = pageCache?.begin() ?? 0;
      const page = new PageRender();
      const response = await handle(
        toWebRequest(request, reply, body, options.publicOrigin),
        options.getLoadContext(request, reply, page),
      );
      // The database could not be reached: a plain 503, not the error boundary's 500 (ADR 050).
      if (page.databaseUnavailable) {
        await response.body?.cancel();
        return sendUnavailable(request, reply);
      }
      // A personal visitor's page that its route shares: the next one is served from a kept page.
      if (pageCache && found?.personal && page.tags.size > 0) pageCache.noteShared(found.key);

      if (pageCache && key) {
        const { kept, html } = await renderAndKeep(pageCache, key, response, begunAt, page);
        if (kept) {
          reply.header('server-timing', renderTiming(startedAt));
          return sendKeptPage(request, reply, kept, 'miss');
        }
        if (html !== null) {
          copyHead(response, reply);
          return reply.send(html);
        }
      }

      copyHead(response, reply);
      if (!response.body || request.method === 'HEAD') return reply.send();
      if (/^text\/html/.test(response.headers.get('content-type') ?? '')) {
        // The shop renders no Suspense boundary: the shell is the whole page, so waiting for the
        // last byte delays nothing, and a finished string is compressed in one call rather than
        // through three stream adapters and a compression stream (ADR 040).
        const html = await bytesOf(response.body);
        reply.header('server-timing', renderTiming(startedAt));
        return reply.send(html);
      }
      return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
    });
  });
}
