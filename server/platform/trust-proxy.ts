// Which X-Forwarded-For entries to believe (TRUST_PROXY). The client address is what the rate
// limits count, so believing a header a client wrote itself would let anyone dodge them.
import { isIP } from 'node:net';

/** Off, the number of proxies in front of the shop, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for private ranges (as Fastify and Express accept them). */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; `true` is refused on purpose (it believes every hop). */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  if (value === 'true' || value === 'yes') {
    return {
      problem:
        'true would believe any X-Forwarded-For a client sends, so anyone could dodge the rate limits. ' +
        'Set the number of proxies in front of the shop (e.g. TRUST_PROXY=1) or their addresses ' +
        '(e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
    };
  }
  const items = raw
    .split(',')
    .map((i) => i.trim())
    .filter(Boolean);
  const bad = items.filter((i) => !isAddressOrCidr(i));
  if (items.length === 0 || bad.length > 0) {
    return {
      problem: `must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses/CIDRs; not understood: ${bad.join(', ')}`,
    };
  }
  return items;
}

/**
 * Fastify's `trustProxy`. Addresses pass through (proxy-addr compiles them). A hop count becomes
 * "believe the last n hops" (the socket and the n-1 entries before it, as Express and proxy-addr
 * count them): this Fastify ignores a bare number on purpose, because a client that reaches the
 * shop without the proxy can then write its own X-Forwarded-For. Use a count only when the
 * shop's port is reachable through the proxy alone; otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === false || value === 0) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
