// The one rule for every "go back there afterwards" the shop takes from a request (redirectTo after
// signing in, next after confirming an email, back to the page a form was posted from): only a
// path on this shop, never another site. Whatever the input, the answer starts with exactly one
// '/' and resolves to this shop's origin; anything doubtful gives the fallback.

/** Longest path worth keeping; anything longer is not a page of this shop. */
const MAX_LENGTH = 2000;
const BASE = 'https://shop.invalid';

/** Decoded again and again (as careless code might), the value still starts as one path. */
function survivesDecoding(value: string): boolean {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return true; // not decodable further: nothing more to reveal
    }
    if (next === current) return true;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/^[/\\]{2}|^\/?[\u0000-\u0020\\]|[\u0000-\u001f\u007f\\]/.test(next) || !next.startsWith('/'))
      return false;
    current = next;
  }
  return false;
}

/**
 * `value` if it is a same-origin path (normalised as a browser would read it), else `fallback`.
 * Refused: anything not starting with '/', scheme-relative `//host` and `/\host`, control
 * characters (browsers drop tabs and newlines, so `/\t/evil` would be `//evil`), backslashes,
 * and whatever a browser would resolve to another origin.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (value[0] !== '/' || value[1] === '/') return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Encoded forms (`/%2F%2Fevil`, `/%5Cevil`, `/%09/evil`) are harmless paths to a browser, but
  // whoever decodes the value again must not find a way off-site either.
  if (!survivesDecoding(value)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave `//host` behind (`/.//evil`): never hand that on.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}
