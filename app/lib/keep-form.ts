// A hydrated page's form whose request fails (no network, a 5xx) would otherwise replace the page
// with the root's error screen, and everything typed with it. As a route's `clientAction`, this
// passes the server's answer on as it is (refusals, redirects, 404s included) and turns only such a
// failure into a refused form: a message, and what was typed (never passwords) for the form to keep
// (issue 29, ADR 061). Without JavaScript the browser shows the server's answer itself.
import { isRouteErrorResponse } from 'react-router';

export interface FailedRequest {
  ok: false;
  message: string;
  code: 'request_failed';
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

const SECRET_FIELDS = /password|token/i;

export const UNREACHABLE_MESSAGE =
  'We could not reach the shop. Please check your connection and try again: what you typed is still here.';
export const FAULT_MESSAGE =
  'Something went wrong on our side. Please try again in a moment: what you typed is still here.';

export async function keepFormOnFailure<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T | FailedRequest> {
  const sent = await request
    .clone()
    .formData()
    .catch(() => null);
  try {
    return await serverAction();
  } catch (error) {
    // A redirect, or a refusal the route answers itself (404, 4xx thrown on purpose): as before.
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    const values: Record<string, string> = {};
    for (const [key, value] of sent?.entries() ?? []) {
      if (typeof value === 'string' && !key.startsWith('_') && !SECRET_FIELDS.test(key)) values[key] = value;
    }
    return {
      ok: false,
      // fetch's TypeError: no answer at all; anything else is an answer that was a fault.
      message: error instanceof TypeError ? UNREACHABLE_MESSAGE : FAULT_MESSAGE,
      code: 'request_failed',
      fieldErrors: {},
      values,
    };
  }
}
