// What an action answers when a form is refused: the message, the field errors and what the
// shopper typed (never passwords), with the error's HTTP status.
import { data } from 'react-router';
import { asAppError } from './errors.ts';

export interface FormFailure {
  ok: false;
  message: string;
  code: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

const SECRET_FIELDS = /password|token/i;

/** The form's text fields as plain strings (files and secrets left out). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string' && !key.startsWith('_')) values[key] = value;
  }
  return values;
}

/**
 * What a refused form may send back of what was typed: only the fields in `limits`, each cut to
 * its own limit (issue 29): a form's answer is never larger than its fields may be, whatever was
 * posted. `values` itself stays as posted, so the service still refuses what is too long.
 */
export function echoable(
  values: Record<string, string>,
  limits: Record<string, number>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, max] of Object.entries(limits)) {
    const value = values[key];
    if (typeof value === 'string') kept[key] = value.slice(0, max);
  }
  return kept;
}

/** A refusal the shopper can act on, or null when the error is a bug (rethrow it). */
export function formFailure(error: unknown, values: Record<string, string>) {
  const known = asAppError(error);
  if (!known) return null;
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELDS.test(key)));
  const headers: Record<string, string> = {};
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (known.status === 429 && retryAfter) headers['retry-after'] = String(retryAfter);
  return data<FormFailure>(
    {
      ok: false,
      message: known.message,
      code: known.code,
      fieldErrors: known.fieldErrors ?? {},
      values: kept,
    },
    { status: known.status, headers },
  );
}

/**
 * A route's `headers` export: pages only send a loader's or action's own headers when asked, and
 * a refused form's Retry-After (429) must reach the browser. Cookies pass through regardless.
 */
export function formHeaders({
  actionHeaders,
  loaderHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
  parentHeaders?: Headers;
}) {
  const headers = new Headers(loaderHeaders);
  // A parent's Cache-Control (the root's `private, no-store` on a page showing a flash toast) holds.
  const parentCache = parentHeaders?.get('cache-control');
  if (parentCache && !headers.has('cache-control')) headers.set('cache-control', parentCache);
  const retryAfter = actionHeaders.get('retry-after');
  if (retryAfter) headers.set('retry-after', retryAfter);
  return headers;
}
