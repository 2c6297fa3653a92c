// Builds the Fastify application: JSON API, media, static assets and server-rendered pages.
// Tests call buildApp with their own database; server.ts calls it for the real process.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { z } from 'zod';
import type { ErrorBody } from '#core/contract/errors.ts';
import type { Readiness } from '#server/db/readiness.ts';
import type { Env } from '#server/env.ts';
import { createRequestCart, type RequestCart } from '#server/modules/cart/cart-cookie.ts';
import { createRequestAuth, type RequestAuth } from '#server/platform/auth/request-auth.ts';
import { type Logger, lazyRequestLogger } from '#server/platform/logger.ts';
import { fastifyTrustProxy } from '#server/platform/trust-proxy.ts';
import type { Services } from '#server/services.ts';
import { isProductionShop } from '#server/shop-address.ts';
import { canonicalHost } from './canonical-host.ts';
import { csrfGuard } from './csrf.ts';
import { errorHandler } from './errors.ts';
import { DEV_ISLANDS_HREF, islandsHrefIn } from './islands.ts';
import { registerOpenApi } from './openapi.ts';
import { registerProbes } from './probes.ts';
import { accountRoutes } from './routes/accounts.routes.ts';
import { bannerRoutes } from './routes/banners.routes.ts';
import { cartRoutes } from './routes/cart.routes.ts';
import { catalogRoutes } from './routes/catalog.routes.ts';
import { mailRoutes } from './routes/mail.routes.ts';
import { mediaAdminRoutes, mediaRoutes } from './routes/media.routes.ts';
import { newsletterRoutes } from './routes/newsletter.routes.ts';
import { orderRoutes } from './routes/orders.routes.ts';
import { webhookRoutes } from './routes/payments.routes.ts';
import { refundRoutes } from './routes/refunds.routes.ts';
import { twoFactorRoutes } from './routes/two-factor.routes.ts';
import { PAYSTACK_CHECKOUT_ORIGIN, securityHeaders } from './security-headers.ts';
import { registerSsr } from './ssr.ts';
import { refuseNul } from './text-guard.ts';

