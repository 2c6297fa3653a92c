// Nigerian addresses and phone numbers, shared by the forms and the server.

/** The 36 states and the Federal Capital Territory, as shoppers write them. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT (Abuja)',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export function isNigerianState(value: unknown): value is NigerianState {
  return typeof value === 'string' && (NIGERIAN_STATES as readonly string[]).includes(value);
}

/**
 * A Nigerian mobile or landline number in any common way of writing it ("0803 123 4567",
 * "+234 803 123 4567", "2348031234567", "(0803)-123-4567") as E.164 ("+2348031234567"), or null
 * when it is not one. National significant numbers are 10 digits for mobiles (70x, 80x, 81x,
 * 90x, 91x) and 8–9 for landlines.
 */
export function normalizeNigerianPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || digits.startsWith('234')) {
    if (!digits.startsWith('234')) return null;
    digits = digits.slice(3);
    if (digits.startsWith('0')) digits = digits.slice(1); // "+234 0803…" is a common slip
  } else if (digits.startsWith('0')) {
    digits = digits.slice(1);
  } else {
    return null;
  }
  const mobile = /^[789][01]\d{8}$/.test(digits);
  const landline = /^[1-9]\d{7,8}$/.test(digits) && !/^[789][01]/.test(digits);
  return mobile || landline ? `+234${digits}` : null;
}

/** "+2348031234567" → "0803 123 4567", the way Nigerians read a number. */
export function formatNigerianPhone(e164: string): string {
  const national = e164.startsWith('+234') ? `0${e164.slice(4)}` : e164;
  return national.length === 11
    ? `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`
    : national;
}

/** A `tel:` link for a number as the shop shows it ("+234 803 123 4567" → "tel:+2348031234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s/g, '')}`;
}

/** A WhatsApp chat with the shop's number (digits, country code first), with a first message. */
export function whatsAppHref(number: string, text?: string): string {
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`;
}
