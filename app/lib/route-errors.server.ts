// The one way a domain error becomes a page (ADR 074), as server/http/errors.ts is for the JSON API.
//
// - `pageLoader(load)`: a loader whose refusal (an AppError of status 4xx: not found, forbidden, a
//   bad query) is the page's answer: `data({ message, code }, { status })`, shown by the nearest
//   error boundary inside the shop's chrome (the storefront layout, or the admin shell).
// - `formAction(act)`: an action whose refusal is the form's answer: its message, field errors and
//   what was typed (`formFailure`, ADRs 064/065), with the error's status; the page stays. Any
//   domain error, as `formFailure` always did: a full photo store (507) is said on the form too.
// - `idParam(raw)` and `found(row)`: a malformed id is a 400, a missing row a 404.
//
// Anything else (a bug, a database that cannot be reached, a loader's 5xx) is rethrown untouched: it still
// reaches handleError's log and the error page with status 500 (or the plain 503, ADR 050).
import { data } from 'react-router';
import { asAppError } from './errors.ts';
import { type FormFailure, formFailure, formValues } from './forms.server.ts';

/** What an error boundary finds in a refusal: the service's message, safe to show as is. */
export interface PageRefusal {
  message: string;
  code: string;
}

/** A refused request as the page's answer, or null when the error is not a visitor's to fix. */
export function pageRefusal(error: unknown) {
  const known = asAppError(error);
  if (!known || known.status >= 500) return null;
  const headers: Record<string, string> = {};
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (known.status === 429 && retryAfter) headers['retry-after'] = String(retryAfter);
  return data<PageRefusal>({ message: known.message, code: known.code }, { status: known.status, headers });
}

/**
 * Work whose 4xx domain error answers the whole request, even inside an action: a form posted to a
 * ticket that is not there is a 404 page, not a refused form.
 */
export async function asPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw pageRefusal(error) ?? error;
  }
}

/** A loader whose 4xx domain errors are the page's status and message (see the top of this file). */
export function pageLoader<Args, Result>(load: (args: Args) => Promise<Result>) {
  return (args: Args): Promise<Result> => asPage(load(args));
}

export interface FormActionOptions<Tag extends object> {
  /**
   * What of the typed values a refusal sends back (default: every text field but secrets).
   * A form with length limits passes `(values) => echoable(values, LIMITS)` (issue 29).
   */
  keep?: (values: Record<string, string>) => Record<string, string>;
  /** More for the page to tell which of its forms was refused: `(values) => ({ intent: … })`. */
  tag?: (values: Record<string, string>) => Tag;
}

/** The action's arguments, with the posted form read once on first use. */
export type WithForm<Args> = Args & { form: () => Promise<FormData> };

/**
 * An action whose domain errors are the form's refusal: message, field errors and what was
 * typed, with the error's status. The action reads the posted form through `form()` (read once,
 * shared with the wrapper), so the refusal keeps the fields even when the action failed first.
 * A redirect or a `data(…)` the action throws passes through as it is.
 */
export function formAction<Args extends { request: Request }, Result, Tag extends object = object>(
  act: (args: WithForm<Args>) => Promise<Result>,
  options: FormActionOptions<Tag> = {},
) {
  return async (args: Args) => {
    let read: Promise<FormData> | undefined;
    const form = () => {
      read ??= args.request.formData();
      return read;
    };
    try {
      return await act({ ...args, form });
    } catch (error) {
      // Every domain error, a 5xx too (a full photo store, 507): the form says so and keeps its fields.
      const failure =
        asAppError(error) && (await refusedForm(error, await form().catch(() => null), options));
      if (!failure) throw error;
      return failure;
    }
  };
}

async function refusedForm<Tag extends object>(
  error: unknown,
  sent: FormData | null,
  { keep, tag }: FormActionOptions<Tag>,
) {
  const values = sent ? formValues(sent) : {};
  const failure = formFailure(error, keep ? keep(values) : values);
  if (!failure) return null;
  return data<FormFailure & Tag>({ ...failure.data, ...(tag?.(values) as Tag) }, failure.init ?? undefined);
}

/** The most digits an id in a path may have: every id column is a 32-bit integer. */
const ID = /^[1-9]\d{0,8}$/;

/** A row id from the page's path: a positive whole number, or a 400 that says so. */
export function idParam(raw: string | undefined, what = 'item'): number {
  if (raw === undefined || !ID.test(raw)) {
    throw data<PageRefusal>(
      { message: `That address does not name a${/^[aeiou]/.test(what) ? 'n' : ''} ${what}.`, code: 'bad_id' },
      { status: 400 },
    );
  }
  return Number(raw);
}

/** The row a page shows, or the 404 that says it is not there. */
export function found<T>(row: T | null | undefined, message = 'There is nothing at this address.'): T {
  if (row === null || row === undefined) {
    throw data<PageRefusal>({ message, code: 'not_found' }, { status: 404 });
  }
  return row;
}
