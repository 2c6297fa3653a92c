// The one abandoned-cart reminder (issue 14, ADR 037). A cart with lines that has waited the
// owner's setting (admin settings → Reminders; 0 turns it off) gets one email with a link back to
// it, when there is someone to write to: the signed-in shopper's account, or a guest's email typed
// at checkout. Never when the shopper has ordered since the cart last changed, never to an account
// (or a guest address that is an account's) that turned promotional emails off, and once per cart
// state: the cart's `updated_at` is stamped into `reminded_for`, so only a changed cart can be
// reminded again. The sweep claims carts FOR UPDATE SKIP LOCKED and queues the email in the same
// transaction, so two processes never send it twice.
import { variantLabel } from '#core/variants.ts';
import type { Db } from '#server/db/client.ts';
import type { MailPreferencesPort } from '#server/modules/accounts/mail-preferences.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { abandonedCartMail } from '#server/modules/mail/notification-templates.tsx';
import type { RecentOrdersPort } from '#server/modules/orders/orders.ports.ts';
import { claimDueCarts, listCartLines, markReminded } from './cart.repository.ts';

/** Carts untouched for longer than this are stale, not waiting: no reminder (ADR 037). */
export const ABANDONED_CART_MAX_AGE_DAYS = 7;
/** The owner's setting until they change it. */
export const DEFAULT_ABANDONED_CART_HOURS = 24;
const BATCH = 50;

export interface AbandonedCartSweep {
  sent: number;
  skipped: number;
}

export function createAbandonedCartReminders(deps: {
  db: Db;
  mail: Pick<MailService, 'enqueue'>;
  preferences: MailPreferencesPort;
  orders: RecentOrdersPort;
  /** The owner's wait in hours (0: reminders off). */
  waitHours: () => Promise<number>;
  publicUrl: string;
}) {
  const { db, mail, preferences, orders, publicUrl } = deps;

  async function batch(now: Date, hours: number): Promise<AbandonedCartSweep & { claimed: number }> {
    return db.transaction(async (tx) => {
      const due = await claimDueCarts(
        tx,
        {
          newest: new Date(now.getTime() - hours * 3_600_000),
          oldest: new Date(now.getTime() - ABANDONED_CART_MAX_AGE_DAYS * 86_400_000),
        },
        BATCH,
      );
      const accounts = await preferences.ofAccounts(
        tx,
        due.flatMap((c) => (c.userId === null ? [] : [c.userId])),
      );
      const guests = await preferences.ofEmails(
        tx,
        due.flatMap((c) => (c.userId === null && c.email ? [c.email] : [])),
      );
      let sent = 0;
      let skipped = 0;
      for (const cart of due) {
        const account = cart.userId === null ? null : (accounts.get(cart.userId) ?? null);
        const to = account?.email ?? cart.email;
        const wantsIt = account ? account.promotions : (guests.get(cart.email ?? '')?.promotions ?? true);
        const ordered = to
          ? await orders.placedSince(tx, { userId: cart.userId, email: to }, cart.updatedAt)
          : true;
        const lines = await listCartLines(tx, cart.id);
        if (to && wantsIt && !ordered && lines.length > 0) {
          await mail.enqueue(
            tx,
            abandonedCartMail({
              to,
              name: account?.name ?? null,
              lines: lines.map((l) => {
                const label = variantLabel(l.options);
                return { name: label ? `${l.productName} (${label})` : l.productName, quantity: l.quantity };
              }),
              cartUrl: `${publicUrl}/cart`,
              settingsUrl: account ? `${publicUrl}/dashboard?tab=settings` : null,
            }),
          );
          sent += 1;
        } else {
          skipped += 1;
        }
        await markReminded(tx, cart.id);
      }
      return { claimed: due.length, sent, skipped };
    });
  }

  return {
    /** Sends the reminders that are due now; returns how many went and how many were passed over. */
    async sweep(now = new Date()): Promise<AbandonedCartSweep> {
      const hours = await deps.waitHours();
      const total = { sent: 0, skipped: 0 };
      if (hours <= 0) return total;
      for (;;) {
        const done = await batch(now, hours);
        total.sent += done.sent;
        total.skipped += done.skipped;
        if (done.claimed < BATCH) return total;
      }
    },
  };
}
