// Payment statuses: one table of where a payment attempt may go from each status (the payments
// module's movePayment is the one function that follows it; ADR 073), and the list taken from it.

/**
 * THE table of a payment attempt's statuses and where each may go. The provider (or staff, for an
 * offline payment, or the shop when an order's hold runs out) moves them; success is final. A
 * payment not yet paid may be reported again (a declined one declined again with a new message)
 * or paid after all (money arriving late). Its keys are the list (the column's type and CHECK).
 */
export const PAYMENT_MOVES = {
  /** A card, bank or USSD attempt started with the provider. */
  initialized: ['success', 'failed', 'abandoned'],
  /** An offline payment (bank transfer, pay on delivery) waiting for staff to see the money. */
  pending: ['success', 'failed', 'abandoned'],
  /** Paid and applied: final. */
  success: [],
  /** Declined, reversed, or the amount did not match. */
  failed: ['success', 'failed', 'abandoned'],
  /** The shopper left without paying, or the order's hold ran out. */
  abandoned: ['success', 'failed', 'abandoned'],
} as const satisfies Record<string, readonly string[]>;

export type PaymentStatus = keyof typeof PAYMENT_MOVES;

// Every status named as a destination is a row of the table (checked when the types are).
const destinationsAreStatuses: [(typeof PAYMENT_MOVES)[PaymentStatus][number]] extends [PaymentStatus]
  ? true
  : never = true;
void destinationsAreStatuses;

/** The statuses, in the table's order: the one list (the column's type and CHECK come from it). */
export const PAYMENT_STATUSES = Object.keys(PAYMENT_MOVES) as [PaymentStatus, ...PaymentStatus[]];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && Object.hasOwn(PAYMENT_MOVES, value);
}

/** The status a stored value names; a value outside the table is an error. */
export function paymentStatusFrom(value: string, where = 'a payment'): PaymentStatus {
  if (isPaymentStatus(value)) return value;
  throw new Error(`Unknown payment status "${value}" on ${where}: not a status of PAYMENT_MOVES.`);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return (PAYMENT_MOVES[from] as readonly PaymentStatus[]).includes(to);
}

/** The SQL list of statuses the CHECK constraint on payments.status is built from. */
export function sqlPaymentStatusList(): string {
  return PAYMENT_STATUSES.map((s) => `'${s}'`).join(', ');
}
