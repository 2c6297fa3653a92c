// PostgreSQL `text` and `jsonb` cannot hold U+0000: a NUL that reached a query made it throw, and
// the shopper got a 500 for a value no person types (issue 16, ADR 048). Requests carrying one in
// their path, query, JSON body or form fields are refused at the door with a 400 instead.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '#server/platform/errors.ts';

const NUL = '\u0000';
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

/** Whether any string (or object key) in `value` holds a NUL; walks without recursion. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** A preValidation hook: the route's params, query and parsed body hold no NUL. */
export function refuseNul(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
    return done(new ValidationError(NUL_MESSAGE));
  }
  done();
}
