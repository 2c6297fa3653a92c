// The admin settings screen (/admin/settings): one form per section, each parsed on its own so a
// refusal in one loses nothing in another. Field names are the form's own (flat), so each
// message lands next to its field. Browser code imports only types from here (ADR 009).
import { z } from 'zod';
import { parseNairaInput } from '../money-input.ts';
import { NIGERIAN_STATES } from '../nigeria.ts';

export const SETTINGS_SECTIONS = [
  'currencies',
  'delivery',
  'pay-on-delivery',
  'bank',
  'contacts',
  'staff-emails',
  'stock',
  'reminders',
  'layaway',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const CONTENT_PAGE_SLUGS = ['shipping', 'returns', 'privacy', 'terms', 'about'] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

/** Display currencies the owner prices against the naira. */
export const RATE_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

/** Naira typed by the owner → kobo, with the owner's wording when it is not an amount. */
const naira = (what: string) =>
  z.string({ error: `Enter ${what}.` }).transform((text, ctx) => {
    const kobo = parseNairaInput(text);
    if (kobo === null) {
      ctx.addIssue({
        code: 'custom',
        message: `Enter ${what} in naira, like 2,500 or 2500.50.`,
      });
      return z.NEVER;
    }
    return kobo;
  });

/** "₦ per 1 USD" as typed (e.g. "1,600" or "1600.50"): at least ₦0.01, at most ₦1,000,000. */
const nairaPerUnit = (code: string) =>
  naira(`how many naira make 1 ${code}`).refine((kobo) => kobo >= 1 && kobo <= 100_000_000, {
    message: `1 ${code} must be between ₦0.01 and ₦1,000,000.`,
  });

export const CurrencyRatesInput = z.object({
  USD: nairaPerUnit('USD'),
  EUR: nairaPerUnit('EUR'),
  GBP: nairaPerUnit('GBP'),
});
export type CurrencyRatesInput = z.infer<typeof CurrencyRatesInput>;

export const feeField = (state: string) => `fee:${state}`;
export const podField = (state: string) => `pod:${state}`;

const stateFee = (state: string) =>
  naira(`the delivery fee for ${state}`).refine((kobo) => kobo <= 100_000_000, {
    message: `The delivery fee for ${state} must be at most ₦1,000,000.`,
  });

/** Every state's fee (naira) and the free-delivery threshold (blank: no free delivery). */
export const DeliveryFeesInput = z
  .object({
    freeDeliveryFrom: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      naira('the order amount for free delivery').optional(),
    ),
    ...Object.fromEntries(NIGERIAN_STATES.map((state) => [feeField(state), stateFee(state)])),
  })
  .transform((form) => ({
    freeDeliveryFromKobo: (form.freeDeliveryFrom as number | undefined) ?? null,
    fees: NIGERIAN_STATES.map((state) => ({
      state,
      feeKobo: (form as Record<string, unknown>)[feeField(state)] as number,
    })),
  }));
export type DeliveryFeesInput = z.infer<typeof DeliveryFeesInput>;

/** A checked box per state where pay on delivery is offered (unchecked boxes are not sent). */
export const PayOnDeliveryInput = z
  .record(z.string(), z.unknown())
  .transform((form) => NIGERIAN_STATES.filter((state) => form[podField(state)] === 'on'));

export const BankDetailsInput = z.object({
  bankName: z
    .string({ error: 'Enter the bank’s name.' })
    .trim()
    .min(2, 'Enter the bank’s name.')
    .max(80, 'Keep the bank’s name under 80 characters.'),
  bankAccountName: z
    .string({ error: 'Enter the account name.' })
    .trim()
    .min(2, 'Enter the account name as the bank shows it.')
    .max(120, 'Keep the account name under 120 characters.'),
  bankAccountNumber: z
    .string({ error: 'Enter the account number.' })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{10}$/, 'A NUBAN account number is exactly 10 digits.')),
});
export type BankDetailsInput = z.infer<typeof BankDetailsInput>;

