// What an owner types for an amount of naira ("45,000", "45000.50", "₦1,600") → integer kobo.
// The one parser every admin form uses; money stays integer kobo from here on.

/** The largest amount an owner may type (₦1 billion): far above any price, well inside safe kobo. */
export const MAX_NAIRA_INPUT_KOBO = 100_000_000_000;

const NAIRA_TEXT = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Parses naira as typed: digits with optional thousands commas (in groups of three) and at most
 * two decimals, optionally after "₦" or "NGN", spaces around ignored. Returns kobo, or null when
 * the text is not an amount (negative, three decimals, letters, misplaced commas, too large).
 * `parseNairaToKobo("45,000")` → 4_500_000; `parseNairaToKobo("45000.5")` → 4_500_050.
 */
export function parseNairaToKobo(text: string): number | null {
  const trimmed = text
    .trim()
    .replace(/^(?:₦|NGN)\s*/i, '')
    .trim();
  if (!NAIRA_TEXT.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.replaceAll(',', '').split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) && kobo <= MAX_NAIRA_INPUT_KOBO ? kobo : null;
}

/** Kobo as an owner would type it back into a form: "45000" or "45000.50" (no separators). */
export function koboToNairaInput(kobo: number): string {
  const whole = Math.floor(kobo / 100);
  const fraction = kobo % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}
