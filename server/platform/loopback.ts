// "This machine": whether a client address or a host name is loopback. One rule for the start's
// local-address checks (server/shop-address.ts), the demo admin's sign-in (ADR 062: only from a
// loopback client, the address the rate limits count: request.ip after TRUST_PROXY) and the start
// banner (does HOST keep the shop to this machine).
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Whether an IP address (bare or in [brackets]) is loopback: 127.0.0.0/8, ::1, ::ffff:127.x. Anything else, false. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return LOOPBACK.check(bare, 'ipv4');
  if (family === 6) return LOOPBACK.check(bare, 'ipv6');
  return false;
}

/**
 * Whether a host name or address means this machine only: `localhost` (or a name under
 * `.localhost`, which browsers resolve to this machine) or a loopback address. `0.0.0.0` and `::`
 * (every interface) are not.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isLoopbackAddress(name);
}
