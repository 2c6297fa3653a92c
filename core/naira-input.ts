// What an owner types as an amount of naira ("45,000", "₦45,000.50", "45000") as integer kobo:
// the one parser every admin form uses (money is kobo from here on; rule 2 of the house).

/** Kobo for a typed naira amount, or null when it is not one (negative, 3 decimals, letters…). */
export function parseNairaInput(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^₦|^NGN\s*/i, '')
    .trim();
  // Thousands separators only in the right places ("45,000" or "45000"), at most two decimals.
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** Kobo as an owner would type it back: 4500050 → "45000.50", 4500000 → "45000". */
export function koboToNairaInput(kobo: number): string {
  const whole = Math.trunc(kobo / 100);
  const fraction = kobo % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}
