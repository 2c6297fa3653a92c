import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from '#app/lib/nonce.ts';
import { isStaticHandle } from '#app/lib/page-handle.ts';
import { isDatabaseUnavailable } from '#server/platform/errors.ts';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Fresh for every response (server/http/security-headers.ts); never cache it with a page.
  const nonce = loadContext.cspNonce;
  const page = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');
  // Security headers (CSP with this nonce, nosniff, referrer, framing) are set for every response
  // in server/http/security-headers.ts.

  // A page React does not hydrate (ADR 039) has nothing to stream: no Suspense, no data for the
  // browser. Rendered to one string it is the same HTML for less work than a stream (ADR 058);
  // an error thrown here reaches React Router, which renders the error page, as a shell error does.
  const staticPage = routerContext.staticHandlerContext.matches.some((match) =>
    isStaticHandle(routerContext.routeModules[match.route.id]?.handle),
  );
  if (staticPage && !routerContext.isSpaMode) {
    // As bytes: a string body would be scanned for lone surrogates by the Response constructor.
    return new Response(Buffer.from(`<!DOCTYPE html>${renderToString(page)}`), {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and link-preview bots get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.log.error({ err: error }, 'error while streaming a page');
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as AppLoadContext | undefined)?.log;
  if (isDatabaseUnavailable(error)) {
    // server/http/ssr.ts answers the page with a plain 503 instead (ADR 050).
    const page = (context as AppLoadContext | undefined)?.page;
    if (page) page.databaseUnavailable = true;
    log?.error({ code: (error as { cause?: { code?: unknown } }).cause?.code }, 'database unavailable');
    return;
  }
  // A domain error a page did not catch that says the visitor asked for something wrong (404, 403,
  // a refused form): theirs to fix, not an operator's (ADR 050).
  const status = (error as { status?: unknown } | null)?.status;
  if (log && typeof status === 'number' && status < 500) {
    log.warn({ status, code: (error as { code?: unknown }).code }, 'a page refused the request');
    return;
  }
  if (log) log.error({ err: error, url: request.url }, 'error in a loader or action');
  else console.error(error);
};

// The server's request handler comes from this bundle too (server/http/ssr.ts), so one copy of React
// Router — its production build in the built server (vite.config.ts, ADR 058) — handles and renders.
export { createRequestHandler } from 'react-router';
// A shared page's personal parts, rendered for one visitor (ADR 043); server/http/ssr.ts finds it
// on the server build's entry module.
export { fillSlotLayout, slotLayoutOf } from '#app/personal-slots.server.tsx';
