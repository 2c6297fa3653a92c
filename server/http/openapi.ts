// /api/v1/openapi.json and /api/docs: the API document generated from the routes themselves
// (ADR 021). Every /api/v1 route declares its zod schemas (core/contract) in `schema`; those
// schemas gate the request, and @fastify/swagger with fastify-type-provider-zod's transform turns
// them into the document, so a route cannot exist without being described.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, HTTPMethods } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#core/contract/errors.ts';
import { sessionCookieName } from '#server/platform/auth/request-auth.ts';
import { validationErrorFrom } from '#server/platform/validation.ts';

export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = '/api/docs';

/** A route that needs the session cookie set by signing in (any role, or staff). */
export const signedIn = [{ session: [] }];

/** The refusals of a guarded route (see guards.ts). */
export const refused = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in without the role this route needs (staff routes)'),
};

/** An /api/v1 route as registered, for the completeness test. */
export interface ApiRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/v1 route (method and url) with the schema it was registered with. */
    apiRoutes: readonly ApiRoute[];
    /**
     * Every route the server registered after the document (pages' catch-all, webhooks and media
     * included), HEAD twins left out: the fuzzer's coverage check reads it (ADR 048).
     */
    routeTable: readonly { method: HTTPMethods; url: string }[];
  }
}

/**
 * Validates a request part with the route's zod schema. A refusal is the same ValidationError
 * (and so the same body, messages and field errors) that a service's parseInput would throw.
 * On success a body is the parsed value (coerced, defaults applied), so a route hands the service
 * typed values it does not parse again (ADR 094); a query or path keeps the value as sent, which
 * the services parse themselves (pages call them too; `ids` split into numbers cannot run twice).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`${method} ${url}: route schemas are zod schemas (core/contract), not JSON schemas.`);
  }
  return (data: unknown) => {
    // Fastify hands an absent body over as null; the services were given undefined.
    const value = data === null ? undefined : data;
    const parsed = schema.safeParse(value);
    if (!parsed.success) return { error: validationErrorFrom(parsed.error) };
    return { value: httpPart === 'body' ? parsed.data : value };
  };
};

/**
 * Response schemas document the answer; they do not reshape it. Serialising with JSON.stringify,
 * as Fastify does for a route without a schema, keeps every field a page or client relies on.
 */
export const jsonSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

const description =
  'Catalogue, account and staff API. Money is in kobo (1 naira = 100 kobo); prices are charged in naira. ' +
  'Account routes use the session cookie set by signing in at /auth (or /admin for staff); ' +
  'state-changing requests from other websites are refused with 403. ' +
  'Errors answer with one body: `error` (a code), `message`, `fieldErrors` for validation_failed, `requestId`. ' +
  'Payment providers post to /api/webhooks/{provider} (paystack, sandbox): the x-paystack-signature ' +
  '(HMAC-SHA512 of the raw body) is checked first; a bad one gets 401, a replay changes nothing.';

/**
 * Sets the zod compilers, then registers the document generator, the document's route and the
 * interactive docs. Call before any route is registered: the generator collects them as they are.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);

  const apiRoutes: ApiRoute[] = [];
  const routeTable: { method: HTTPMethods; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // HEAD routes are Fastify's automatic twins of the GET routes.
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url });
      if (route.url.startsWith(`${API_PREFIX}/`))
        apiRoutes.push({ method, url: route.url, schema: route.schema });
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Crown Hair shop API', version: '1', description },
      // The paths are relative to this server (@fastify/swagger strips its path from the routes).
      servers: [{ url: `${publicUrl}${API_PREFIX}` }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(publicUrl.startsWith('https:')) },
        },
      },
    },
    // Only the versioned API is described: pages, media, the webhooks and the docs themselves
    // are left out (the webhooks are described in words above).
    transform: (document) =>
      document.url.startsWith(`${API_PREFIX}/`)
        ? jsonSchemaTransform(document)
        : { schema: { hide: true } as FastifySchema, url: document.url },
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document (OpenAPI 3.0); the same, browsable, at /api/docs',
        response: { 200: z.looseObject({ openapi: z.string() }).describe('The OpenAPI document') },
      },
    },
    async () => app.swagger(),
  );

  // Swagger UI's own page and scripts, served from the package only when /api/docs is visited:
  // nothing of it reaches the storefront's bundles.
  // (It reads the same document at /api/docs/json.) Its scripts are files from this shop, which
  // the shop's CSP allows; Swagger UI adds <style> elements of its own, which a nonce cannot
  // cover, so on these routes alone styles may be inline (scripts stay as strict as everywhere).
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    transformStaticCSP: (header) =>
      header.replace(/(style-src(?:-elem)?) 'self' 'nonce-[^']+'/g, "$1 'self' 'unsafe-inline'"),
  });
}
