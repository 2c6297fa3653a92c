// "Pay small-small" (layaway, ADR 099): who may buy on a plan, and the plan itself — a deposit
// paid at once, then instalments every few days — as pure arithmetic on integer kobo. The
// instalments (deposit included) always sum exactly to the order's total; rounding goes to the
// last. Due dates are Lagos calendar dates (YYYY-MM-DD).
import { formatPrice } from './money.ts';

export const LAYAWAY_DEFAULT_RULES = ['store_credit', 'refund_less_fee'] as const;
export type LayawayDefaultRule = (typeof LAYAWAY_DEFAULT_RULES)[number];

/** A plan ends within 12 weeks of the order. */
export const MAX_PLAN_DAYS = 84;

export interface LayawaySettings {
  /** Off in a new shop until the owner turns it on. */
  enabled: boolean;
  /** Carts holding an item of one of these categories may use it … */
  categorySlugs: readonly string[];
  /** … as may carts whose total is at least this (kobo). */
  minTotalKobo: number;
  /** The deposit, as a percentage of the total (1–90). */
  depositPercent: number;
  /** Instalments after the deposit (1–12). */
  instalments: number;
  /** Days between two instalments (the first is this many days after the order). */
  spacingDays: number;
  /** Days after a missed instalment before the default rule applies. */
  graceDays: number;
  /** What happens on default: the money paid kept as store credit, or refunded less a fee. */
  defaultRule: LayawayDefaultRule;
  /** The fee kept on `refund_less_fee`: naira (in kobo) or a percentage of what was paid. */
  feeKind: 'amount' | 'percent';
  /** Kobo when `feeKind` is amount; a whole percentage when percent. */
  feeValue: number;
}

export const LAYAWAY_DEFAULTS: LayawaySettings = {
  enabled: false,
  categorySlugs: [],
  minTotalKobo: 5_000_000,
  depositPercent: 30,
  instalments: 3,
  spacingDays: 14,
  graceDays: 3,
  defaultRule: 'store_credit',
  feeKind: 'percent',
  feeValue: 10,
};

/** Whether the plan's last instalment falls within 12 weeks (what the settings form checks). */
export function planFitsWindow(instalments: number, spacingDays: number): boolean {
  return instalments >= 1 && spacingDays >= 1 && instalments * spacingDays <= MAX_PLAN_DAYS;
}

/** Whether a cart may be bought on a plan: the setting is on, and its category or total qualifies. */
export function isLayawayEligible(
  settings: LayawaySettings,
  cart: { totalKobo: number; categorySlugs: readonly string[] },
): boolean {
  if (!settings.enabled || cart.totalKobo <= 0) return false;
  if (cart.categorySlugs.some((slug) => settings.categorySlugs.includes(slug))) return true;
  return cart.totalKobo >= settings.minTotalKobo;
}

/** Why a cart is not eligible, in the shopper's words (null when it is). */
export function layawayRefusal(
  settings: LayawaySettings,
  cart: { totalKobo: number; categorySlugs: readonly string[] },
): string | null {
  if (!settings.enabled) return 'Pay small-small is not available in this shop at the moment.';
  if (isLayawayEligible(settings, cart)) return null;
  return `Pay small-small is available for orders of ${formatPrice(settings.minTotalKobo)} or more. Please choose another way to pay.`;
}

