// Pay small-small (layaway, ADR 099): the offer at checkout, the plan written with the order, each
// verified payment added to it once (on the payment's transaction, under the plan's row lock),
// and the plan as the shopper sees it. The order's moves (deposit paid → on layaway, last
// instalment → confirmed) are the orders module's, through its state machine; payments calls both.
import type { LayawayOffer, LayawayPlanView } from '#core/contract/layaway.ts';
import {
  allocatePayment,
  defaultRuleText,
  isLayawayEligible,
  type LayawaySettings,
  lagosDate,
  layawayRefusal,
  nextDueKobo,
  planFor,
} from '#core/layaway.ts';
import { formatPrice } from '#core/money.ts';
import { parseNairaInput } from '#core/money-input.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { ValidationError } from '#server/platform/errors.ts';
import {
  addToInstalment,
  findPlanByOrder,
  type InstalmentRow,
  insertPlan,
  listInstalments,
  lockPlanByOrder,
  type PlanRow,
  plansByTracking,
  updatePlan,
} from './layaway.repository.ts';

export type { PlanRow };

/** What a cart is judged on: its total (delivery included) and its lines' categories. */
export interface LayawayCart {
  totalKobo: number;
  categorySlugs: readonly string[];
}

/** The rule the shopper agreed to, kept on the plan as it was. */
export type PlanRule = Pick<LayawaySettings, 'defaultRule' | 'feeKind' | 'feeValue' | 'graceDays'>;

export function instalmentLabel(sequence: number): string {
  return sequence === 0 ? 'Deposit' : `Instalment ${sequence}`;
}