export interface AppOptions {
  env: Pick<Env, 'TRUST_PROXY' | 'PUBLIC_URL' | 'NODE_ENV'> & Partial<Pick<Env, 'PAYSTACK_BASE_URL'>>;
  services: Services;
  log: Logger;
  /** What `/readyz` answers (server/db/readiness.ts). */
  readiness: Readiness;
  /** Client time limits (default SERVER_TIMEOUTS). */
  timeouts?: Partial<ServerTimeouts>;
  /** Serve pages: a production build (with its client assets) or Vite in development. */
  pages?:
    | { mode: 'production'; build: ServerBuild; clientDir: string }
    | {
        mode: 'development';
        loadBuild: () => Promise<ServerBuild>;
        register: (app: FastifyInstance) => Promise<void>;
      };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * How long a client may take (issue 16, ADR 047): a request whose headers or body never finish, or
 * a client that stops reading its answer, is cut off instead of holding a socket for ever.
 */
export interface ServerTimeouts {
  /** The headers must have arrived within this (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, body included, within this (photo uploads on a slow phone fit). */
  requestMs: number;
  /** A connection on which nothing moves either way for this long is closed. */
  idleMs: number;
  /** An idle keep-alive connection stays open this long (longer than a proxy's usual 60 s). */
  keepAliveMs: number;
  /** How often Node checks the header and request deadlines. */
  checkEveryMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
  checkEveryMs: 5_000,
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { services, log, env } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    loggerInstance: log as FastifyBaseLogger,
    // One line per request from the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The request's logger is made when something logs, not for every request (ADR 044).
    childLoggerFactory: (logger, bindings, options) =>
      lazyRequestLogger(logger as Logger, bindings, options as Record<string, unknown>) as FastifyBaseLogger,
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // An address the router cannot decode (a bare `%` in a path): the client's mistake, answered
    // in the one error body before any hook runs (issue 16, ADR 048).
    frameworkErrors: (error, request, rawReply) => {
      const reply = rawReply as FastifyReply;
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      if (!badUrl) request.log.error({ err: error }, 'router error');
      reply
        .code(badUrl ? 400 : 500)
        .header('x-request-id', request.id)
        .send({
          error: badUrl ? 'bad_url' : 'internal_error',
          message: badUrl
            ? 'That address could not be understood.'
            : `Something went wrong on our side. Please try again. (Reference: ${request.id})`,
          requestId: request.id,
        } satisfies ErrorBody);
    },
    return503OnClosing: true,
  });

  // Browser security headers and this response's CSP nonce, before anything can answer (ADR 018).
  app.decorateRequest('cspNonce', '');
  app.addHook(
    'onRequest',
    securityHeaders({
      publicUrl: env.PUBLIC_URL,
      formTargets: [PAYSTACK_CHECKOUT_ORIGIN, env.PAYSTACK_BASE_URL],
      development: options.pages?.mode === 'development',
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // A production shop has one address: any other host is sent to PUBLIC_URL's (ADR 061). A demo
  // shop on a local address answers on any host (127.0.0.1, a LAN address for a phone).
  if (env.NODE_ENV === 'production' && isProductionShop(env)) {
    app.addHook('onRequest', canonicalHost({ publicUrl: env.PUBLIC_URL }));
  }
  // The launch checklist's "last request on PUBLIC_URL's host" (ADR 071): remembered in memory,
  // written at most once a minute per process, never awaited.
  app.addHook('onRequest', (request, _reply, done) => {
    services.launch.sawRequest(request.host);
    done();
  });
  // One line per request, pages included.
  app.addHook('onResponse', (request, reply, done) => {
    if (!(request.log as Logger).isLevelEnabled('info')) return done();
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });

  app.setErrorHandler(errorHandler);

  // Refuse cross-site state changes before anything else reads the request. Payment providers'
  // webhooks are verified by their signatures instead.
  app.addHook('onRequest', csrfGuard({ publicUrl: env.PUBLIC_URL, exempt: /^\/api\/webhooks\// }));
  // Text with a NUL in it is refused before any handler (text-guard.ts).
  app.addHook('preValidation', refuseNul);
  const secureCookies = env.PUBLIC_URL.startsWith('https:');
  /** Who asks when a page is rendered as an anonymous visitor would see it (ADR 043): no one. */
  const anonymousAuth = (request: FastifyRequest): RequestAuth =>
    createRequestAuth({
      accounts: services.accounts,
      cookieHeader: null,
      client: request.auth.client,
      secure: secureCookies,
    });
  // Nothing is looked up or even made per request: `request.auth` and `request.cart` are made on
  // first use (the session and cart behind them are read later still), and the client's address
  // (proxy-aware, not free) only when something asks for it (ADR 044).
  const lazyAuth = Symbol('auth');
  const lazyCart = Symbol('cart');
  type Lazy = FastifyRequest & { [lazyAuth]?: RequestAuth; [lazyCart]?: RequestCart };
  const isSecure = (request: FastifyRequest) => secureCookies || request.protocol === 'https';
  app.decorateRequest('auth', {
    getter(this: FastifyRequest): RequestAuth {
      const request = this as Lazy;
      request[lazyAuth] ??= createRequestAuth({
        accounts: services.accounts,
        cookieHeader: request.headers.cookie,
        client: {
          get ip() {
            return request.ip;
          },
          userAgent: request.headers['user-agent'] ?? null,
        },
        secure: isSecure(request),
      });
      return request[lazyAuth];
    },
  });
  app.decorateRequest('cart', {
    getter(this: FastifyRequest): RequestCart {
      const request = this as Lazy;
      request[lazyCart] ??= createRequestCart({
        cookieHeader: request.headers.cookie,
        user: () => request.auth.getUser(),
        secure: isSecure(request),
      });
      return request[lazyCart];
    },
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's defaults (quality 11, 4 MB window) are far too slow for pages rendered per request.
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    customTypes: /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/,
  });

  // Before any route: the document is generated from the routes as they are registered.
  await registerOpenApi(app, env.PUBLIC_URL);
  app.get(
    '/api/v1/health',
    {
      schema: {
        summary: 'Is the shop up?',
        response: { 200: z.object({ status: z.literal('ok') }).describe('Up') },
      },
    },
    async () => ({ status: 'ok' }),
  );
  registerProbes(app, options.readiness);
  await app.register(catalogRoutes(services.catalog), { prefix: '/api/v1' });
  await app.register(newsletterRoutes(services.newsletter), { prefix: '/api/v1' });
  await app.register(accountRoutes(services), { prefix: '/api/v1' });
  await app.register(mailRoutes(services.mail), { prefix: '/api/v1' });
  await app.register(cartRoutes(services.cart, services.limits), { prefix: '/api/v1' });
  await app.register(orderRoutes(services.orders, services.limits), { prefix: '/api/v1' });
  await app.register(refundRoutes(services.refunds), { prefix: '/api/v1' });
  await app.register(webhookRoutes(services.payments), { prefix: '/api/webhooks' });
  await app.register(twoFactorRoutes(services.twoFactor), { prefix: '/api/v1' });
  await app.register(bannerRoutes(services.banners), { prefix: '/api/v1' });
  await app.register(mediaRoutes(services.media));
  await app.register(mediaAdminRoutes(services.media, services.limits), { prefix: '/api/v1' });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: 'not_found',
      message: `Nothing at ${request.method} ${request.url}.`,
      requestId: request.id,
    }),
  );

  const pages = options.pages;
  if (pages) {
    const islandsHref = pages.mode === 'production' ? islandsHrefIn(pages.clientDir) : DEV_ISLANDS_HREF;
    if (pages.mode === 'production') {
      // Hashed build assets never change: cache them for a year. Other public files for an hour.
      await app.register(fastifyStatic, {
        root: pages.clientDir,
        prefix: '/',
        wildcard: false,
        decorateReply: false,
        cacheControl: false,
        setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
          const immutable = filePath.startsWith(path.join(pages.clientDir, 'assets') + path.sep);
          reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    } else {
      await pages.register(app);
    }
    await registerSsr(app, {
      build: pages.mode === 'production' ? pages.build : pages.loadBuild,
      mode: pages.mode,
      publicOrigin: new URL(env.PUBLIC_URL).origin,
      pageCache: services.pageCache,
      getLoadContext: (request, _reply, page, options): AppLoadContext => ({
        islandsHref,
        services,
        requestId: request.id,
        log: request.log as Logger,
        publicUrl: env.PUBLIC_URL,
        clientIp: request.ip,
        // An anonymous render of a page a personal visitor asked for, to keep it (ADR 043).
        auth: options?.anonymous ? anonymousAuth(request) : request.auth,
        cart: options?.anonymous
          ? createRequestCart({ cookieHeader: null, user: async () => null, secure: secureCookies })
          : request.cart,
        cspNonce: request.cspNonce,
        page,
      }),
    });
  }

  return app;
}