const optionalUrl = (site: string) =>
  z
    .string()
    .trim()
    .max(200, 'Keep the link under 200 characters.')
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/i.test(v), {
      message: `Enter the full ${site} link, starting with https://, or leave it blank.`,
    })
    .default('');

export const ContactsInput = z.object({
  phone: z
    .string({ error: 'Enter the shop’s phone number.' })
    .trim()
    .regex(/^\+?[\d\s()-]{7,20}$/, 'Enter a phone number like +234 803 123 4567.'),
  whatsapp: z
    .string({ error: 'Enter the WhatsApp number.' })
    .transform((v) => v.replace(/[\s+()-]/g, ''))
    .pipe(
      z.string().regex(/^\d{10,15}$/, 'Enter the WhatsApp number with its country code, like 2348031234567.'),
    ),
  email: z
    .string({ error: 'Enter the shop’s email address.' })
    .trim()
    .max(254, 'That email address is too long.')
    .pipe(z.email('Enter a valid email address, like hello@crownhair.ng.'))
    .transform((v) => v.toLowerCase()),
  address: z
    .string({ error: 'Enter the shop’s address.' })
    .trim()
    .min(5, 'Enter the shop’s address.')
    .max(200, 'Keep the address under 200 characters.'),
  instagram: optionalUrl('Instagram'),
  facebook: optionalUrl('Facebook'),
  tiktok: optionalUrl('TikTok'),
});
export type ContactsInput = z.infer<typeof ContactsInput>;

/** Staff addresses for new-order email: one per line or separated by commas; blank: none. */
export const StaffEmailsInput = z.object({
  staffOrderEmails: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const emails = text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      const bad = emails.filter((e) => !z.email().safeParse(e).success);
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Not an email address: ${bad.join(', ')}.` });
        return z.NEVER;
      }
      if (emails.length > 20) {
        ctx.addIssue({ code: 'custom', message: 'At most 20 addresses.' });
        return z.NEVER;
      }
      return [...new Set(emails)];
    }),
});
export type StaffEmailsInput = z.infer<typeof StaffEmailsInput>;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .regex(/^\d+$/, `Enter ${label} as a whole number.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${label} must be at least ${min}.`)
        .max(max, `${label} must be at most ${max}.`),
    );

export const StockSettingsInput = z.object({
  lowStockThreshold: wholeNumber('The low-stock threshold', 0, 10_000),
  bankTransferHours: wholeNumber('The bank-transfer hold (hours)', 1, 336),
  podConfirmationHours: wholeNumber('The pay-on-delivery hold (hours)', 1, 336),
});
export type StockSettingsInput = z.infer<typeof StockSettingsInput>;

/** The abandoned-cart reminder's wait; 0 turns the reminders off (ADR 037). */
export const ReminderSettingsInput = z.object({
  abandonedCartHours: wholeNumber('The abandoned-cart wait (hours)', 0, 720),
});
export type ReminderSettingsInput = z.infer<typeof ReminderSettingsInput>;

export const ContentPageInput = z.object({
  title: z
    .string({ error: 'Enter the page’s title.' })
    .trim()
    .min(2, 'Enter the page’s title.')
    .max(120, 'Keep the title under 120 characters.'),
  intro: z.string().trim().max(300, 'Keep the summary under 300 characters.').default(''),
  body: z
    .string({ error: 'Write the page.' })
    .trim()
    .min(1, 'Write the page.')
    .max(50_000, 'Keep the page under 50,000 characters.'),
});
export type ContentPageInput = z.infer<typeof ContentPageInput>;

/** The shop's stock and order-handling settings as the services read them. */
export interface OperationsSettings {
  freeDeliveryFromKobo: number | null;
  staffOrderEmails: readonly string[];
  lowStockThreshold: number;
  bankTransferHours: number;
  podConfirmationHours: number;
  /** Hours a cart with lines waits before its one reminder; 0: no reminders. */
  abandonedCartHours: number;
}
