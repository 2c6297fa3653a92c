// Money is an integer number of kobo (1 naira = 100 kobo) everywhere on the server.
// Other currencies exist for display only; this file is the one place that converts and formats.

export const CURRENCY_CODES = ['NGN', 'USD', 'EUR', 'GBP'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const DEFAULT_CURRENCY: CurrencyCode = 'NGN';

export interface Currency {
  code: CurrencyCode;
  symbol: string;
  /** Units of this currency per one naira (NGN is 1). */
  rate: number;
}

/** The spec's rates; the database holds the live ones (the admin edits them). */
export const DEFAULT_CURRENCIES: readonly Currency[] = [
  { code: 'NGN', symbol: '₦', rate: 1 },
  { code: 'USD', symbol: '$', rate: 0.0013 },
  { code: 'EUR', symbol: '€', rate: 0.0012 },
  { code: 'GBP', symbol: '£', rate: 0.001 },
];

export const NAIRA: Currency = DEFAULT_CURRENCIES[0]!;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

export function nairaToKobo(naira: number): number {
  if (!Number.isFinite(naira)) throw new RangeError(`Not an amount: ${naira}`);
  return Math.round(naira * 100);
}

export function assertKobo(kobo: number): void {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Kobo must be a whole number, got ${kobo}`);
}

let amountFormat: Intl.NumberFormat | undefined;
function numberFormat(): Intl.NumberFormat {
  amountFormat ??= new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return amountFormat;
}

/**
 * Formats an amount held in kobo for display: the currency's symbol, the amount times the
 * currency's rate, 0 to 2 decimals, thousands separators (the spec's rule).
 * `formatPrice(1_250_000)` → "₦12,500"; `formatPrice(1_250_000, usd)` → "$16.25".
 */
export function formatPrice(kobo: number, currency: Currency = NAIRA): string {
  assertKobo(kobo);
  const naira = kobo / 100;
  const amount = currency.code === 'NGN' ? naira : naira * currency.rate;
  const rounded = Math.round(amount * 100) / 100;
  const sign = rounded < 0 ? '-' : '';
  return `${sign}${currency.symbol}${numberFormat().format(Math.abs(rounded))}`;
}

/**
 * A delivery fee as shown to the shopper: the amount, or "Free" when there is none.
 * `formatDeliveryFee(250_000)` → "₦2,500"; `formatDeliveryFee(0)` → "Free".
 */
export function formatDeliveryFee(feeKobo: number, currency: Currency = NAIRA): string {
  return feeKobo > 0 ? formatPrice(feeKobo, currency) : 'Free';
}

/**
 * A discount as shown beside the subtotal, with a minus sign (U+2212) before the amount.
 * `formatDiscount(150_000)` → "−₦1,500".
 */
export function formatDiscount(discountKobo: number, currency: Currency = NAIRA): string {
  return `−${formatPrice(discountKobo, currency)}`;
}
