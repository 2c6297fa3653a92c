// Property-based fuzzing of the whole shop (issue 16, ADR 048): every /api/v1 operation the
// generated OpenAPI document describes and every POST form the pages render, sent as a guest, a
// shopper and an admin with valid, boundary and hostile values. What must hold for each answer:
// never a 5xx; an /api/ refusal is a 4xx in the one ErrorBody; a form gets a page or a redirect.
// The requests are drawn by fast-check from one seed, so a failure is replayed by its seed.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorBodySchema } from '#core/contract/errors.ts';
import { queryRows } from '#server/db/client.ts';
import { RATE_LIMITS } from '#server/modules/accounts/accounts.policy.ts';
import { TWO_FACTOR_LIMITS } from '#server/modules/accounts/two-factor.service.ts';
import { NEWSLETTER_RATE_LIMITS } from '#server/modules/newsletter/newsletter.service.ts';
import type { RateLimitOverrides } from '#server/platform/rate-limit.ts';
import { ABUSE_LIMITS } from '#server/platform/rate-limit-rules.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { EMPTY_ZIP, jpegPhoto, SVG_DRAWING } from '#tests/factories/images.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { createPromoCode } from '#tests/factories/promotions.ts';
import { TestClient } from './client.ts';
import { checkIntegrity } from './integrity.ts';
import {
  type ActionRoute,
  actionRoutes,
  type ContractExports,
  type CoverageUnit,
  contractExports,
  coverageUnits,
  fieldsRead,
  pagePaths,
  pageRouteOf,
  pageRouteTree,
  rolesFor,
  serverWriteRoutes,
  unitName,
} from './route-table.ts';
import { loadServerBuild, type TestShop } from './test-app.ts';
import { freshCode, signInAndEnrol } from './two-factor.ts';

export type Role = 'guest' | 'shopper' | 'admin';
const ROLES: readonly Role[] = ['guest', 'shopper', 'admin'];

/**
 * Every abuse limit raised out of reach: the fuzzer wants the handlers behind them answered, not
 * a 429 (the limits themselves are proved in abuse-limits.test.ts). Pass as `config.rateLimits`.
 */
export function unlimitedRateLimits(): RateLimitOverrides {
  const names = [
    ...Object.values(RATE_LIMITS).map((r) => r.name),
    ...Object.values(TWO_FACTOR_LIMITS).map((r) => r.name),
    ...Object.values(NEWSLETTER_RATE_LIMITS).map((r) => r.name),
    ...Object.values(ABUSE_LIMITS).flatMap((r) => [r.address.name, r.session.name]),
  ];
  return Object.fromEntries(names.map((name) => [name, { limit: 9_999_999 }]));
}

// ───────────────────────────── what is sent ─────────────────────────────

export interface FuzzRequest {
  role: Role;
  /** The route as a template, for the counts: `POST /api/v1/cart/lines`, `POST /cart [intent=add]`. */
  route: string;
  /** `edge`: a route's address bent, or sent with an odd Host (issue 29). */
  kind: 'api' | 'form' | 'page' | 'edge';
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** A cross-site request: must be refused with 403 whatever it carries. */
  crossSite?: boolean;
  /** For an API request: the server route it was drawn for, `POST /api/v1/cart/lines`. */
  serverRoute?: string;
  /** For the edges' sweep: what of which route it tries, `paging GET /admin/mailbox as admin`. */
  edge?: string;
}

