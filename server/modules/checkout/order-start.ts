// How a new order starts, by the way it is paid: its first status, history note and hold, and,
// for "Pay small-small" (ADR 099), the plan's check and the plan written with the order. A
// layaway order starts as its deposit's method would (online: awaiting payment; bank transfer:
// awaiting the transfer) and holds its stock like one until the deposit arrives.
import type { CheckoutInput } from '#core/contract/orders.ts';
import type { LayawaySettings } from '#core/layaway.ts';
import type { OrderStatus, PaymentMethod } from '#core/order-status.ts';
import type { Totals } from '#core/pricing.ts';
import type { Queryable } from '#server/db/client.ts';
import type { LayawayService } from '#server/modules/layaway/layaway.service.ts';
import type { Order } from '#server/modules/orders/orders.service.ts';

const MINUTE = 60_000;

export interface HoldTimes {
  /** How long an unpaid online order holds its stock (PAYMENT_RESERVATION_MINUTES). */
  reservationMinutes: number;
  /** How long a bank-transfer order holds its stock before staff see the money. */
  bankTransferHours: number;
  /** How long a pay-on-delivery order holds its stock before staff confirm it (POD_CONFIRMATION_HOURS). */
  podConfirmationHours: number;
}

/** How the order's first money comes: its method, or a layaway plan's deposit method. */
export type PayingBy = Exclude<PaymentMethod, 'layaway'>;

export function payingBy(input: Pick<CheckoutInput, 'paymentMethod' | 'depositMethod'>): PayingBy {
  return input.paymentMethod === 'layaway' ? (input.depositMethod ?? 'online') : input.paymentMethod;
}

export const INITIAL_STATUS: Record<PayingBy, OrderStatus> = {
  online: 'pending_payment',
  bank_transfer: 'awaiting_transfer',
  pay_on_delivery: 'placed',
};

const FIRST_NOTE: Record<PayingBy, string> = {
  online: 'Waiting for payment.',
  bank_transfer: 'Waiting for the bank transfer.',
  pay_on_delivery: 'Pay on delivery.',
};

export function firstNote(input: Pick<CheckoutInput, 'paymentMethod' | 'depositMethod'>): string {
  const note = FIRST_NOTE[payingBy(input)];
  return input.paymentMethod === 'layaway'
    ? `Pay small-small: ${note.toLowerCase().replace(/\.$/, '')} of the deposit.`
    : note;
}

/** How long the order holds its stock: until paid, or until staff confirm pay on delivery. */
export function reservedUntil(method: PayingBy, config: HoldTimes, now = Date.now()): Date {
  if (method === 'online') return new Date(now + config.reservationMinutes * MINUTE);
  if (method === 'bank_transfer') return new Date(now + config.bankTransferHours * 60 * MINUTE);
  // Pay on delivery: held until staff confirm it (moving it on stops the clock).
  return new Date(now + config.podConfirmationHours * 60 * MINUTE);
}

/** What placing a layaway order needs: the owner's settings (read before the transaction) and the module. */
export interface PlanDeps {
  settings: LayawaySettings;
  service: Pick<LayawayService, 'check' | 'createPlan'>;
}

/** Refuses a plan the rules do not allow, on the priced basket (400, nothing written). */
export function checkPlan(
  plan: PlanDeps | null | undefined,
  input: CheckoutInput,
  userId: number | null,
  totals: Totals,
  categorySlugs: readonly string[],
): void {
  if (input.paymentMethod !== 'layaway') return;
  if (!plan) throw new Error('Pay small-small chosen without its settings.');
  plan.service.check(plan.settings, { totalKobo: totals.totalKobo, categorySlugs }, userId);
}

/** Writes the plan of a layaway order; returns its deposit (null for any other order). */
export async function writePlan(
  tx: Queryable,
  plan: PlanDeps | null | undefined,
  input: CheckoutInput,
  order: Order,
): Promise<number | null> {
  if (input.paymentMethod !== 'layaway' || !plan) return null;
  const row = await plan.service.createPlan(
    tx,
    order,
    plan.settings,
    payingBy(input) === 'bank_transfer' ? 'bank_transfer' : 'online',
  );
  return row.depositKobo;
}
