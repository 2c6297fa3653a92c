// Money as the checkout, the order email and search engines show it, beyond the everyday price.
// Built on formatPrice in money.ts; kept in a module of its own so the storefront's shared
// JavaScript (which every page loads for <Price>) does not carry what only two pages use.
import { assertKobo, type Currency, formatPrice, NAIRA } from './money.ts';

/**
 * A delivery fee as shown to the shopper: the amount, or "Free" when there is none.
 * `formatDeliveryFee(250_000)` → "₦2,500"; `formatDeliveryFee(0)` → "Free".
 */
export function formatDeliveryFee(feeKobo: number, currency: Currency = NAIRA): string {
  assertKobo(feeKobo);
  return feeKobo > 0 ? formatPrice(feeKobo, currency) : 'Free';
}

/**
 * An amount in kobo as a plain decimal naira string with two decimals and no symbol or
 * separators, the form schema.org offers and OpenGraph price tags expect.
 * Computed with integers, so no float rounding: `koboToDecimalString(1_250_005)` → "12500.05".
 */
export function koboToDecimalString(kobo: number): string {
  assertKobo(kobo);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