/** Strings that have broken shops before: encodings, injections, numbers that are not. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil.exe\u202C',
  'مرحبا بكم في المتجر',
  'שלום',
  '👩🏿‍🦱💇🏾‍♀️🇳🇬',
  '\uD800',
  '\uDFFF\uD800',
  '\uFFFE\uFFFF',
  'Z\u0351\u0354\u0359\u035a\u0362',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; DROP TABLE orders; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '-1',
  '0',
  '-0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999',
  '2147483648',
  '-2147483649',
  '0x1F',
  '1.5',
  ' 7 ',
  '1,000',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x\r\nSet-Cookie: ch_session=stolen',
  '\t\n\r\f\v',
  'javascript:alert(1)',
  '//evil.example',
  'https://evil.example/',
  'CH000000000000',
  'ch-000-000',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '0000-00-00',
  'a@b',
  '@',
  `${'x'.repeat(255)}@example.ng`,
  'ADMIN@EXAMPLE.NG',
];

/** Percent-encodes, lone surrogates included (as the invalid UTF-8 a broken client sends). */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/\p{Surrogate}/gu, ''))}%ED%A0%80`;
  }
}

const stringBoundaries = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 70_000 }).map((n) => 'ẞ'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map((n) => '💇🏾‍♀️'.repeat(n)) },
);

/** Any JSON value, biased to the ones that are the wrong type for whatever was expected. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: stringBoundaries },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, -(2 ** 63), 2 ** 64, 1e308) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string())) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ─────────────────────── the API, from its OpenAPI document ───────────────────────

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

/** Values the schema accepts, or sits at the edge of: its bounds, its enum, its examples. */
export function fromSchema(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
      const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER) + exclusive;
      const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
        fc.constantFrom(min, max, min - 1, max + 1),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.pattern?.includes('\\d')) {
        return fc
          .array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 5 })
          .map((n) => n.join(','));
      }
      const maxLength = Math.min(schema.maxLength ?? 60, 400);
      return fc.oneof(
        fc.string({
          minLength: Math.min(schema.minLength ?? 0, maxLength),
          maxLength: Math.min(maxLength, 40),
        }),
        fc.constantFrom('a'.repeat(maxLength), 'a'.repeat(maxLength + 1), 'fuzz@example.ng'),
      );
    }
    case 'array': {
      if (depth > 3) return fc.constant([]);
      return fc.array(fromSchema(schema.items ?? {}, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, fromSchema(s, depth + 1)])),
        { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
      );
    }
    default:
      return hostileJson;
  }
}

/** A valid body bent out of shape: a field of the wrong type, one missing, one extra. */
function mutatedObject(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  return fc
    .tuple(
      fromSchema(schema),
      fc.constantFrom(...(keys.length > 0 ? keys : ['x'])),
      hostileJson,
      fc.constantFrom('replace', 'drop', 'extra', 'null', 'nest'),
    )
    .map(([valid, key, bad, how]) => {
      const body = { ...(valid as Record<string, unknown>) };
      if (how === 'replace') body[key] = bad;
      else if (how === 'drop') delete body[key];
      else if (how === 'extra') body[`extra_${key}`] = bad;
      else if (how === 'null') body[key] = null;
      else body[key] = { [key]: body[key] };
      return body;
    });
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query'; schema?: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ApiTarget {
  method: Method;
  /** The route as registered, e.g. /api/v1/products/{idOrSlug}. */
  template: string;
  operation: Operation;
}

/** The /api/v1 operations of the document the shop serves (except the document itself). */
export async function apiTargets(shop: TestShop): Promise<ApiTarget[]> {
  const doc = (await shop.app.inject('/api/v1/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const targets: ApiTarget[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (path === '/openapi.json') continue;
    for (const [method, operation] of Object.entries(operations)) {
      targets.push({ method: method.toUpperCase() as Method, template: `/api/v1${path}`, operation });
    }
  }
  return targets;
}

/** Real ids for path parameters (so handlers behind the lookups run), by parameter name. */
export type KnownIds = Record<string, string[]>;

const pathGarbage = fc.oneof(
  { weight: 4, arbitrary: stringBoundaries.map((s) => enc(s)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '..',
      '.',
      '%00',
      '%',
      '%ZZ',
      '%C0%AE%C0%AE',
      '-1',
      '0',
      '1e3',
      '99999999999999999999',
      '2147483648',
      ' ',
      '%20',
      'x'.repeat(199),
      'x'.repeat(201),
      '..%5C..%5C',
    ),
  },
);

function pathValue(name: string, known: KnownIds): fc.Arbitrary<string> {
  const real = known[name] ?? [];
  return real.length > 0
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...real).map(encodeURIComponent) },
        { weight: 2, arbitrary: pathGarbage },
      )
    : pathGarbage;
}

const JSON_TYPE = 'application/json';

/** The body of a POST: mostly JSON shaped by the schema, or broken in the ways clients break it. */
function apiBody(target: ApiTarget): fc.Arbitrary<{ payload?: string | Buffer; type?: string }> {
  const content = target.operation.requestBody?.content ?? {};
  const json = content[JSON_TYPE]?.schema;
  const binary = Object.keys(content).filter((t) => t !== JSON_TYPE);
  const broken = fc.constantFrom<{ payload?: string | Buffer; type?: string }>(
    { payload: '{"a":', type: JSON_TYPE },
    { payload: '', type: JSON_TYPE },
    { payload: 'null', type: JSON_TYPE },
    { payload: '[]', type: JSON_TYPE },
    { payload: '"just a string"', type: JSON_TYPE },
    { payload: '{"__proto__":{"isAdmin":true}}', type: JSON_TYPE },
    { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', type: JSON_TYPE },
    { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: JSON_TYPE },
    { payload: '{"a":1e99999}', type: JSON_TYPE },
    { payload: '\uFEFF{}', type: JSON_TYPE },
    { payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), type: JSON_TYPE },
    { payload: 'email=a%40b.ng', type: 'application/x-www-form-urlencoded' },
    { payload: '{}', type: 'text/plain' },
    { payload: '{}', type: 'application/json; charset=latin1' },
    { payload: '{}', type: 'application/xml' },
    { payload: '{}', type: undefined },
    {
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
      type: 'multipart/form-data; boundary=x',
    },
    { payload: Buffer.alloc(1024 * 1024 + 10, 0x61), type: JSON_TYPE },
  );
  const shaped: fc.Arbitrary<{ payload?: string | Buffer; type?: string }>[] = [];
  if (json) {
    shaped.push(fromSchema(json).map((v) => ({ payload: JSON.stringify(v), type: JSON_TYPE })));
    shaped.push(mutatedObject(json).map((v) => ({ payload: JSON.stringify(v), type: JSON_TYPE })));
    shaped.push(hostileJson.map((v) => ({ payload: JSON.stringify(v) ?? 'null', type: JSON_TYPE })));
    // The same key twice: which one wins must not matter for safety.
    shaped.push(
      fc.tuple(fromSchema(json), hostileJson).map(([v, bad]) => {
        const text = JSON.stringify(v);
        const key = Object.keys((v as object) ?? {})[0] ?? 'x';
        return {
          payload: `{${JSON.stringify(key)}:${JSON.stringify(bad) ?? 'null'},${text.slice(1)}`,
          type: JSON_TYPE,
        };
      }),
    );
  }
  if (binary.length > 0) {
    shaped.push(
      fc
        .tuple(
          fc.constantFrom(...binary, 'image/gif', 'text/html'),
          fc.constantFrom('jpeg', 'garbage', 'empty', 'svg', 'zip'),
        )
        .map(([type, what]) => ({ payload: FILES[what]!, type })),
    );
  }
  if (target.method === 'GET') return fc.constant({});
  return shaped.length > 0
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...shaped) }, { weight: 1, arbitrary: broken })
    : broken;
}

function queryString(target: ApiTarget): fc.Arbitrary<string> {
  const params = (target.operation.parameters ?? []).filter((p) => p.in === 'query');
  const pairs = params.map((p) =>
    fc.option(
      fc
        .oneof(
          { weight: 3, arbitrary: fromSchema(p.schema ?? {}).map((v) => String(v)) },
          { weight: 2, arbitrary: stringBoundaries },
          // A repeated parameter arrives as an array.
          { weight: 1, arbitrary: fc.constant(['1', '2']) },
        )
        .map((v) => (Array.isArray(v) ? v : [v]).map((one) => `${p.name}=${enc(one)}`).join('&')),
      { nil: '' },
    ),
  );
  const extra = fc.option(
    stringBoundaries.map((s) => `unexpected=${enc(s)}`),
    { nil: '' },
  );
  return fc.tuple(...pairs, extra).map((parts) => {
    const text = parts.filter(Boolean).join('&');
    return text ? `?${text}` : '';
  });
}

/** Fastify's name for the route an API target was read from: `/api/v1/orders/{id}` → `/api/v1/orders/:id`. */
const serverRouteOf = (target: ApiTarget) =>
  `${target.method} ${target.template.replace(/\{(\w+)\}/g, ':$1')}`;

function apiRequest(target: ApiTarget, known: KnownIds): fc.Arbitrary<Omit<FuzzRequest, 'role'>> {
  const names = [...target.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc
    .tuple(fc.tuple(...names.map((n) => pathValue(n, known))), queryString(target), apiBody(target))
    .map(([values, query, body]) => {
      let url = target.template;
      names.forEach((n, i) => {
        url = url.replace(`{${n}}`, values[i]!);
      });
      return {
        route: `${target.method} ${target.template}`,
        kind: 'api' as const,
        method: target.method,
        url: url + query,
        headers: (body.type ? { 'content-type': body.type } : {}) as Record<string, string>,
        payload: body.payload,
        serverRoute: serverRouteOf(target),
      };
    });
}

// ─────────────── every route's address, Host and paging (issue 29, ADR 060) ───────────────

/** One address of a route (its parameters filled with real rows), as the role that may open it. */
export interface EdgeTarget {
  role: Role;
  method: Method;
  /** `GET /admin/mailbox`, `POST /api/v1/cart/lines`, `GET /collections/:slug` */
  route: string;
  /** A real address of the route, without a query. */
  path: string;
  kind: 'api' | 'page';
  /** Paging parameters the route documents besides `page` (the API's query parameters). */
  paging: string[];
}

/** What the edges' sweep sends every route: paging past any column, odd paging, a bent address. */
export const EDGE_PROBES = ['huge paging', 'odd paging', 'address'] as const;
export type EdgeProbe = (typeof EDGE_PROBES)[number];
const probesFor = (t: EdgeTarget): EdgeProbe[] => (t.method === 'GET' ? [...EDGE_PROBES] : ['address']);

/** The names lists page by, whichever a route reads. */
export const PAGING_NAMES = ['page', 'limit', 'offset', 'pageSize', 'perPage', 'per_page', 'size'];
/** Numbers past the integer column, past JavaScript's exact integers, past a double. */
const HUGE_NUMBERS = [
  '99999999999999999999',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '1e21',
  '1e309',
  '9'.repeat(400),
];
const PAGING_VALUES = [
  ...HUGE_NUMBERS,
  '-1',
  '0',
  '-0',
  '-2147483649',
  '-99999999999999999999',
  '-1e309',
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '1.5',
  '0x10',
  '1e3',
  ' 2',
  '',
  '1,000',
  '[]',
  '%00',
];

/** Host header values: other sites, addresses, ports no socket has, and text no URL can carry. */
const HOST_VALUES = [
  'evil.example',
  'localhost',
  '127.0.0.1',
  '127.0.0.1:3000',
  '[::1]',
  '[::1]:3000',
  '[::1',
  '::1',
  'shop.test:99999',
  'shop.test:0',
  'shop.test:abc',
  'shop.test:',
  'SHOP.TEST',
  'shop.test.',
  'a b',
  '',
  ' ',
  '.',
  '..',
  '_',
  'xn--',
  'xn--zz-zz',
  'user@shop.test',
  'user:pass@evil.example',
  'shop.test/admin',
  'shop.test?x=1',
  'shop.test#x',
  'shop.test\\evil.example',
  '%41',
  '999.999.999.999',
  '0x7f.1',
  'x'.repeat(300),
  `${'a.'.repeat(200)}example`,
];
/** Any Host a real parser lets through (visible ASCII and spaces), or one of the known odd ones. */
const hostValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOST_VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);

/** Path segments that mean something to some parser: ports, parameters, escapes, files. */
const ODD_SEGMENTS = [
  ':',
  'a:b',
  '@',
  'a@b',
  ';',
  ';a=b',
  '|',
  '^',
  '`',
  '{}',
  '"',
  '<>',
  '%',
  '%%',
  '%zz',
  '%ff',
  '%c0%af',
  '%e2%80%ae',
  '%0d%0a',
  '%00',
  '%20',
  '~',
  '!',
  '$',
  '&',
  "'",
  '()',
  '*',
  '+',
  ',',
  '=',
  '\\',
  '..\\..',
  '.env',
  '.git',
  'index.html',
  'x.data',
  '_root.data',
];