const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Lagos calendar date of an instant (YYYY-MM-DD). */
export function lagosDate(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar date `days` later (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** "12 Dec 2026" for a YYYY-MM-DD date. */
export function formatDueDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface PlannedInstalment {
  /** 0 is the deposit, paid at once; 1… the instalments. */
  sequence: number;
  /** Lagos date (YYYY-MM-DD). */
  dueDate: string;
  amountKobo: number;
}

export interface LayawayPlan {
  totalKobo: number;
  depositKobo: number;
  /** The deposit first, then each instalment; their amounts sum exactly to the total. */
  instalments: PlannedInstalment[];
}

/**
 * The plan for an order of `totalKobo` placed at `placedAt`: the deposit (the percentage,
 * rounded down to the kobo, at least 1 kobo), then `instalments` equal parts of the rest, every
 * `spacingDays` days, the last taking what rounding left over.
 */
export function planFor(
  totalKobo: number,
  settings: Pick<LayawaySettings, 'depositPercent' | 'instalments' | 'spacingDays'>,
  placedAt: Date,
): LayawayPlan {
  if (!Number.isSafeInteger(totalKobo) || totalKobo <= 0)
    throw new Error('A plan needs a positive total in kobo.');
  const count = Math.max(1, Math.floor(settings.instalments));
  const depositKobo = Math.min(
    totalKobo,
    Math.max(1, Math.floor((totalKobo * settings.depositPercent) / 100)),
  );
  const rest = totalKobo - depositKobo;
  const part = Math.floor(rest / count);
  const today = lagosDate(placedAt);
  const instalments: PlannedInstalment[] = [{ sequence: 0, dueDate: today, amountKobo: depositKobo }];
  for (let i = 1; i <= count; i += 1) {
    instalments.push({
      sequence: i,
      dueDate: addDays(today, i * settings.spacingDays),
      amountKobo: i === count ? rest - part * (count - 1) : part,
    });
  }
  return { totalKobo, depositKobo, instalments };
}

/** What the shopper agrees to happen if they stop paying (shown before "I agree"). */
export function defaultRuleText(
  settings: Pick<LayawaySettings, 'defaultRule' | 'feeKind' | 'feeValue' | 'graceDays'>,
): string {
  const grace = `${settings.graceDays} day${settings.graceDays === 1 ? '' : 's'}`;
  if (settings.defaultRule === 'store_credit') {
    return `If an instalment is still unpaid ${grace} after its due date, the plan ends: the items go back on sale and everything you have paid is kept for you as store credit.`;
  }
  const fee =
    settings.feeKind === 'percent'
      ? `${settings.feeValue}% of what you paid`
      : formatPrice(settings.feeValue);
  return `If an instalment is still unpaid ${grace} after its due date, the plan ends: the items go back on sale and what you have paid is refunded, less a fee of ${fee}.`;
}

/** The fee kept from `paidKobo` on `refund_less_fee` (never more than was paid). */
export function defaultFeeKobo(
  settings: Pick<LayawaySettings, 'feeKind' | 'feeValue'>,
  paidKobo: number,
): number {
  const fee =
    settings.feeKind === 'percent' ? Math.floor((paidKobo * settings.feeValue) / 100) : settings.feeValue;
  return Math.max(0, Math.min(paidKobo, fee));
}

/**
 * Spreads a payment over the plan's instalments in order (what is still owed on each first):
 * the amount each instalment receives. Never more than is owed in all.
 */
export function allocatePayment(
  instalments: readonly { sequence: number; amountKobo: number; paidKobo: number }[],
  amountKobo: number,
): { sequence: number; addKobo: number }[] {
  let left = amountKobo;
  const out: { sequence: number; addKobo: number }[] = [];
  for (const i of [...instalments].sort((a, b) => a.sequence - b.sequence)) {
    if (left <= 0) break;
    const owed = i.amountKobo - i.paidKobo;
    if (owed <= 0) continue;
    const add = Math.min(owed, left);
    out.push({ sequence: i.sequence, addKobo: add });
    left -= add;
  }
  return out;
}

/** The next amount due: what is still owed on the first instalment not fully paid (0 when none). */
export function nextDueKobo(
  instalments: readonly { sequence: number; amountKobo: number; paidKobo: number }[],
): number {
  const next = [...instalments]
    .sort((a, b) => a.sequence - b.sequence)
    .find((i) => i.paidKobo < i.amountKobo);
  return next ? next.amountKobo - next.paidKobo : 0;
}
