// Naira as an owner types it in an admin form ("45,000", "45000.50", "₦ 1,200") turned into
// integer kobo, without floating point: the digits are read as text. Anything else is refused
// (null), so a form can say so next to the field.

/** The largest amount an admin form accepts (₦20 million): money columns are `integer` kobo (max 2,147,483,647). */
export const MAX_NAIRA_INPUT_KOBO = 2_000_000_000;

/**
 * Kobo from typed naira, or null when the text is not an amount: optional ₦/NGN/N sign, digits
 * with or without thousands commas (in groups of three), up to two decimals. Never negative.
 * `parseNairaInput("45,000")` → 4_500_000; `parseNairaInput("45000.5")` → 4_500_050.
 */
export function parseNairaInput(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^(₦|NGN|N)\s*/i, '')
    .replace(/\s+/g, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1]!.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (whole.length > 10) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const kobo = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(kobo) && kobo <= MAX_NAIRA_INPUT_KOBO ? kobo : null;
}

/** Kobo as an owner would type it back into a form: "45000" or "45000.50" (no sign, no commas). */
export function koboToNairaInput(kobo: number): string {
  const whole = Math.trunc(kobo / 100);
  const rest = Math.abs(kobo % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