/** A route's address bent the ways clients and scanners bend them. */
function bentPath(path: string): fc.Arbitrary<string> {
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index);
  const at = fc.constantFrom(...slashes);
  const bare = path.replace(/\/$/, '');
  return fc
    .oneof(
      // Empty first segment: `//a:b` once answered 500. Backslash starts (`/\x`) are not drawn here:
      // the in-process injector parses the address as a browser would, turning `\` into `/` (and
      // throwing on a bare `/\`), so it cannot carry them; error-answers-on-sockets.test.ts sends
      // them over a real socket.
      fc.constantFrom('//', '///', '////').map((start) => start + path.slice(1)),
      // Double slashes inside and at the end.
      at.map((i) => `${path.slice(0, i)}//${path.slice(i + 1)}`),
      fc
        .constantFrom('//', '/.', '/..', '/./', '/../', '/%2e', '/%2e%2e', '/.%2e/', '/..%2f..%2f')
        .map((tail) => bare + tail),
      // Dot segments, plain and encoded, anywhere.
      fc
        .tuple(
          at,
          fc.constantFrom('/./', '/../', '/%2e/', '/%2e%2e/', '/../../../', '/..%2f', '/.%2e/', '/..;/'),
        )
        .map(([i, dots]) => `${path.slice(0, i)}${dots}${path.slice(i + 1)}`),
      // An encoded separator instead of a slash.
      fc
        .tuple(at, fc.constantFrom('%2F', '%2f', '%5C', '%2F%2F', '%252F'))
        .map(([i, sep]) => `${path.slice(0, i)}${sep}${path.slice(i + 1)}`),
      // An overlong segment, appended or in place of the last.
      fc
        .tuple(fc.constantFrom(201, 1000, 5000), fc.constantFrom('x', '%41', '%C3%A9'), fc.boolean())
        .map(([n, unit, replace]) =>
          replace && slashes.length > 1
            ? `${path.slice(0, slashes.at(-1)!)}/${unit.repeat(n)}`
            : `${bare}/${unit.repeat(n)}`,
        ),
      // Odd characters as a segment, or stuck to one.
      fc.constantFrom(...ODD_SEGMENTS).map((odd) => `${bare}/${odd}`),
      fc.constantFrom(...ODD_SEGMENTS).map((odd) => `${bare}${odd}`),
    )
    .filter(injectable);
}

/**
 * Whether the in-process injector can carry this address: it parses it as a browser would, and an
 * address such as `/\` (read as `//` with no host) makes it throw before the shop sees anything.
 */
function injectable(address: string): boolean {
  try {
    new URL(address, 'http://localhost');
    return true;
  } catch {
    return false;
  }
}

/** `name=value&…` with each name given one of `values`. */
function pagingQuery(names: string[], values: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(...names.map((name) => fc.constantFrom(...values).map((v) => `${name}=${enc(v)}`)))
    .map((pairs) => pairs.join('&'));
}

/** One probe of one route: paging past any column, odd paging, or a bent address with an odd Host. */
function edgeRequest(t: EdgeTarget, probe: EdgeProbe): fc.Arbitrary<FuzzRequest> {
  const base = { role: t.role, method: t.method, edge: `${probe} ${t.route} as ${t.role}` };
  if (probe === 'address') {
    return fc
      .tuple(bentPath(t.path), fc.option(hostValue, { freq: 2 }), fc.boolean())
      .map(([url, host, forwarded]) => ({
        ...base,
        route: `${t.route} [address]`,
        kind: 'edge' as const,
        url,
        headers: (host === null ? {} : forwarded ? { host, 'x-forwarded-host': host } : { host }) as Record<
          string,
          string
        >,
      }));
  }
  const names =
    probe === 'huge paging' ? ['page', ...t.paging] : [...new Set([...PAGING_NAMES, ...t.paging])];
  return pagingQuery(names, probe === 'huge paging' ? HUGE_NUMBERS : PAGING_VALUES).map((query) => ({
    ...base,
    route: `${t.route} [paging]`,
    kind: t.kind,
    url: `${t.path}?${query}`,
    headers: {},
  }));
}

