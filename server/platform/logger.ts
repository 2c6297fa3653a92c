// The shop's logger (pino). No secret may reach a log line: emailed-link tokens in URLs, passwords,
// cookies and session ids, card data and webhook signatures are redacted here, once, whoever logs
// them (ADR 018). Payment and order references stay visible: staff need them to follow a payment,
// and they are not credentials.
import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';

export type { Logger };

const CENSOR = '[redacted]';

/** Query or form names whose values are secrets (matched case-insensitively). */
const SECRET_NAME_PARTS = [
  'token',
  'password',
  'passwd',
  'secret',
  'signature',
  'otp',
  'key',
  'session',
  'cvv',
];
const SECRET_NAMES = new Set([
  'code',
  'sig',
  'pin',
  'pan',
  'card',
  'auth',
  'authorization',
  'cookie',
  'hash',
]);

/**
 * Query or form names whose values are a person's details (ADR 050): searches and filters carry
 * names, addresses and phone numbers as often as product words.
 */
const PERSONAL_NAMES = new Set([
  'email',
  'to',
  'from',
  'q',
  'query',
  'search',
  'name',
  'phone',
  'address',
  'street',
  'city',
  'landmark',
]);
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** A phone number written with or without spaces, +234 or 0 (ten digits or more). */
const PHONE_NUMBER = /(?:\+|\b)(?:\d[ -]?){10,14}\d\b/;

function looksPersonal(name: string, value: string): boolean {
  return PERSONAL_NAMES.has(name.toLowerCase()) || value.includes('@') || PHONE_NUMBER.test(value);
}

export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_NAME_PARTS.some((part) => lower.includes(part));
}

/**
 * A path segment that looks like a random token (base64url with mixed case and digits, or long
 * hex): links may carry tokens in the path as well as in the query.
 */
function looksLikeToken(segment: string): boolean {
  if (/^[0-9a-fA-F]{32,}$/.test(segment)) return true;
  return (
    segment.length >= 24 &&
    /^[A-Za-z0-9_-]+$/.test(segment) &&
    /[A-Z]/.test(segment) &&
    /[a-z]/.test(segment) &&
    /[0-9]/.test(segment)
  );
}

/**
 * Routes whose path carries a secret, by the segments before it (matched without regard to case
 * or percent-encoding, as the router matches them): the segment after them is masked whatever it
 * looks like (issue 29: one random token in about 150 has no digit, and `looksLikeToken` wants
 * one). A new route with a secret in its path belongs here.
 */
const SECRET_PATH_ROUTES: readonly (readonly string[])[] = [
  // A guest's private ticket link (/support/t/<token>, its .data request and /photos/<id>).
  ['support', 't'],
];

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** The indexes of path segments that are secrets by their route (see SECRET_PATH_ROUTES). */
function secretSegments(segments: readonly string[]): Set<number> {
  const secret = new Set<number>();
  const decoded = segments.map(decodedSegment);
  for (const route of SECRET_PATH_ROUTES) {
    for (let i = 0; i + route.length < segments.length; i++) {
      if (route.every((part, j) => decoded[i + j] === part)) secret.add(i + route.length);
    }
  }
  return secret;
}

