// Money for machines: the plain decimal naira that schema.org offers and OpenGraph price tags
// expect. Kept apart from money.ts so the money chunk every storefront page loads does not carry
// what only the product page's meta tags use.
import { assertKobo } from './money.ts';

/**
 * An amount in kobo as a plain decimal naira string with two decimals and no symbol or
 * separators, the form schema.org offers and OpenGraph price tags expect.
 * `koboToDecimalString(1_250_005)` → "12500.05". Exact for whole kobo: kobo / 100 is within far
 * less than half a kobo of the true value for any safe integer, and toFixed rounds to the kobo.
 */
export function koboToDecimalString(kobo: number): string {
  assertKobo(kobo);
  return (kobo / 100).toFixed(2);
}
