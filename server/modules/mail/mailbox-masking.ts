// The local mailbox rule (ADR 017): what staff see of a message that they must not be able to use.
// Masking keeps the message readable (who it went to, what it says, where its links go) and takes
// out everything in it that could work as a key:
//   - in every http(s) address, in the text and in the HTML: each query value (whatever its name),
//     the fragment, any user:password, and each path segment that looks random (see below);
//   - anywhere else in the text: any bare run of 32 or more token characters that looks random.
// A value is replaced by MASK, so a masked link still shows its path but opens nothing.

export const MASK = '[masked]';

/** An http(s) address in plain text or HTML (it ends at a space, quote, angle bracket or backtick). */
const URL_PATTERN = /https?:\/\/[^\s"'<>`]+/gi;
/** Characters of random tokens (base64url, hex) and their percent-encoded forms. */
const TOKEN_CHARS = /^[A-Za-z0-9_~.%=-]+$/;
/** A bare run of token characters outside any address. */
const BARE_RUN = /[A-Za-z0-9_-]{32,}/g;
/** A slug made of words: lower-case letters and digits, pieces joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path segment (or bare word) looks like a random token rather than a name: 16 or more
 * token characters that are not a slug of words of at most 12 characters each ("lace-frontals",
 * "brazilian-body-wave-22-inch" stay; a base64url or hex token, a UUID, a long hash go).
 */
export function looksRandom(value: string): boolean {
  if (value.length < 16 || !TOKEN_CHARS.test(value)) return false;
  if (UUID.test(value)) return true;
  if (!SLUG.test(value)) return true;
  return value.split('-').some((piece) => piece.length > 12);
}

/** One address with every usable part masked. Works on the text as written (HTML-escaped or not). */
export function maskUrl(url: string): string {
  const schemeEnd = url.indexOf('//') + 2;
  const pathStart = url.indexOf('/', schemeEnd);
  const authorityEnd = pathStart === -1 ? url.length : pathStart;
  let authority = url.slice(schemeEnd, authorityEnd);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = `${MASK}@${authority.slice(at + 1)}`;
  let rest = url.slice(authorityEnd);

  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    fragment = hash + 1 < rest.length ? `#${MASK}` : '#';
    rest = rest.slice(0, hash);
  }
  let query = '';
  const question = rest.indexOf('?');
  if (question !== -1) {
    // Split on "&" (and so on "&amp;" in HTML: the "amp;" stays with the name, the value goes).
    query = `?${rest
      .slice(question + 1)
      .split('&')
      .map((pair) => {
        if (pair === '' || pair === 'amp;') return pair;
        const eq = pair.indexOf('=');
        return eq === -1 ? MASK : `${pair.slice(0, eq + 1)}${MASK}`;
      })
      .join('&')}`;
    rest = rest.slice(0, question);
  }
  const path = rest
    .split('/')
    .map((segment) => (looksRandom(segment) ? MASK : segment))
    .join('/');
  return `${url.slice(0, schemeEnd)}${authority}${path}${query}${fragment}`;
}

/** A message body (plain text or HTML) with every address masked and every bare token removed. */
export function maskBody(body: string): string {
  const parts = body.split(URL_PATTERN);
  const urls = body.match(URL_PATTERN) ?? [];
  let out = '';
  parts.forEach((part, i) => {
    out += part.replace(BARE_RUN, (run) => (looksRandom(run) ? MASK : run));
    const url = urls[i];
    if (url !== undefined) out += maskUrl(url);
  });
  return out;
}
