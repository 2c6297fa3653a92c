// Turns a failed zod parse into the one ValidationError shape every form and API answer uses.
import type { z } from 'zod';
import { fieldErrorsOf } from '#core/contract/account.ts';
import { ValidationError } from './errors.ts';

export function validationErrorFrom(error: z.ZodError): ValidationError {
  const fieldErrors = fieldErrorsOf(error);
  const messages = Object.values(fieldErrors);
  const message =
    messages.length > 1
      ? 'Please correct the highlighted fields.'
      : (messages[0]?.[0] ?? 'Please check the form.');
  return new ValidationError(message, fieldErrors);
}

/** Parses input with a contract schema, or throws a ValidationError with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationErrorFrom(parsed.error);
  return parsed.data;
}
