// "Email me when it's back" (issue 14, ADR 037). A shopper on a sold-out variant leaves an email
// (a signed-in one taps once: their account's email). When that variant has stock again — by an
// admin save, stock put back from an ended order, any path — `sweep` claims the waiting requests
// whose variant is on sale with stock (FOR UPDATE SKIP LOCKED), queues one email each through the
// outbox and marks them answered, all in one transaction: two processes sweeping at once never
// send twice, and a crash before commit sends nothing and leaves them waiting. The background
// job sweeps every half minute; an admin save (and expired orders) kick a sweep at once.
import { productPath } from '#core/catalog.ts';
import { BackInStockInput, type BackInStockResult } from '#core/contract/back-in-stock.ts';
import { variantLabel } from '#core/variants.ts';
import type { Db } from '#server/db/client.ts';
import type { MailPreferencesPort } from '#server/modules/accounts/mail-preferences.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { backInStockMail } from '#server/modules/mail/notification-templates.tsx';
import { ConflictError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  claimDueRequests,
  findRequestableVariant,
  markAnswered,
  upsertRequest,
  waitingVariantsOf,
} from './back-in-stock.repository.ts';

/** Requests answered per transaction (a big restock is answered in several). */
export const BACK_IN_STOCK_BATCH = 100;

export interface BackInStockSweep {
  sent: number;
  skipped: number;
}

export function createBackInStockService(deps: {
  db: Db;
  mail: Pick<MailService, 'enqueue'>;
  preferences: MailPreferencesPort;
  publicUrl: string;
  log?: Logger;
}) {
  const { db, mail, preferences, publicUrl } = deps;

  async function sweepBatch(): Promise<BackInStockSweep & { claimed: number }> {
    return db.transaction(async (tx) => {
      const due = await claimDueRequests(tx, BACK_IN_STOCK_BATCH);
      const accounts = await preferences.ofAccounts(
        tx,
        due.flatMap((r) => (r.userId === null ? [] : [r.userId])),
      );
      const sent: number[] = [];
      const skipped: number[] = [];
      for (const request of due) {
        // An account's request obeys its back-in-stock setting at sending time; a guest asked
        // for this one email and gets it.
        if (request.userId !== null && accounts.get(request.userId)?.backInStock === false) {
          skipped.push(request.id);
          continue;
        }
        const path = `${productPath({ slug: request.productSlug, id: request.productId })}?variant=${request.variantId}`;
        await mail.enqueue(
          tx,
          backInStockMail({
            to: request.email,
            productName: request.productName,
            optionSummary: variantLabel(request.options),
            url: `${publicUrl}${path}`,
            account: request.userId !== null,
            settingsUrl: `${publicUrl}/dashboard?tab=settings`,
          }),
        );
        sent.push(request.id);
      }
      await markAnswered(tx, sent, 'sent');
      await markAnswered(tx, skipped, 'skipped');
      return { claimed: due.length, sent: sent.length, skipped: skipped.length };
    });
  }

  /** Answers every waiting request whose variant has stock again; returns how many. */
  async function sweep(): Promise<BackInStockSweep> {
    const total = { sent: 0, skipped: 0 };
    for (;;) {
      const batch = await sweepBatch();
      total.sent += batch.sent;
      total.skipped += batch.skipped;
      if (batch.claimed < BACK_IN_STOCK_BATCH) return total;
    }
  }

  let running: Promise<void> | null = null;
  let again = false;

  return {
    /**
     * A shopper asks to hear when a sold-out variant is back. `account` is the signed-in shopper
     * (their account email is used, and their back-in-stock setting is ticked: they asked); a
     * guest gives an email. Asking twice changes nothing (`created: false`).
     */
    async request(
      input: unknown,
      account: { userId: number; email: string } | null,
    ): Promise<BackInStockResult> {
      const parsed = parseInput(BackInStockInput, input);
      const email = account?.email.toLowerCase() ?? parsed.email;
      if (!email) {
        throw new ValidationError('Please enter your email address.', {
          email: ['Please enter your email address.'],
        });
      }
      return db.transaction(async (tx) => {
        const variant = await findRequestableVariant(tx, parsed.variantId);
        if (variant?.status !== 'active') {
          throw new NotFoundError('That product is not on sale.');
        }
        if (variant.stock > 0) {
          throw new ConflictError('Good news: this is in stock now, so you can add it to your cart.');
        }
        const created = await upsertRequest(tx, {
          variantId: variant.variantId,
          email,
          userId: account?.userId ?? null,
        });
        if (account) await preferences.turnOnBackInStock(tx, account.userId);
        return { email, created };
      });
    },

    /** Of these variants, the ones this address is already waiting for (the product page says so). */
    waitingFor(email: string, variantIds: number[]): Promise<number[]> {
      return waitingVariantsOf(db, email.toLowerCase(), variantIds);
    },

    sweep,

    /**
     * A sweep now, in the background (after a stock change has committed). Kicks while one runs
     * make it run once more; failures are logged and left to the next timer.
     */
    kick(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            const done = await sweep();
            if (done.sent + done.skipped > 0) deps.log?.info(done, 'back-in-stock requests answered');
          } catch (error) {
            deps.log?.warn({ err: error }, 'back-in-stock sweep failed');
          }
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}