/** Any route's probe, drawn: the random part of a run bends addresses and paging too. */
function edgeArbitrary(targets: EdgeTarget[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .constantFrom(...targets)
    .chain((t) => fc.constantFrom(...probesFor(t)).chain((probe) => edgeRequest(t, probe)));
}

/** Every probe the edges' sweep must send, by name (`address GET /admin as admin`). */
export function edgeUnits(targets: EdgeTarget[]): string[] {
  return targets.flatMap((t) => probesFor(t).map((probe) => `${probe} ${t.route} as ${t.role}`));
}

// ─────────────────────── the forms, from the pages themselves ───────────────────────

interface FormField {
  name: string;
  /** input type, or select / textarea. */
  type: string;
  value: string;
  options: string[];
}

export interface FormTarget {
  role: Role;
  /** Where the form posts (path and query, as the page renders it). */
  action: string;
  multipart: boolean;
  fields: FormField[];
  /** The submit button's name and value, when it carries one (most forms' `intent`). */
  submit?: { name: string; value: string };
  /**
   * Made from the route table for a route the crawl found no form for: `action` holds the
   * route's `:param`s, filled when drawn from these real values or garbage (ADR 048).
   */
  synthesized?: { route: string; params: KnownIds; query: string[] };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  '#x27': "'",
  '#39': "'",
  nbsp: '\u00a0',
};
const decode = (s: string) => s.replace(/&(amp|quot|lt|gt|#x27|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!);
const attr = (attrs: string, name: string) => {
  const m = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs);
  return m ? decode(m[1]!) : undefined;
};

/** The POST forms of a page, one target per submit button that names an intent. */
export function formsIn(html: string, pageUrl: string, role: Role): FormTarget[] {
  const targets: FormTarget[] = [];
  for (const [, formAttrs, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if ((attr(formAttrs!, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const action = attr(formAttrs!, 'action') || pageUrl;
    if (!action.startsWith('/')) continue;
    const fields: FormField[] = [];
    for (const [, a] of inner!.matchAll(/<input\b([^>]*?)\/?>/g)) {
      const name = attr(a!, 'name');
      const type = (attr(a!, 'type') ?? 'text').toLowerCase();
      if (!name || type === 'submit' || type === 'button' || type === 'image') continue;
      if ((type === 'radio' || type === 'checkbox') && fields.some((f) => f.name === name)) {
        fields.find((f) => f.name === name)!.options.push(attr(a!, 'value') ?? 'on');
        continue;
      }
      fields.push({
        name,
        type,
        value: attr(a!, 'value') ?? '',
        options: type === 'radio' || type === 'checkbox' ? [attr(a!, 'value') ?? 'on'] : [],
      });
    }
    for (const [, a, options] of inner!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attr(a!, 'name');
      if (!name) continue;
      const values = [...options!.matchAll(/<option\b([^>]*)>/g)].map(([, o]) => attr(o!, 'value') ?? '');
      fields.push({ name, type: 'select', value: values[0] ?? '', options: values });
    }
    for (const [, a, text] of inner!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const name = attr(a!, 'name');
      if (name) fields.push({ name, type: 'textarea', value: decode(text!), options: [] });
    }
    const buttons = [...inner!.matchAll(/<button\b([^>]*)>/g)]
      .map(([, a]) => ({
        name: attr(a!, 'name'),
        value: attr(a!, 'value') ?? '',
        type: attr(a!, 'type') ?? 'submit',
      }))
      .filter((b) => b.name && b.type === 'submit') as { name: string; value: string }[];
    const multipart =
      attr(formAttrs!, 'enctype') === 'multipart/form-data' || fields.some((f) => f.type === 'file');
    const base = { role, action, multipart, fields };
    if (buttons.length === 0) targets.push(base);
    for (const b of buttons) targets.push({ ...base, submit: { name: b.name, value: b.value } });
  }
  return targets;
}

/** A form target's name in the counts: where it posts and what it asks (its intent). */
function formRoute(t: FormTarget): string {
  const path = t.action.replace(/\/\d+(?=\/|\?|$)/g, '/:id').replace(/\/CH\d+/gi, '/:trackingNumber');
  const intent = t.submit
    ? ` [${t.submit.name}=${t.submit.value}]`
    : (() => {
        const hidden = t.fields.find((f) => f.name === 'intent');
        return hidden ? ` [intent=${hidden.value}]` : '';
      })();
  return `POST ${path}${intent}${t.synthesized ? ' (route table)' : ''}`;
}

/**
 * Where a drawn form posts: the crawled address, or a synthesized route's path with its
 * parameters filled from real rows and garbage (only real rows in the coverage sweep, so the
 * sweep's request reaches the route it was drawn for).
 */
function actionOf(target: FormTarget, realOnly: boolean): fc.Arbitrary<string> {
  const synth = target.synthesized;
  if (!synth) return fc.constant(target.action);
  const names = [...target.action.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  // The query parameters its module reads, each present or not, plausible or hostile.
  const query = fc
    .tuple(
      ...synth.query.map((q) =>
        fc.option(
          fc.oneof(fc.constant('x'), stringBoundaries).map((v) => `${q}=${enc(v)}`),
          { nil: '' },
        ),
      ),
    )
    .map((parts) => (parts.some(Boolean) ? `?${parts.filter(Boolean).join('&')}` : ''));
  const value = (name: string) => {
    const real = synth.params[name] ?? [];
    if (realOnly && real.length > 0) return fc.constantFrom(...real).map(encodeURIComponent);
    if (realOnly) return fc.constantFrom('1', '2', 'x');
    return pathValue(name, synth.params);
  };
  return fc.tuple(fc.tuple(...names.map(value)), query).map(([values, search]) => {
    let url = target.action;
    names.forEach((n, i) => {
      url = url.replace(`:${n}`, values[i]!);
    });
    return url + search;
  });
}

/** A field of a synthesized form, typed by its name so the plausible values fit. */
function synthesizedField(name: string, multipart: boolean): FormField {
  const type =
    multipart && /photo|file|image/i.test(name)
      ? 'file'
      : /email/i.test(name)
        ? 'email'
        : /password/i.test(name)
          ? 'password'
          : /quantity|rating|kobo|price|stock|position|sortOrder/i.test(name)
            ? 'number'
            : 'text';
  return { name, type, value: '', options: [] };
}

/**
 * Forms for the action routes (and roles) the crawl found none for, made from what the route's
 * module reads: one target per intent its action tells apart, with every field name it reads.
 */
export function synthesizeForms(
  routes: ActionRoute[],
  units: CoverageUnit[],
  crawled: FormTarget[],
  routeOf: (action: string) => string | null,
  params: (route: ActionRoute) => KnownIds,
  contract: ContractExports,
): FormTarget[] {
  const found = new Set(crawled.map((f) => `${routeOf(f.action)} as ${f.role}`));
  const made: FormTarget[] = [];
  for (const unit of units) {
    if (unit.kind !== 'page' || found.has(unitName(unit))) continue;
    const route = routes.find((r) => r.id === unit.route)!;
    const read = fieldsRead(route, contract);
    const base: FormTarget = {
      role: unit.role,
      action: route.path,
      multipart: read.multipart,
      fields: read.names.map((n) => synthesizedField(n, read.multipart)),
      synthesized: { route: route.id, params: params(route), query: read.query },
    };
    if (read.intents.length === 0) made.push(base);
    for (const intent of read.intents) made.push({ ...base, submit: { name: 'intent', value: intent } });
  }
  return made;
}

const FILES: Record<string, Buffer> = {
  jpeg: Buffer.alloc(0),
  garbage: randomBytes(0),
  empty: Buffer.alloc(0),
  svg: SVG_DRAWING,
  zip: EMPTY_ZIP,
};

function plausible(field: FormField): fc.Arbitrary<string> {
  if (field.options.length > 0) return fc.constantFrom(...field.options);
  switch (field.type) {
    case 'hidden':
      return fc.constant(field.value);
    case 'email':
      return fc.constantFrom('fuzz@example.ng', 'Fuzz.Shopper+1@Example.NG', field.value || 'x@example.ng');
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 100 }).map(String), fc.constant(field.value));
    case 'password':
      // Never the fuzzer's own password: a drawn password change would lock its shopper out.
      return fc.constantFrom('correct horse battery staple', 'short', 'Pässwörd 🔑 long enough');
    case 'tel':
      return fc.constantFrom('08031234567', '+2348031234567', '0803 123 4567');
    case 'date':
      return fc.constantFrom('2026-01-01', '2026-12-31');
    case 'datetime-local':
      return fc.constantFrom('2026-01-01T10:00', '2027-06-30T23:59');
    default:
      return fc.oneof(
        { weight: 2, arbitrary: fc.constant(field.value) },
        { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
      );
  }
}

type Part = [string, string | { file: Buffer; name: string; type: string }];

function fileValue(): fc.Arbitrary<{ file: Buffer; name: string; type: string }> {
  return fc
    .tuple(
      fc.constantFrom('jpeg', 'garbage', 'empty', 'svg', 'zip'),
      fc.constantFrom('photo.jpg', '../../etc/passwd', `${'x'.repeat(300)}.png`, '\u202Egpj.exe', ''),
      fc.constantFrom('image/jpeg', 'image/png', 'application/octet-stream', 'text/html', ''),
    )
    .map(([what, name, type]) => ({ file: FILES[what]!, name, type }));
}

/** The fields a form sends: as the page meant them, or bent (hostile values, dropped, doubled, extra). */
function formParts(target: FormTarget): fc.Arbitrary<Part[]> {
  const fieldArbs = target.fields.map((f) => {
    if (f.type === 'file')
      return fc
        .option(fileValue(), { nil: undefined, freq: 3 })
        .map((v) => (v ? [[f.name, v]] : []) as Part[]);
    return fc.oneof(
      { weight: 5, arbitrary: plausible(f).map((v) => [[f.name, v]] as Part[]) },
      { weight: 3, arbitrary: stringBoundaries.map((v) => [[f.name, v]] as Part[]) },
      { weight: 1, arbitrary: fc.constant([] as Part[]) },
      {
        weight: 1,
        arbitrary: fc.tuple(plausible(f), stringBoundaries).map(
          ([a, b]) =>
            [
              [f.name, a],
              [f.name, b],
            ] as Part[],
        ),
      },
    );
  });
  const submit = target.submit
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant([[target.submit.name, target.submit.value]] as Part[]) },
        { weight: 1, arbitrary: stringBoundaries.map((v) => [[target.submit!.name, v]] as Part[]) },
        { weight: 1, arbitrary: fc.constant([] as Part[]) },
      )
    : fc.constant([] as Part[]);
  const extra = fc.option(
    fc.tuple(
      fc.constantFrom('intent', 'redirectTo', '_js', 'role', 'userId', 'priceKobo', 'id', '__proto__'),
      stringBoundaries,
    ),
    { nil: undefined, freq: 3 },
  );
  return fc
    .tuple(fc.tuple(...fieldArbs), submit, extra)
    .map(([fields, s, e]) => [...fields.flat(), ...s, ...(e ? [e as Part] : [])]);
}

async function encodeParts(
  parts: Part[],
  multipart: boolean,
): Promise<{ payload: Buffer | string; type: string }> {
  if (!multipart) {
    const body = new URLSearchParams();
    for (const [k, v] of parts) body.append(k, typeof v === 'string' ? v : v.name);
    return { payload: body.toString(), type: 'application/x-www-form-urlencoded' };
  }
  const form = new FormData();
  for (const [k, v] of parts) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.file)], { type: v.type }), v.name);
  }
  const encoded = new Request('http://shop.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

/** How a form's body is mangled on the way, when it is. */
const bodyMangling = fc.constantFrom(
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'as-json',
  'text-plain',
  'no-type',
  'broken-multipart',
  'multipart-without-boundary',
  'binary-urlencoded',
  'truncated',
);

function mangle(
  body: { payload: Buffer | string; type: string },
  how: string,
): { payload: Buffer | string; type?: string } {
  switch (how) {
    case 'as-json':
      return { payload: JSON.stringify({ intent: 'add', quantity: -1 }), type: JSON_TYPE };
    case 'text-plain':
      return { payload: body.payload, type: 'text/plain' };
    case 'no-type':
      return { payload: body.payload };
    case 'broken-multipart':
      return {
        payload: '--boundary\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
        type: 'multipart/form-data; boundary=boundary',
      };
    case 'multipart-without-boundary':
      return { payload: body.payload, type: 'multipart/form-data' };
    case 'binary-urlencoded':
      return {
        payload: Buffer.from([0x25, 0xff, 0x00, 0x3d, 0x26, 0xc3, 0x28]),
        type: 'application/x-www-form-urlencoded',
      };
    case 'truncated': {
      const b = Buffer.from(body.payload);
      return { payload: b.subarray(0, Math.floor(b.length / 2)), type: body.type };
    }
    default:
      return body;
  }
}

// ─────────────────────────────── the world ───────────────────────────────

export interface FuzzWorld {
  shop: TestShop;
  clients: Record<Role, TestClient>;
  forms: FormTarget[];
  /** The pages the crawl opened, for their loaders' query strings. */
  pages: PageTarget[];
  api: ApiTarget[];
  /** Every route's address (pages and server routes, GET included): bent, paged, odd Hosts. */
  edges: EdgeTarget[];
  known: KnownIds;
  /** What must be reached: the route table's actions and server routes, by role (route-table.ts). */
  coverage: {
    actions: ActionRoute[];
    serverRoutes: string[];
    units: CoverageUnit[];
    /** The page route a form address reaches, by React Router's own matching. */
    routeOf(action: string): string | null;
    /** How many route-and-role units the crawl found no form for (filled from the route table). */
    synthesized: string[];
  };
  /** The fuzzer's own accounts. */
  users: { shopper: { id: number; email: string }; admin: { id: number; email: string } };
  /** Signs the shopper or the admin back in when the fuzzing signed them out. */
  restore(role: Role): Promise<boolean>;
}

const SEED_PAGES: Record<Role, string[]> = {
  guest: [
    '/',
    '/collections',
    '/cart',
    '/checkout',
    '/track-order',
    '/support',
    '/auth',
    '/auth?mode=signup',
    '/auth/forgot-password',
    '/auth/reset-password?token=x',
    '/auth/verify-email?token=x',
    '/newsletter',
    '/newsletter/unsubscribe?token=x',
    '/wishlist',
  ],
  shopper: [
    '/',
    '/cart',
    '/checkout',
    '/dashboard',
    '/dashboard?tab=orders',
    '/dashboard?tab=reviews',
    '/dashboard?tab=support',
    '/dashboard?tab=settings',
    '/support',
    '/track-order',
  ],
  admin: [
    '/admin',
    '/admin/dashboard',
    '/admin/orders',
    '/admin/products',
    '/admin/products/new',
    '/admin/discounts',
    '/admin/discounts?new=1',
    '/admin/reviews',
    '/admin/complaints',
    '/admin/users',
    '/admin/staff',
    '/admin/settings',
    '/admin/banners',
    '/admin/newsletter',
    '/admin/newsletter/campaigns/new',
    '/admin/mailbox',
    '/admin/audit',
    '/admin/two-factor',
  ],
};

const MAX_PAGES: Record<Role, number> = { guest: 40, shopper: 40, admin: 90 };

export interface PageTarget {
  role: Role;
  url: string;
}

/** Query parameters the loaders read, tried on every page besides the page's own. */
const QUERY_NAMES = [
  'page',
  'q',
  'search',
  'sort',
  'status',
  'tab',
  'category',
  'minPrice',
  'maxPrice',
  'id',
  'ids',
  'token',
  'redirectTo',
  'product',
  'reply',
  'variant',
  'edit',
  'new',
  'from',
  'to',
  'period',
  'tracking',
  'email',
  'actor',
  'rating',
  'type',
  'mode',
];

/** A page's address with its query bent: its own parameters and the loaders' usual ones, hostile. */
function pageRequest(page: PageTarget): fc.Arbitrary<FuzzRequest> {
  const url = new URL(page.url, 'http://shop.test');
  const names = [...new Set([...url.searchParams.keys(), ...QUERY_NAMES])];
  return fc
    .array(fc.tuple(fc.constantFrom(...names), stringBoundaries), { minLength: 1, maxLength: 4 })
    .map((pairs) => {
      const query = pairs.map(([k, v]) => `${k}=${enc(v)}`).join('&');
      return {
        role: page.role,
        route: `GET ${url.pathname
          .replace(/\/\d+(?=\/|$)/g, '/:id')
          .replace(/\/CH\d+/gi, '/:trackingNumber')
          .replace(/-\d+$/, '-:id')}`,
        kind: 'page' as const,
        method: 'GET' as const,
        url: `${url.pathname}?${query}`,
        headers: {},
      };
    });
}

/** Pages, then their links, breadth first: every form each role can reach. */
async function crawl(
  client: TestClient,
  role: Role,
  seeds: string[],
  skip: (path: string) => boolean,
  pages: PageTarget[],
): Promise<FormTarget[]> {
  const seen = new Set<string>();
  const perPath = new Map<string, number>();
  const queue = [...seeds];
  const forms: FormTarget[] = [];
  while (queue.length > 0 && seen.size < MAX_PAGES[role]) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await client.get(url);
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('text/html')) continue;
    pages.push({ role, url });
    forms.push(...formsIn(res.body, url, role));
    for (const [, href] of res.body.matchAll(/href="(\/[^"#]*)"/g)) {
      const link = decode(href!);
      const path = link.split('?')[0]!;
      if (
        skip(path) ||
        /\.(csv|xml|txt|js|css|png|jpg|webp|svg|ico)$/.test(path) ||
        path.startsWith('/media/') ||
        path.startsWith('/assets/') ||
        path.startsWith('/api/')
      )
        continue;
      if ((role === 'admin') !== path.startsWith('/admin')) continue;
      const count = perPath.get(path.replace(/\d+/g, 'N')) ?? 0;
      if (count >= 3) continue;
      perPath.set(path.replace(/\d+/g, 'N'), count + 1);
      queue.push(link);
    }
  }
  // One target per action and intent: the shell's forms repeat on every page.
  const unique = new Map<string, FormTarget>();
  for (const f of forms) {
    const key = `${f.action}|${f.submit?.value ?? ''}|${f.fields
      .map((x) => x.name)
      .sort()
      .join(',')}`;
    if (!unique.has(key)) unique.set(key, f);
  }
  return [...unique.values()];
}

