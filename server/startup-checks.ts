// What a start must settle before the shop serves anyone (ADR 016): is this a production shop or
// may it be a demo shop; does the owner take it over now; and does a production shop have what it
// needs (a payment provider, a mail server) and nothing of the demo (demo admin, sample codes).
// server/http/server.ts calls these; each refusal is a StartupError whose message says what to do.
import { DEMO_ADMIN, isDemoAdminEmail } from '#core/demo.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/platform/logger.ts';
import { isLoopbackHost } from '#server/platform/loopback.ts';
import type { Services } from '#server/services.ts';
import { isProductionShop } from '#server/shop-address.ts';

/** A start that must not go on; the message tells the operator how to fix it. */
export class StartupError extends Error {}

type ConfigEnv = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'PAYSTACK_SECRET_KEY'
  | 'ALLOW_SANDBOX_PAYMENTS'
  | 'SMTP_URL'
  | 'ALLOW_LOCAL_MAILBOX'
  | 'ADMIN_EMAIL'
  | 'ADMIN_PASSWORD'
>;

/** What is wrong with the configuration itself (no database needed). Empty: go on. */
export function configurationProblems(env: ConfigEnv): string[] {
  const problems: string[] = [];
  if (env.ADMIN_EMAIL && isDemoAdminEmail(env.ADMIN_EMAIL)) {
    problems.push(
      `ADMIN_EMAIL is the demo admin's address (${DEMO_ADMIN.email}). Set ADMIN_EMAIL to your own address.`,
    );
  }
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    problems.push('ADMIN_PASSWORD is set without ADMIN_EMAIL. Set ADMIN_EMAIL to the admin’s address too.');
  }
  if (!isProductionShop(env)) return problems;
  const where = `PUBLIC_URL is ${env.PUBLIC_URL}, a public address, so this is a production shop`;
  if (!env.PAYSTACK_SECRET_KEY && !env.ALLOW_SANDBOX_PAYMENTS) {
    problems.push(
      `${where}, and PAYSTACK_SECRET_KEY is not set: anyone could "pay" on the sandbox page. ` +
        'Set PAYSTACK_SECRET_KEY to your Paystack secret key (sk_live_…), or set ALLOW_SANDBOX_PAYMENTS=1 ' +
        'for a staging shop that must take no real orders.',
    );
  }
  if (!env.SMTP_URL && !env.ALLOW_LOCAL_MAILBOX) {
    problems.push(
      `${where}, and SMTP_URL is not set: no email would reach a customer. ` +
        'Set SMTP_URL to your mail server (smtp://user:pass@host:587), or set ALLOW_LOCAL_MAILBOX=1 ' +
        'to keep mail in the local mailbox at /admin/mailbox.',
    );
  }
  return problems;
}

