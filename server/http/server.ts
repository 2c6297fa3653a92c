// The shop's process (started through server/main.ts): start-up and shutdown. Reads and checks the
// configuration, has the shop assembled (assemble.ts), listens, tells the operator what kind of
// shop is open, and on SIGINT/SIGTERM finishes the requests in flight before closing.
import { DataFolderInUse } from '#server/db/data-folder-lock.ts';
import { type Env, EnvError, loadEnv } from '#server/env.ts';
import { createLogger, type Logger } from '#server/platform/logger.ts';
import { isProductionShop } from '#server/shop-address.ts';
import { assertNoProblems, configurationProblems, demoBanner, StartupError } from '#server/startup-checks.ts';
import { type AssembledShop, assembleShop } from './assemble.ts';

const dev = process.argv.includes('--dev');

function configuration(): Env {
  try {
    const env = loadEnv(process.env);
    // A production shop (public PUBLIC_URL) needs real payments and mail (ADR 016).
    assertNoProblems(configurationProblems(env));
    return env;
  } catch (error) {
    console.error(error instanceof EnvError || error instanceof StartupError ? error.message : error);
    process.exit(1);
  }
}

/**
 * On a signal: say not ready, keep answering for DRAIN_MS (SIGTERM only) so a proxy's health check
 * stops sending traffic first, then stop taking connections, finish the requests in flight and
 * stop the rest; 15 s at most after the drain.
 */
function closeOnSignals(assembled: AssembledShop, log: Logger, drainMs: number) {
  const { app } = assembled;
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    // /readyz says no from now on. Behind a proxy (DRAIN_MS set) the process goes on answering
    // whatever still arrives until the proxy's health check has seen that: closing at once would
    // refuse the requests the proxy sends meanwhile (Caddy answers a refused POST with 502, since it
    // cannot replay its body). Ctrl-C (SIGINT) does not wait.
    assembled.readiness.drain();
    if (signal === 'SIGTERM' && drainMs > 0) {
      log.info({ signal, ms: drainMs }, 'shutting down: not ready, draining before closing');
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    // Requests already in flight finish (keep-alive ones that arrive now are answered 503 by
    // Fastify while it closes).
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    // Keep-alive connections that go idle after their last response must not hold the close up.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(sweep);
      await assembled.stop();
      log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/** What the operator must know once the shop is open. */
function announce(env: Env, log: Logger, shop: AssembledShop['shop'], port: number) {
  console.log(`\n  Crown Hair is open at http://localhost:${port}\n`);
  if (shop.demoMode) {
    log.warn('DEMO SHOP: demo admin with a published password; take the shop over before real use');
    console.log(demoBanner(shop, `http://localhost:${port}/admin`, env.HOST));
  }
  if (isProductionShop(env) && env.ALLOW_SANDBOX_PAYMENTS && !env.PAYSTACK_SECRET_KEY)
    log.warn('ALLOW_SANDBOX_PAYMENTS=1: this production shop takes sandbox payments (no real money)');
  if (isProductionShop(env) && env.ALLOW_LOCAL_MAILBOX && !env.SMTP_URL)
    log.warn('ALLOW_LOCAL_MAILBOX=1: this production shop keeps its mail in the local mailbox');
  if (!env.PAYSTACK_SECRET_KEY) {
    // Anyone can "pay" on the sandbox's page: fine for trying the shop, never for real orders.
    console.log(
      '  Payments: SANDBOX (no real money moves). Set PAYSTACK_SECRET_KEY before taking real orders.\n',
    );
  }
}

async function main() {
  const env = configuration();
  const log = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
  const started = Date.now();

  let assembled: AssembledShop;
  try {
    assembled = await assembleShop({ env, log, dev });
  } catch (error) {
    // Refused: the shop's mode, or the embedded database in use by another process (ADR 064).
    if (!(error instanceof StartupError || error instanceof DataFolderInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  closeOnSignals(assembled, log, env.DRAIN_MS);

  const { app } = assembled;
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  // A second process on the data folder is told where this one listens.
  assembled.dataFolderLock?.setPort(port);
  log.info({ ms: Date.now() - started }, 'ready');
  announce(env, log, assembled.shop, port);
}

main().catch((error) => {
  console.error('The shop could not start:', error);
  process.exit(1);
});