export function createLayawayService(deps: {
  db: Db;
  /** The owner's settings (the content module's settings service). */
  settings: () => Promise<LayawaySettings>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  function viewOf(plan: PlanRow, rows: readonly InstalmentRow[]): LayawayPlanView {
    const today = lagosDate(now());
    const instalments = rows.map((r) => ({
      sequence: r.sequence,
      label: instalmentLabel(r.sequence),
      dueDate: r.dueDate,
      amountKobo: r.amountKobo,
      paidKobo: r.paidKobo,
      paidAt: r.paidAt ? r.paidAt.toISOString() : null,
      overdue: plan.status === 'active' && r.paidKobo < r.amountKobo && r.dueDate < today,
    }));
    const next = instalments.find((i) => i.paidKobo < i.amountKobo) ?? null;
    return {
      status: plan.status,
      totalKobo: plan.totalKobo,
      depositKobo: plan.depositKobo,
      paidKobo: plan.paidKobo,
      balanceKobo: plan.totalKobo - plan.paidKobo,
      nextDueKobo: nextDueKobo(instalments),
      nextDueDate: next?.dueDate ?? null,
      ruleText: defaultRuleText(plan.rule as PlanRule),
      instalments,
    };
  }

  return {
    settings: deps.settings,

    /** What checkout shows for this cart: whether it may use a plan, the plan and the rule. */
    async offer(cart: LayawayCart): Promise<LayawayOffer | null> {
      const settings = await deps.settings();
      if (!settings.enabled) return null;
      const eligible = isLayawayEligible(settings, cart);
      const plan = eligible ? planFor(cart.totalKobo, settings, now()) : null;
      return {
        eligible,
        refusal: eligible ? null : layawayRefusal(settings, cart),
        ruleText: defaultRuleText(settings),
        instalments: (plan?.instalments ?? []).map((i) => ({ ...i, label: instalmentLabel(i.sequence) })),
      };
    },

    /**
     * Checkout's check, inside the placing transaction with the priced basket: the shop has it
     * on, the shopper is signed in, the cart qualifies. Throws a ValidationError (400) otherwise.
     */
    check(settings: LayawaySettings, cart: LayawayCart, userId: number | null): void {
      if (userId === null) {
        const message = 'Please sign in or create an account to pay small-small.';
        throw new ValidationError(message, { paymentMethod: [message] });
      }
      const refusal = layawayRefusal(settings, cart);
      if (refusal) throw new ValidationError(refusal, { paymentMethod: [refusal] });
    },

    /** Writes the plan of a just-placed order (its deposit is instalment 0, due today). */
    async createPlan(
      q: Queryable,
      order: { id: number; trackingNumber: string; userId: number | null; email: string; totalKobo: number },
      settings: LayawaySettings,
      depositMethod: 'online' | 'bank_transfer',
    ): Promise<PlanRow> {
      const plan = planFor(order.totalKobo, settings, now());
      const rule: PlanRule = {
        defaultRule: settings.defaultRule,
        feeKind: settings.feeKind,
        feeValue: settings.feeValue,
        graceDays: settings.graceDays,
      };
      return insertPlan(
        q,
        {
          orderId: order.id,
          trackingNumber: order.trackingNumber,
          userId: order.userId,
          email: order.email,
          totalKobo: plan.totalKobo,
          depositKobo: plan.depositKobo,
          depositMethod,
          rule,
        },
        plan.instalments,
      );
    },

    /** The order's plan row (null: not a layaway order). */
    planRow(q: Queryable, orderId: number): Promise<PlanRow | null> {
      return findPlanByOrder(q, orderId);
    },

    /**
     * A verified payment of `amountKobo` towards the order's plan, on the payment's transaction
     * (the payment row is locked and moved to success there, so this runs once per payment).
     * Returns null when the order has no plan; else what the plan has now.
     */
    async recordPayment(
      q: Queryable,
      orderId: number,
      amountKobo: number,
      paidAt: Date,
    ): Promise<{ paidKobo: number; totalKobo: number; complete: boolean; first: boolean } | null> {
      const plan = await lockPlanByOrder(q, orderId);
      if (!plan) return null;
      const rows = await listInstalments(q, plan.id);
      const owed = plan.totalKobo - plan.paidKobo;
      const applied = Math.min(owed, amountKobo);
      for (const part of allocatePayment(rows, applied)) {
        await addToInstalment(q, plan.id, part.sequence, part.addKobo, paidAt);
      }
      const paidKobo = plan.paidKobo + applied;
      const complete = paidKobo >= plan.totalKobo;
      await updatePlan(q, plan.id, {
        paidKobo,
        ...(complete && plan.status === 'active' ? { status: 'completed' as const, endedAt: paidAt } : {}),
      });
      return { paidKobo, totalKobo: plan.totalKobo, complete, first: plan.paidKobo === 0 };
    },

    /** The plan as the shopper (and staff) see it, or null for an order bought otherwise. */
    async view(orderId: number): Promise<LayawayPlanView | null> {
      const plan = await findPlanByOrder(db, orderId);
      return plan ? viewOf(plan, await listInstalments(db, plan.id)) : null;
    },

    /** The plans of `userId`'s orders among these, by tracking number (dashboard, tracking page). */
    async viewsFor(
      userId: number,
      trackingNumbers: readonly string[],
    ): Promise<Map<string, LayawayPlanView>> {
      const found = await plansByTracking(db, trackingNumbers);
      return new Map(
        found
          .filter(({ plan }) => plan.userId === userId)
          .map(({ plan, instalments }) => [plan.trackingNumber, viewOf(plan, instalments)]),
      );
    },

    /** Any order's plan by tracking number (the admin order page, behind its permission), or null. */
    async adminView(trackingNumber: string): Promise<LayawayPlanView | null> {
      const [found] = await plansByTracking(db, [trackingNumber]);
      return found ? viewOf(found.plan, found.instalments) : null;
    },

    /** The plan of `userId`'s order with this tracking number (Pay now), or null. */
    async ownPlan(
      userId: number,
      trackingNumber: string,
    ): Promise<{ orderId: number; view: LayawayPlanView } | null> {
      const [found] = await plansByTracking(db, [trackingNumber]);
      if (!found || found.plan.userId !== userId) return null;
      return { orderId: found.plan.orderId, view: viewOf(found.plan, found.instalments) };
    },

    /**
     * The amount of a Pay now: blank is the next instalment; else naira typed, at least ₦100 (or
     * the balance when less) and at most the balance. Throws a ValidationError (400) otherwise.
     */
    async payNowAmount(orderId: number, typed: string): Promise<number> {
      const plan = await findPlanByOrder(db, orderId);
      if (plan?.status !== 'active') {
        throw new ValidationError('This order has no plan to pay towards.', {
          amount: ['Nothing is due on this order.'],
        });
      }
      const balance = plan.totalKobo - plan.paidKobo;
      if (typed.trim() === '') return nextDueKobo(await listInstalments(db, plan.id)) || balance;
      const kobo = parseNairaInput(typed);
      const least = Math.min(balance, 10_000);
      if (kobo === null || kobo < least || kobo > balance) {
        const message = `Enter an amount between ${formatPrice(least)} and ${formatPrice(balance)}.`;
        throw new ValidationError(message, { amount: [message] });
      }
      return kobo;
    },
  };
}

export type LayawayService = ReturnType<typeof createLayawayService>;