/**
 * Builds a small shop worth attacking (products, a promo code, orders in several states, carts,
 * accounts for each role and victims for the admin's forms), signs the visitors in, reads the
 * API document and crawls the pages for their forms.
 */
export async function prepareWorld(shop: TestShop): Promise<FuzzWorld> {
  const db = shop.database.db;
  FILES.jpeg = await jpegPhoto(64, 48);
  FILES.garbage = randomBytes(2048);
  const products = [
    await createProduct(db, { variants: [{ stock: 50 }, { stock: 5, priceKobo: 1_500_000 }] }),
    await createProduct(db, { category: 'wigs', variants: [{ stock: 200, priceKobo: 9_999_900 }] }),
    await createProduct(db, { variants: [{ stock: 0 }] }),
    await createProduct(db, { status: 'draft', variants: [{ stock: 3 }] }),
  ];
  await createPromoCode(db, { code: 'FUZZ10', type: 'percentage', value: 10 });
  await createPromoCode(db, { code: 'FUZZFIXED', type: 'fixed', value: 500_000, usageLimit: 30 });

  const shopperUser = await createUser(db, { name: 'Fuzz Shopper' });
  const adminUser = await createUser(db, { role: 'admin', name: 'Fuzz Admin' });
  // Accounts the admin's forms may suspend, demote or reset without cutting the fuzzer's own branch.
  const victim = await createUser(db, { name: 'Fuzz Victim' });
  const victimStaff = await createUser(db, { role: 'staff', name: 'Fuzz Staff' });
  await signInAndEnrol(shop.app, victimStaff);

  const v = (i: number) => products[i]!.variants[0]!.id;
  const orders = [
    await createOrder(shop, {
      account: shopperUser,
      lines: [{ variantId: v(0), quantity: 2 }],
      status: 'delivered',
    }),
    await createOrder(shop, { account: shopperUser, lines: [{ variantId: v(1) }], promoCode: 'FUZZ10' }),
    await createOrder(shop, {
      lines: [{ variantId: v(0) }],
      paymentMethod: 'bank_transfer',
      promoCode: 'FUZZFIXED',
    }),
    await createOrder(shop, { lines: [{ variantId: v(1) }], paymentMethod: 'online' }),
    await createOrder(shop, { account: victim, lines: [{ variantId: v(0) }], status: 'shipped' }),
  ];

  const guest = new TestClient(shop.app);
  const shopper = new TestClient(shop.app);
  const signIn = async () =>
    (await shopper.post('/auth', { intent: 'signin', email: shopperUser.email, password: TEST_PASSWORD }))
      .statusCode === 302;
  if (!(await signIn())) throw new Error('The fuzz shopper could not sign in.');
  const enrolled = await signInAndEnrol(shop.app, adminUser);
  const admin = enrolled.client;
  for (const c of [guest, shopper]) {
    await c.get('/'); // a first visit, as a browser makes
    await shop.app
      .inject({
        method: 'POST',
        url: '/api/v1/cart/lines',
        payload: { variantId: v(0), quantity: 1 },
        headers: { cookie: [...c.cookies].map(([k, x]) => `${k}=${x}`).join('; ') },
      })
      .then((res) => {
        for (const ck of res.cookies as { name: string; value: string }[]) c.cookies.set(ck.name, ck.value);
      });
  }
  // The shopper opens a ticket, so the admin's complaint pages have one to show; a guest opens one
  // too, for its private link (/support/t/:token); the admin has a campaign draft to edit.
  await shopper.post('/support', {
    intent: 'ticket',
    subject: 'Fuzz ticket',
    message: 'Where is my order? It has been a while.',
    orderTracking: '',
  });
  await shop.services.support.openAsGuest(
    {
      name: 'Fuzz Guest',
      email: 'fuzz.guest@example.ng',
      subject: 'Guest ticket',
      body: 'Hello there, shop.',
    },
    null,
  );
  await shop.services.newsletter.admin.createCampaign(
    { user: { id: adminUser.id, role: 'admin' }, ip: null } as never,
    { subject: 'Fuzz campaign', body: 'Hello, subscribers.' },
  );

  await shop.deliverMail();
  const mailIds = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM mailbox_messages ORDER BY id LIMIT 3`,
  );
  const known: KnownIds = {
    idOrSlug: products.flatMap((p) => [String(p.id), `${p.slug}-${p.id}`]),
    trackingNumber: orders.map((o) => o.trackingNumber),
    id: mailIds.map((m) => String(m.id)).concat(String(victimStaff.id), String(victim.id)),
    provider: ['paystack', 'sandbox'],
  };
  // Real rows for the page routes' parameters, by the part of the path before the parameter.
  const column = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ v: string | number }>(db, query)).map((r) => String(r.v));
  const rowsFor: Record<string, string[]> = {
    users: [String(victim.id)],
    staff: [String(victimStaff.id)],
    products: products.map((p) => String(p.id)),
    collections: products.map((p) => `${p.slug}-${p.id}`),
    complaints: await column(sql`SELECT id AS v FROM support_tickets ORDER BY id`),
    campaigns: await column(sql`SELECT id AS v FROM newsletter_campaigns ORDER BY id`),
    mailbox: mailIds.map((m) => String(m.id)),
    orders: known.trackingNumber!,
    sandbox: await column(sql`SELECT reference AS v FROM sandbox_transactions ORDER BY reference`),
    pages: ['shipping', 'returns', 'privacy', 'terms', 'about'],
    t: (await column(sql`SELECT text_body AS v FROM mailbox_messages`)).flatMap((text) =>
      [...text.matchAll(/\/support\/t\/([\w-]+)/g)].map((m) => m[1]!),
    ),
  };
  const paramsOf = (route: ActionRoute): KnownIds => {
    const parts = route.path.split('/');
    const params: KnownIds = {};
    parts.forEach((part, i) => {
      if (part.startsWith(':')) params[part.slice(1)] = rowsFor[parts[i - 1]!] ?? known.id!;
    });
    return params;
  };

  const mine = new Set([adminUser.id, shopperUser.id].map(String));
  const skip = (path: string) =>
    path === '/auth/sign-out' ||
    [...path.matchAll(/\/(\d+)(?=\/|$)/g)].some(
      ([, id]) => path.startsWith('/admin/users') && mine.has(id!),
    ) ||
    [...path.matchAll(/\/(\d+)(?=\/|$)/g)].some(([, id]) => path.startsWith('/admin/staff') && mine.has(id!));
  const productPages = products.map((p) => `/collections/${p.slug}-${p.id}`);
  const pages: PageTarget[] = [];
  const forms = [
    ...(await crawl(guest, 'guest', [...SEED_PAGES.guest, ...productPages], skip, pages)),
    ...(await crawl(
      shopper,
      'shopper',
      [
        ...SEED_PAGES.shopper,
        ...productPages,
        ...orders.map((o) => `/track-order?tracking=${o.trackingNumber}`),
      ],
      skip,
      pages,
    )),
    ...(await crawl(
      admin,
      'admin',
      [
        ...SEED_PAGES.admin,
        ...orders.map((o) => `/admin/orders/${o.trackingNumber}`),
        ...products.map((p) => `/admin/products/${p.id}`),
        `/admin/users/${victim.id}`,
      ],
      skip,
      pages,
    )),
  ].filter((f) => {
    const path = f.action.split('?')[0]!;
    // Signing out ends the fuzzer's own session (the guest may try it); the rest is fair game,
    // except the forms about the fuzzer's own accounts, which would lock it out.
    return !(f.role !== 'guest' && path === '/auth/sign-out') && !skip(path);
  });

  // The route table: every action and every non-GET server route must be reached (ADR 048).
  const build = await loadServerBuild();
  const tree = pageRouteTree(build);
  const routeOf = (action: string) => pageRouteOf(tree, new URL(action, 'http://shop.test').pathname);
  const actions = actionRoutes(build);
  const serverRoutes = serverWriteRoutes(shop.app);
  const units = coverageUnits(actions, serverRoutes);
  const synthesized = synthesizeForms(actions, units, forms, routeOf, paramsOf, await contractExports());
  const api = await apiTargets(shop);
  // Server routes the document leaves out (the webhooks): drawn like an API operation without schema.
  for (const route of serverRoutes) {
    if (api.some((t) => serverRouteOf(t) === route)) continue;
    const [method, url] = route.split(' ') as [ApiTarget['method'], string];
    api.push({ method, template: url.replace(/:(\w+)/g, '{$1}'), operation: {} });
  }

  // Every route's address, pages and server routes alike, for the edges' probes (issue 29).
  const fill = (template: string, valuesOf: (name: string, before: string) => string[] | undefined) => {
    const parts = template.split('/');
    return parts
      .map((part, i) => {
        if (part === '*') return 'no-such-page';
        if (!part.startsWith(':')) return part;
        const values = valuesOf(part.slice(1), parts[i - 1]!) ?? known.id!;
        return encodeURIComponent(values[0] ?? '1');
      })
      .join('/');
  };
  /** The role that may open a route (the guest for sign-out: it would end a session). */
  const roleOf = (path: string): Role => (path === '/auth/sign-out' ? 'guest' : rolesFor(path).at(-1)!);
  const edges: EdgeTarget[] = pagePaths(build).map(({ path }) => ({
    role: roleOf(path),
    method: 'GET',
    route: `GET ${path}`,
    path: fill(path, (_, before) => rowsFor[before]),
    kind: 'page',
    paging: [],
  }));
  const seenServer = new Set<string>();
  for (const { method, url } of shop.app.routeTable) {
    const key = `${method} ${url}`;
    // The build's files are one route each, all served alike: one per folder and kind stands for them.
    const file = /^(.*\/)[^/:*]+(\.\w+)$/.exec(url);
    const shape = file ? `${method} ${file[1]}*${file[2]}` : key;
    if (url === '/*' || seenServer.has(shape) || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      continue;
    seenServer.add(shape);
    const documented = api.find((t) => serverRouteOf(t) === key)?.operation.parameters ?? [];
    edges.push({
      role: roleOf(url),
      method: method as Method,
      route: key,
      path: fill(url, (name) => known[name]),
      kind: url.startsWith('/api/') ? 'api' : 'page',
      paging: documented
        .filter((p) => p.in === 'query' && PAGING_NAMES.includes(p.name) && p.name !== 'page')
        .map((p) => p.name),
    });
  }

  const clients: Record<Role, TestClient> = { guest, shopper, admin };
  return {
    shop,
    clients,
    forms: [...forms, ...synthesized],
    pages,
    edges,
    users: { shopper: shopperUser, admin: adminUser },
    api,
    known,
    coverage: {
      actions,
      serverRoutes,
      units,
      routeOf,
      synthesized: [...new Set(synthesized.map((f) => `${f.synthesized!.route} as ${f.role}`))],
    },
    async restore(role) {
      if (role === 'guest') return false;
      if (role === 'shopper') {
        const res = await shop.app.inject({ url: '/api/v1/account', headers: { cookie: cookieOf(shopper) } });
        if (res.statusCode === 200) return false;
        shopper.cookies.delete('ch_session');
        if (!(await signIn())) throw new Error('The fuzz shopper could not sign in again.');
        return true;
      }
      const res = await shop.app.inject({ url: '/api/v1/admin/staff', headers: { cookie: cookieOf(admin) } });
      if (res.statusCode === 200) return false;
      admin.cookies.clear();
      const first = await admin.post('/admin/sign-in', { email: adminUser.email, password: TEST_PASSWORD });
      if (first.statusCode !== 302)
        throw new Error(`The fuzz admin could not sign in again: ${first.statusCode}`);
      await admin.post('/admin/two-factor', { intent: 'verify', code: await freshCode(enrolled.secret) });
      return true;
    },
  };
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

// ─────────────────────────────── the run ───────────────────────────────

/** One request, drawn: which role, which target, which values. */
type DrawnForm = {
  form: FormTarget;
  action: string;
  parts: Part[];
  mangling: string;
  crossSite: boolean;
  /** A page's action answers every method but GET and HEAD: mostly POST, sometimes another. */
  method?: Method;
};

const formMethod = fc.constantFrom<Method>(...Array<Method>(12).fill('POST'), 'PUT', 'PATCH', 'DELETE');
type Drawn = FuzzRequest | DrawnForm;

function formArbitrary(form: FormTarget): fc.Arbitrary<DrawnForm> {
  return fc
    .tuple(actionOf(form, false), formParts(form), bodyMangling, fc.boolean(), formMethod)
    .map(([action, parts, mangling, cross, method]) => ({
      form,
      action,
      parts,
      mangling,
      crossSite: cross && parts.length % 7 === 0,
      method,
    }));
}

export function requestArbitrary(world: FuzzWorld): fc.Arbitrary<Drawn> {
  const api = fc
    .tuple(fc.constantFrom(...ROLES), fc.constantFrom(...world.api))
    .chain(([role, target]) => apiRequest(target, world.known).map((r) => ({ ...r, role })));
  const forms = fc.constantFrom(...world.forms).chain(formArbitrary);
  const pages = fc.constantFrom(...world.pages).chain(pageRequest);
  return fc.oneof(
    { weight: 2, arbitrary: api },
    { weight: 3, arbitrary: forms },
    { weight: 1, arbitrary: pages },
    { weight: 1, arbitrary: edgeArbitrary(world.edges) },
  );
}

/**
 * The coverage sweep: one request for every route-and-role of the route table, drawn like the
 * rest (values plausible or hostile) but sent as the page means it (a form, same-site, real ids),
 * so every action and every server route is reached whatever the seed. A unit without a target
 * gets nothing, and the coverage check names it.
 */
export function sweepArbitraries(world: FuzzWorld): fc.Arbitrary<Drawn>[] {
  const sweep: fc.Arbitrary<Drawn>[] = [];
  for (const unit of world.coverage.units) {
    if (unit.kind === 'page') {
      const forms = world.forms.filter(
        (f) => f.role === unit.role && world.coverage.routeOf(f.action) === unit.route,
      );
      if (forms.length === 0) continue;
      sweep.push(
        fc.constantFrom(...forms).chain((form) =>
          fc.tuple(actionOf(form, true), formParts(form)).map(([action, parts]) => ({
            form,
            action,
            parts,
            mangling: 'none',
            crossSite: false,
          })),
        ),
      );
    } else {
      const targets = world.api.filter((t) => serverRouteOf(t) === unit.route);
      if (targets.length === 0) continue;
      sweep.push(
        fc
          .constantFrom(...targets)
          .chain((t) => apiRequest(t, world.known))
          .map((r) => ({ ...r, role: unit.role })),
      );
    }
  }
  // Then every route's probes: paging past any column and odd paging (GET), a bent address with
  // an odd Host (every method), so a 5xx on an unusual request cannot hide in one route (issue 29).
  for (const target of world.edges) {
    for (const probe of probesFor(target)) sweep.push(edgeRequest(target, probe));
  }
  return sweep;
}

export interface FuzzProblem {
  seed: number;
  index: number;
  request: string;
  status: number;
  why: string;
  body: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  byClass: Record<string, number>;
  byRoute: Record<string, Record<string, number>>;
  problems: FuzzProblem[];
  /** Times the shopper or admin had been signed out by the fuzzing and was signed back in. */
  restored: number;
  /** Requests per route-and-role of the route table (`routes/cart as guest`), cross-site ones left out. */
  reached: Record<string, number>;
  /** Requests per edge probe (`address GET /admin as admin`): every one must be sent once. */
  edges: Record<string, number>;
  integrity: string[];
  ms: number;
}

function describe(r: FuzzRequest): string {
  const payload =
    r.payload === undefined ? '' : Buffer.isBuffer(r.payload) ? `<${r.payload.length} bytes>` : r.payload;
  return `${r.role} ${r.method} ${r.url.slice(0, 300)} ${JSON.stringify(r.headers)} ${payload.slice(0, 400)}`;
}

/** What is wrong with an answer, or null when it is what the shop promises. */
export function judge(r: FuzzRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (r.crossSite && res.statusCode !== 403)
    return `a cross-site ${r.method} was answered ${res.statusCode}, not refused`;
  if (r.kind === 'api' && res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `a ${res.statusCode} refusal that is not JSON`;
    }
    const parsed = ErrorBodySchema.safeParse(body);
    if (!parsed.success) return `a ${res.statusCode} refusal not in the ErrorBody shape`;
    if (parsed.data.requestId !== res.headers['x-request-id'])
      return 'a refusal whose requestId is not its x-request-id';
  }
  if (
    (r.kind === 'form' || r.kind === 'edge') &&
    res.statusCode >= 300 &&
    res.statusCode < 400 &&
    !res.headers.location
  ) {
    return `a ${res.statusCode} without a Location`;
  }
  return null;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Sends `requests` drawn requests from `seed` and judges each; then checks the database.
 * `onProgress` hears every thousandth request.
 */
export async function runFuzz(
  world: FuzzWorld,
  options: {
    seed: number;
    requests: number;
    onProgress?: (sent: number) => void;
    /** Prints the request with this index in full, with its answer (to study one failure). */
    show?: number;
  },
): Promise<FuzzReport> {
  const started = Date.now();
  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    byClass: {},
    byRoute: {},
    problems: [],
    restored: 0,
    reached: {},
    edges: {},
    integrity: [],
    ms: 0,
  };
  const arbitrary = requestArbitrary(world);
  const BATCH = 100;
  // First the sweep (every route-and-role once), then requests drawn from all targets.
  const sweep = sweepArbitraries(world);
  const pending: Drawn[] =
    sweep.length > 0 ? fc.sample(fc.tuple(...sweep), { seed: options.seed, numRuns: 1 })[0]! : [];
  pending.splice(options.requests);
  for (let batch = 0; report.sent < options.requests; batch += 1) {
    const size = Math.min(BATCH, options.requests - report.sent);
    const drawn = pending.splice(0, size);
    // Each batch its own seed, mixed so that neighbouring seeds share no batch.
    const batchSeed = (Math.imul(options.seed ^ 0x5bd1e995, 0x9e3779b1) + batch) | 0;
    if (drawn.length < size)
      drawn.push(...fc.sample(arbitrary, { seed: batchSeed, numRuns: size - drawn.length }));
    for (const item of drawn) {
      let request: FuzzRequest;
      let client: TestClient;
      if ('form' in item) {
        const mangled = mangle(await encodeParts(item.parts, item.form.multipart), item.mangling);
        request = {
          role: item.form.role,
          route: formRoute(item.form).replace(/^POST/, item.method ?? 'POST'),
          kind: 'form',
          method: item.method ?? 'POST',
          url: item.action,
          headers: {
            ...(mangled.type ? { 'content-type': mangled.type } : {}),
            ...(item.crossSite ? { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } : {}),
          },
          payload: mangled.payload,
          crossSite: item.crossSite,
        };
      } else {
        request = item;
      }
      client = world.clients[request.role];
      const index = report.sent;
      report.sent += 1;
      let res: LightMyRequestResponse;
      try {
        res = await world.shop.app.inject({
          method: request.method,
          url: request.url,
          payload: request.payload,
          headers: { ...request.headers, ...(client.cookies.size > 0 ? { cookie: cookieOf(client) } : {}) },
          // A spread of addresses, as shoppers behind many networks.
          remoteAddress: `10.${index % 200}.${(index >> 8) % 250}.${(index % 97) + 1}`,
        });
      } catch (error) {
        report.problems.push({
          seed: options.seed,
          index,
          request: describe(request),
          status: 0,
          why: `the request threw: ${String(error)}`,
          body: '',
        });
        continue;
      }
      for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
        if (c.maxAge === 0 || c.value === '') client.cookies.delete(c.name);
        else client.cookies.set(c.name, c.value);
      }
      if (index === options.show) {
        console.log(
          { ...request, payload: String(request.payload).slice(0, 2000) },
          res.statusCode,
          res.body.slice(0, 3000),
        );
        if (request.payload) writeFileSync(`/tmp/fuzz-request-${index}.bin`, request.payload);
      }
      const cls = statusClass(res.statusCode);
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      const routeKey = `${request.role.padEnd(7)} ${request.route}`;
      report.byRoute[routeKey] ??= {};
      const perRoute = report.byRoute[routeKey];
      perRoute[cls] = (perRoute[cls] ?? 0) + 1;
      if (!request.crossSite) {
        const route =
          request.kind === 'api'
            ? request.serverRoute
            : request.kind === 'form'
              ? world.coverage.routeOf(request.url)
              : null;
        if (route) {
          const unit = `${route} as ${request.role}`;
          report.reached[unit] = (report.reached[unit] ?? 0) + 1;
        }
      }
      if (request.edge) report.edges[request.edge] = (report.edges[request.edge] ?? 0) + 1;
      const why = judge(request, res);
      if (why) {
        report.problems.push({
          seed: options.seed,
          index,
          request: describe(request),
          status: res.statusCode,
          why,
          body: res.body.slice(0, 600),
        });
      }
      if (report.sent % 1000 === 0) options.onProgress?.(report.sent);
    }
    for (const role of ROLES) if (await world.restore(role)) report.restored += 1;
  }
  report.integrity = await checkIntegrity(world.shop.database.db);
  report.ms = Date.now() - started;
  return report;
}

/** The counts as a table: by status class, then by role and route. */
export function formatReport(report: FuzzReport): string {
  const classes = ['2xx', '3xx', '4xx', '5xx'];
  const lines = [
    `seed ${report.seed}: ${report.sent} requests in ${(report.ms / 1000).toFixed(1)} s — ${classes.map((c) => `${c} ${report.byClass[c] ?? 0}`).join(', ')}`,
    `sessions signed back in after the fuzzing signed them out: ${report.restored}`,
    '',
    `${'role    route'.padEnd(78)} ${classes.map((c) => c.padStart(6)).join('')}`,
  ];
  for (const [route, counts] of Object.entries(report.byRoute).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `${route.slice(0, 78).padEnd(78)} ${classes.map((c) => String(counts[c] ?? 0).padStart(6)).join('')}`,
    );
  }
  lines.push(
    '',
    report.integrity.length === 0
      ? 'database integrity: every check holds'
      : `database integrity: ${report.integrity.length} problems`,
  );
  for (const p of report.integrity) lines.push(`  ✗ ${p}`);
  for (const p of report.problems.slice(0, 30)) {
    lines.push(`✗ #${p.index} ${p.why}: ${p.request}\n    ${p.body.replace(/\s+/g, ' ').slice(0, 300)}`);
  }
  if (report.problems.length > 30) lines.push(`… and ${report.problems.length - 30} more problems`);
  return lines.join('\n');
}