/** Throws a StartupError listing every problem, if any. */
export function assertNoProblems(problems: string[]): void {
  if (problems.length === 0) return;
  throw new StartupError(`The shop will not start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

export interface ShopState {
  production: boolean;
  /** The shop is a demo shop (ADR 016). */
  demoMode: boolean;
  /** Demo mode, and the demo admin still signs in with the published password. */
  demoCredentialsWork: boolean;
}

/**
 * After migrations and the sample data: lets the owner take the shop over (ADMIN_EMAIL), makes
 * sure the demo admin exists only in demo mode, and refuses a production shop that still has a
 * demo admin or the sample promo codes.
 */
export async function settleShopMode(deps: {
  env: Pick<Env, 'PUBLIC_URL' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>;
  services: Pick<Services, 'accounts' | 'demo'>;
  log: Logger;
}): Promise<ShopState> {
  const { env, services, log } = deps;
  const { accounts, demo } = services;
  const production = isProductionShop(env);

  if (env.ADMIN_EMAIL) {
    if (env.ADMIN_PASSWORD) {
      const result = await accounts.ensureAdmin({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      if (result === 'created') log.info({ email: env.ADMIN_EMAIL }, 'admin created from ADMIN_EMAIL');
      else
        log.info(
          { email: env.ADMIN_EMAIL },
          'ADMIN_EMAIL already has an account: left unchanged (use npm run admin:create to reset it)',
        );
    }
    if ((await accounts.roleOf(env.ADMIN_EMAIL)) !== 'admin') {
      throw new StartupError(
        `ADMIN_EMAIL is ${env.ADMIN_EMAIL}, but no admin account has that address. ` +
          'Set ADMIN_PASSWORD too (the first start creates the admin), or run ' +
          'npm run admin:create -- --email you@example.com --password "…"',
      );
    }
    // The owner has taken the shop over: demo mode ends for good.
    const ended = await demo.end('ADMIN_EMAIL');
    if (ended.demoAdminRemoved || ended.sampleCodesRemoved.length > 0)
      log.warn(ended, 'demo mode ended: demo admin and sample promo codes removed');
  }

  const demoMode = !production && (await demo.isOn());
  if (demoMode) {
    const made = await demo.ensureDemoAdmin();
    if (made === 'created') log.info({ email: DEMO_ADMIN.email }, 'demo admin created (demo shop)');
    if (made === 'taken')
      log.warn(
        { email: DEMO_ADMIN.email },
        'demo shop without a demo admin: an ordinary account already has its address (left as it is)',
      );
  } else if (!production && (await demo.removeDemoAdmin())) {
    log.warn({ email: DEMO_ADMIN.email }, 'not a demo shop: demo admin removed');
  }

  if (production) {
    const left = await demo.leftovers();
    const problems: string[] = [];
    const takeOver =
      'Take the shop over: start it once with ADMIN_EMAIL and ADMIN_PASSWORD set to your own admin, or run ' +
      'npm run admin:create -- --email you@example.com --password "…" (this removes the demo admin and the ' +
      'sample promo codes for good).';
    if (left.demoAdmin)
      problems.push(
        `The demo admin ${DEMO_ADMIN.email}, whose password is published, still exists on this production shop (PUBLIC_URL is ${env.PUBLIC_URL}). ${takeOver}`,
      );
    if (left.sampleCodes.length > 0)
      problems.push(
        `The sample promo codes ${left.sampleCodes.join(', ')}, published with the sample data, still exist on this production shop. ${takeOver} If you made codes with these names yourself, rename them.`,
      );
    assertNoProblems(problems);
  }

  const demoCredentialsWork = demoMode && (await demo.credentialsWork());
  return { production, demoMode, demoCredentialsWork };
}

/**
 * The console banner of a demo shop: loud, so nobody mistakes it for a real one. `host` is what
 * the shop listens on (HOST): beyond this machine, the banner says who can reach it (ADR 062).
 */
export function demoBanner(state: ShopState, adminUrl: string, host: string): string {
  const line = `  ${'='.repeat(76)}`;
  const credentials = state.demoCredentialsWork
    ? `  Demo admin:   ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\n`
    : '';
  const network = isLoopbackHost(host)
    ? ''
    : `  HOST=${host}: other machines on your network can open this demo shop, but\n` +
      '  the demo admin signs in only from this machine (its password is published).\n' +
      '  To keep the whole shop to this machine, set HOST=127.0.0.1.\n';
  return (
    `${line}\n` +
    '  DEMO SHOP: sample data, a demo admin with a published password, sandbox payments\n' +
    '  and a local mailbox. Fine for trying the shop on this machine; never for real orders.\n' +
    `  Admin portal: ${adminUrl}\n` +
    credentials +
    network +
    '  Take it over: set ADMIN_EMAIL and ADMIN_PASSWORD, or run\n' +
    '    npm run admin:create -- --email you@example.com --password "…"\n' +
    '  (demo mode then ends for good: the demo admin and sample promo codes are removed).\n' +
    `${line}\n`
  );
}
