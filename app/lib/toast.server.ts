// Toasts that survive a redirect: an action answers `redirectWithToast(path, { kind, message })`;
// the next page's root loader reads the one-time flash cookie, clears it and renders the toast
// (server-side, so it shows without JavaScript too). A response that carries or clears a flash is
// `private, no-store`, so no cache ever keeps one shopper's message for another (ADR 024).
import { createCookie, data, redirect } from 'react-router';
import { type ShownToast, TOAST_MAX_LENGTH, type Toast } from './toast.ts';

/**
 * Not signed: it holds only a message this shop wrote, rendered as text, read once and cleared;
 * a signature would need a secret shared by every copy of the process for no gain.
 */
const flashCookie = createCookie('ch_flash', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 60,
});

export const NO_STORE = 'private, no-store';

function isToast(value: unknown): value is ShownToast {
  const v = value as Partial<ShownToast> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.kind === 'success' || v.kind === 'error') &&
    typeof v.message === 'string' &&
    typeof v.id === 'string'
  );
}

/** The Set-Cookie value that carries `toast` to the next page. */
export async function flashToastCookie(toast: Toast): Promise<string> {
  const shown: ShownToast = {
    kind: toast.kind,
    message: toast.message.slice(0, TOAST_MAX_LENGTH),
    id: Math.random().toString(36).slice(2, 10),
  };
  return flashCookie.serialize(shown);
}

/** Redirects to `path` with a toast for the page it lands on. */
export async function redirectWithToast(
  path: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('set-cookie', await flashToastCookie(toast));
  headers.set('cache-control', NO_STORE);
  return redirect(path, { ...init, headers });
}

/**
 * The flash this request carries, if any, and the headers that clear it (and keep the page that
 * shows it out of every cache). For the root loader; nothing else should read it.
 */
export async function takeToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get('cookie');
  if (!cookieHeader?.includes('ch_flash=')) return { toast: null, headers };
  const value: unknown = await flashCookie.parse(cookieHeader);
  headers.append('set-cookie', await flashCookie.serialize('', { maxAge: 0 }));
  headers.set('cache-control', NO_STORE);
  return { toast: isToast(value) ? value : null, headers };
}

/** Loader data with the flash's headers attached (for the root loader). */
export function withToastHeaders<T>(value: T, headers: Headers) {
  return data(value, { headers });
}
