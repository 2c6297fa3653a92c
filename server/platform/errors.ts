// Typed domain errors. Services throw these; one handler (server/http/errors.ts) maps them to HTTP.

export type FieldErrors = Record<string, string[]>;

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Safe to show to the shopper as is. */
  readonly expose: boolean = true;
}

export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = 'validation_failed';
  constructor(
    message: string,
    readonly fieldErrors: FieldErrors = {},
  ) {
    super(message);
  }
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly code = 'unauthorized';
  constructor(message = 'Please sign in to continue.') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code: string = 'forbidden';
  constructor(message = 'You do not have permission to do that.') {
    super(message);
  }
}

/**
 * A staff or admin account whose session has not given its second factor yet (ADR 019): it may
 * shop, but no staff page or API answers until it does.
 */
export class SecondFactorRequiredError extends ForbiddenError {
  override readonly code = 'second_factor_required';
  constructor(message = 'Please finish signing in with your authenticator code at /admin/two-factor.') {
    super(message);
  }
}

/** Wrong email or password: the one answer for both, so nobody learns which accounts exist. */
export class InvalidCredentialsError extends AppError {
  readonly status = 401;
  readonly code = 'invalid_credentials';
  constructor(message = 'Incorrect email or password.') {
    super(message);
  }
}

/** The password was right, but the address has not been confirmed yet. */
export class EmailNotVerifiedError extends ForbiddenError {
  override readonly code = 'email_not_verified';
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'not_found';
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly code: string = 'conflict';
}

export class OutOfStockError extends ConflictError {
  override readonly code = 'out_of_stock';
}

/** A request body larger than its route accepts (the message says the limit). */
export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = 'payload_too_large';
}

export class RateLimitError extends AppError {
  readonly status = 429;
  readonly code = 'rate_limited';
  constructor(
    message = 'Too many attempts. Please wait a moment and try again.',
    readonly retryAfterSeconds = 60,
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The shop cannot reach something it needs right now (its database): nothing is wrong with the
 * request, and the same request a little later will work (ADR 050). 503 with Retry-After.
 */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code: string = 'service_unavailable';
  constructor(
    message = 'The shop cannot reach its database just now. Nothing was changed: please try again in a minute.',
    readonly retryAfterSeconds = 30,
  ) {
    super(message);
  }
}

/** The photo store has no room left (ENOSPC, a full quota): the owner must free space (ADR 050). */
export class StorageFullError extends AppError {
  readonly status = 507;
  readonly code = 'storage_full';
  constructor(
    message = 'Storage full: the photo could not be saved. Free some space on the server, then try again.',
  ) {
    super(message);
  }
}

/** Error codes of a connection that cannot be made or was lost (Node's, and PostgreSQL's class 08 and 57P). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** What node-postgres says when a connection drops or cannot be had (it sets no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended/i;

/**
 * Whether `error` (or an error it wraps: Drizzle's "Failed query" keeps the driver's error as its
 * cause) says the database could not be reached, rather than that a query was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    // A connection to a name with several addresses fails with all of them (AggregateError).
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
