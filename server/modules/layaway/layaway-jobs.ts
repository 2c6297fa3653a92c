// Pay small-small's background work (ADR 099): reminders three days before and on each due date,
// and the default job — a plan with an instalment still unpaid past its grace days ends by the
// rule the shopper agreed to: the order is cancelled by the shop through the state machine (its
// stock goes back once; the shopper's status email says why), and the money paid becomes store
// credit (through the credit module's port) or a refund owed less the fee (recorded on the plan
// for the refunds module). Rows are claimed FOR UPDATE SKIP LOCKED, each batch in one transaction,
// so any number of processes may run these at once and each email and each end happens once.
import { addDays, defaultFeeKobo, lagosDate } from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { layawayReminderMail } from '#server/modules/mail/layaway-templates.tsx';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { StaffActor } from '#server/modules/orders/order-machine.ts';
import type { OrdersService } from '#server/modules/orders/orders.service.ts';
import {
  claimDefaulted,
  claimDueReminders,
  endPlan,
  markReminded,
  type PlanRow,
} from './layaway.repository.ts';
import type { PlanRule } from './layaway.service.ts';

const BATCH = 50;

/** The credit module's port (services.ts fills it with `credit.grant`; ADR 100). */
export type GrantStoreCredit = (
  q: Queryable,
  grant: { userId: number; amountKobo: number; reason: string; orderId: number },
) => Promise<void>;

export function createLayawayJobs(deps: {
  db: Db;
  mail: Pick<MailService, 'enqueue'>;
  orders: Pick<OrdersService, 'endUnpaid'>;
  publicUrl: string;
  /** Absent (tests of the job alone): the credit owed is recorded on the plan, not granted. */
  grantStoreCredit?: GrantStoreCredit;
  now?: () => Date;
}) {
  const { db, mail, orders, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  async function remind(kind: 'before' | 'due'): Promise<number> {
    const today = lagosDate(now());
    return db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, kind, today, addDays(today, 3), BATCH);
      for (const r of due) {
        await mail.enqueue(
          tx,
          layawayReminderMail({
            to: r.email,
            trackingNumber: r.trackingNumber,
            kind,
            dueDate: r.dueDate,
            owedKobo: r.owedKobo,
            balanceKobo: r.balanceKobo,
            payUrl: `${publicUrl}/layaway/pay?order=${r.trackingNumber}`,
          }),
        );
        await markReminded(tx, r.instalmentId, kind);
      }
      return due.length;
    });
  }

  /**
   * (A deposit still unpaid past the grace days ends the same way: its order, still waiting for
   * it, is cancelled by the shop; one the hold sweep already ended is left as it is.)
   * Ends one plan (claimed or locked by the caller) by its rule, on the caller's transaction: the
   * default job's (`defaulted`, by the shop), or staff cancelling it (`cancelled`, audited).
   */
  async function endByRule(
    tx: Queryable,
    plan: PlanRow,
    by: { status: 'defaulted' | 'cancelled'; actor?: StaffActor; why?: string } = { status: 'defaulted' },
  ): Promise<void> {
    const rule = plan.rule as PlanRule;
    const paid = plan.paidKobo;
    let outcome: Record<string, unknown>;
    let money: string;
    if (rule.defaultRule === 'store_credit') {
      const granted = paid > 0 && plan.userId !== null && deps.grantStoreCredit !== undefined;
      if (granted) {
        await deps.grantStoreCredit!(tx, {
          userId: plan.userId!,
          amountKobo: paid,
          reason: `Pay small-small plan for order ${plan.trackingNumber} ended unpaid`,
          orderId: plan.orderId,
        });
      }
      // `granted: false` only where no credit could be given (nothing paid, or no account).
      outcome = { rule: 'store_credit', creditKobo: paid, granted };
      money = paid > 0 ? `The ${formatPrice(paid)} you paid is kept for you as store credit.` : '';
    } else {
      const feeKobo = defaultFeeKobo(rule, paid);
      // The owner pays `refundKobo` back on the order's refund page, a recorded transfer (ADR 097, ADR 099).
      outcome = {
        rule: 'refund_less_fee',
        paidKobo: paid,
        feeKobo,
        refundKobo: paid - feeKobo,
        refunded: false,
      };
      money =
        paid > 0
          ? `We will refund ${formatPrice(paid - feeKobo)} of the ${formatPrice(paid)} you paid (less the agreed fee of ${formatPrice(feeKobo)}).`
          : '';
    }
    await endPlan(tx, plan.id, by.status, outcome);
    const why =
      by.why ?? `an instalment was not paid within the ${rule.graceDays} grace days after its due date`;
    await orders.endUnpaid(
      tx,
      plan.orderId,
      'cancelled',
      `Your Pay small-small plan ended: ${why}, so the items went back on sale. ${money}`.trim(),
      by.actor
        ? { mover: 'staff', actor: by.actor, from: ['on_layaway', 'awaiting_transfer', 'pending_payment'] }
        : { mover: 'shop', from: ['on_layaway', 'awaiting_transfer', 'pending_payment'] },
    );
  }

  return {
    endByRule,

    /** Reminders due now (three days before, and on the day): how many were queued. */
    async remindDue(): Promise<{ before: number; due: number }> {
      return { before: await remind('before'), due: await remind('due') };
    },

    /** Ends plans left unpaid past their grace days, by their rule: how many ended. */
    async endDefaulted(): Promise<number> {
      const today = lagosDate(now());
      let ended = 0;
      for (;;) {
        const count = await db.transaction(async (tx) => {
          const plans = await claimDefaulted(tx, today, BATCH);
          for (const plan of plans) await endByRule(tx, plan);
          return plans.length;
        });
        ended += count;
        if (count < BATCH) return ended;
      }
    },
  };
}

export type LayawayJobs = ReturnType<typeof createLayawayJobs>;