/** Secret path segments by route inside free text (an error message naming a URL). */
const SECRET_PATH_IN_TEXT = /(\/support\/t\/)[^/\s?#"'<>]+/gi;

/**
 * A request URL (path and query) fit for a log line: secret query values, the secret segments of
 * routes that carry one (SECRET_PATH_ROUTES) and token-like path segments masked.
 */
export function redactUrl(url: string): string {
  if (typeof url !== 'string') return url;
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : null;
  const segments = path.split('/');
  const byRoute = secretSegments(segments);
  const safePath = segments
    .map((segment, i) => {
      if (byRoute.has(i)) return CENSOR;
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {}
      return looksLikeToken(decoded) ? CENSOR : segment;
    })
    .join('/');
  if (query === null) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const rawName = pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {}
      const value = pair.slice(eq + 1);
      let decoded = value;
      try {
        decoded = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {}
      return isSecretName(name) || looksLikeToken(decoded) || looksPersonal(name, decoded)
        ? `${rawName}=${CENSOR}`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Secret query values and URLs inside free text (an error message, a log message). */
export function redactText(text: string): string {
  if (typeof text !== 'string') return text;
  return (
    text
      // name=value pairs in URLs and form bodies
      .replace(/([?&;\s]([A-Za-z_][\w-]*)=)([^&\s#"'<>]+)/g, (match, prefix: string, name: string) =>
        isSecretName(name) ? `${prefix}${CENSOR}` : match,
      )
      // a route's secret path segment (a guest's ticket link)
      .replace(SECRET_PATH_IN_TEXT, `$1${CENSOR}`)
      // a database error's bound parameters (Drizzle: "Failed query: … params: …")
      .replace(/(\bparams: )[^\n]*/g, `$1${CENSOR}`)
      .replace(EMAIL_ADDRESS, CENSOR)
      // values PostgreSQL quotes back: "Key (email)=(ada@…)", "invalid input syntax for type …: "…""
      .replace(/(\bKey \([^)\n]*\)=)[^\n]*/g, `$1(${CENSOR})`)
      .replace(/(\binvalid input (?:syntax|value) for [^:\n]*: )"[^"\n]*"/g, `$1"${CENSOR}"`)
  );
}

type Serialized = Record<string, unknown>;

/** What an error is made of: kept (an error's `code` says what failed, it is no secret). */
const ERROR_FIELDS = new Set(['type', 'message', 'stack', 'code', 'name', 'statusCode', 'status']);
/**
 * Fields of a database error that carry the values of a row (PostgreSQL's `detail`: "Key
 * (email)=(ada@…) already exists", `where`, the bound `parameters`): masked whatever the error.
 */
const VALUE_FIELDS = new Set(['detail', 'where', 'internalQuery', 'parameters', 'params', 'body', 'headers']);
/** A database error's cause, as an operator needs it: which rule broke where, never the values. */
const CAUSE_FIELDS = [
  'name',
  'message',
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
];

function causeOf(cause: unknown, depth = 0): Serialized | undefined {
  if (!cause || typeof cause !== 'object' || depth > 3) return undefined;
  const out: Serialized = {};
  for (const key of CAUSE_FIELDS) {
    const value = (cause as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') {
      out[key] = typeof value === 'string' ? redactText(value) : value;
    }
  }
  const deeper = causeOf((cause as { cause?: unknown }).cause, depth + 1);
  if (deeper) out.cause = deeper;
  return out;
}

/** Errors as pino serializes them, with secrets masked in the message and stack. */
function errSerializer(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactText(error) : error;
  const out = stdSerializers.err(error) as Serialized;
  const clean = (value: Serialized) => {
    for (const [key, v] of Object.entries(value)) {
      if (ERROR_FIELDS.has(key)) {
        if (typeof v === 'string') value[key] = redactText(v);
      } else if (isSecretName(key) || VALUE_FIELDS.has(key)) value[key] = CENSOR;
      else if (typeof v === 'string') value[key] = redactText(v);
      else if (v && typeof v === 'object' && key === 'cause') clean(v as Serialized);
    }
  };
  clean(out);
  // pino folds a cause into the stack text only: keep what failed (code, constraint) readable.
  if (out.cause === undefined && error.cause !== undefined) {
    const cause = causeOf(error.cause);
    if (cause) out.cause = cause;
  }
  return out;
}

/** Header bags (request or response): secret headers masked by name. */
function headersSerializer(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object') return headers;
  const out: Serialized = {};
  for (const [name, value] of Object.entries(headers as Serialized)) {
    out[name] = isSecretName(name) || SECRET_HEADERS.has(name.toLowerCase()) ? CENSOR : value;
  }
  return out;
}

const SECRET_HEADERS = new Set([
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-paystack-signature',
  'x-sandbox-signature',
]);

/** Names of fields masked wherever they sit in a log object (top level or one level down). */
const REDACTED_FIELDS = [
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'sessionToken',
  'guestToken',
  'otp',
  'secret',
  'signature',
  'cookie',
  'authorization',
];

export function createLogger(options: {
  level: string;
  pretty?: boolean;
  destination?: DestinationStream;
}): Logger {
  const config = {
    level: options.level,
    redact: {
      paths: [
        ...REDACTED_FIELDS,
        ...REDACTED_FIELDS.map((f) => `*.${f}`),
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-paystack-signature"]',
        'req.headers["x-sandbox-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: CENSOR,
    },
    serializers: {
      url: redactUrl,
      path: redactUrl,
      err: errSerializer,
      error: errSerializer,
      headers: headersSerializer,
    },
    hooks: {
      // The message itself, too (an interpolated URL or error text).
      logMethod(this: Logger, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
        );
      },
    },
  };
  if (options.destination) return pino(config, options.destination);
  if (options.pretty) {
    return pino({
      ...config,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino(config);
}

type LevelName = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when
 * something logs at a level that is on: most requests log nothing at `warn` and an answer from a
 * cache should not pay for a child's bindings and redaction set-up (ADR 044). Same lines, same
 * redaction, same request id as `parent.child(bindings)`.
 */
class LazyChildLogger {
  private made: Logger | undefined;
  constructor(
    private readonly parent: Logger,
    private readonly bindingsOf: Record<string, unknown>,
  ) {}
  private real(): Logger {
    this.made ??= this.parent.child(this.bindingsOf);
    return this.made;
  }
  private write(level: LevelName, args: unknown[]): void {
    if (!(this.made ?? this.parent).isLevelEnabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Logger {
    return this.real().child(bindings, options);
  }
  bindings() {
    return this.real().bindings();
  }
  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }
  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  get levels() {
    return this.parent.levels;
  }
  flush(callback?: (error?: Error) => void) {
    this.parent.flush(callback);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for every request (a route's own log level gets a
 * real child at once).
 */
export function lazyRequestLogger(
  parent: Logger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
): Logger {
  if (options && Object.keys(options).length > 0) return parent.child(bindings, options);
  return new LazyChildLogger(parent, bindings) as unknown as Logger;
}
