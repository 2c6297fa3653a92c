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
