// Is this shop on a public address (a production shop), or may it be a demo shop (ADR 016)? Read
// from the configuration alone, so every layer may ask: the database's scheduled backups, the
// start-up checks, http and the commands.
import type { Env } from '#server/env.ts';
import { isLoopbackHost } from '#server/platform/loopback.ts';

/**
 * Whether the shop's address is local: unset, `localhost` (or a name under `.localhost`, which
 * browsers resolve to this machine), 127.0.0.0/8 or ::1. Anything else is a public address.
 */
export function isLocalAddress(publicUrl: string | undefined): boolean {
  if (!publicUrl) return true;
  let host: string;
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return isLoopbackHost(host);
}

/** A production shop: served on a public address. */
export function isProductionShop(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return !isLocalAddress(env.PUBLIC_URL);
}

/**
 * This process may run a demo shop: a local address and no ADMIN_EMAIL (the sample data and the
 * owner not having taken over are checked from the database, see DemoModeService.isOn).
 */
export function demoEligible(env: Pick<Env, 'PUBLIC_URL' | 'ADMIN_EMAIL'>): boolean {
  return !isProductionShop(env) && !env.ADMIN_EMAIL;
}
