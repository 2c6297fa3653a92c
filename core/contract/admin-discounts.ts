// The admin portal's discounts screen (/admin/discounts): the list's filter as the URL carries it,
// the create/edit form the owner sends (naira and Lagos times as typed, checked here with messages
// a shop owner understands) and what the page shows. Browser code imports only types from here
// (ADR 009).
import { z } from 'zod';
import { CATEGORY_SLUGS } from '../catalog.ts';
import { MAX_ROW_ID } from '../ids.ts';
import { formatPrice } from '../money.ts';
import { parseNairaInput } from '../money-input.ts';

export const DISCOUNT_STATES = ['active', 'inactive', 'expired', 'scheduled'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_SCOPES = ['global', 'category', 'product'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];
export const DISCOUNTS_PAGE_SIZE = 25;

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The list's filter, from the query string (unknown values fall back to "any"). */
export const AdminDiscountsQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(40).optional()).catch(undefined),
  state: z.preprocess(blankIsAbsent, z.enum(DISCOUNT_STATES).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminDiscountsQuery = z.infer<typeof AdminDiscountsQuery>;

/** Lagos keeps West Africa Time all year (UTC+1, no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** A `datetime-local` value typed in Lagos time ("2026-12-24T18:00") as an instant; null if not one. */
export function lagosLocalToInstant(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  return new Date(utc - LAGOS_OFFSET_MS);
}

/** An instant as a `datetime-local` value in Lagos time ("2026-12-24T18:00"). */
export function instantToLagosLocal(at: Date | string): string {
  return new Date(new Date(at).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());
const optionalCount = (what: string) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `${what} must be a whole number.` })
      .int(`${what} must be a whole number.`)
      .min(1, `${what} must be at least 1 (leave it empty for no limit).`)
      .max(1_000_000, `${what} is too large.`)
      .nullable()
      .default(null),
  );
const lagosTime = (what: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string()
      .transform((v, ctx) => {
        const at = lagosLocalToInstant(v);
        if (!at) {
          ctx.addIssue({ code: 'custom', message: `Give the ${what} as a date and time.` });
          return z.NEVER;
        }
        return at;
      })
      .nullable()
      .default(null),
  );
/** A list field: one value, several (repeated form fields), or none. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/**
 * The create/edit form as the owner sends it. `value` is percent for a percentage code and naira
 * for a fixed one; the minimum order is naira. Rules between fields (a fixed amount above the
 * minimum order, expiry before start) are checked here; those that need the clock or the stored
 * code (an expiry in the past, a limit under the uses so far) in the service.
 */
export const DiscountInput = z
  .object({
    // Checked with the other rules below, so every field's message shows at once.
    code: z.string({ error: 'Give the code shoppers will type.' }).trim().toUpperCase(),
    type: z.enum(DISCOUNT_TYPES, { error: 'Choose percentage or fixed amount.' }),
    value: z.string({ error: 'Give the discount’s value.' }).trim(),
    scope: z.enum(DISCOUNT_SCOPES, { error: 'Choose what the code applies to.' }),
    categories: many(z.enum(CATEGORY_SLUGS, { error: 'Choose categories from the list.' })),
    productIds: many(z.coerce.number().int().positive().max(MAX_ROW_ID)),
    usageLimit: optionalCount('The usage limit'),
    perCustomerLimit: optionalCount('The limit per customer'),
    firstOrderOnly: checkbox,
    minOrder: z.preprocess(blankIsAbsent, z.string().trim().default('0')),
    startsAt: lagosTime('start'),
    expiresAt: lagosTime('expiry'),
    active: checkbox,
  })
  .transform((input, ctx) => {
    const issue = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (input.code.length < 3) issue('code', 'A code has at least 3 characters.');
    else if (input.code.length > 30) issue('code', 'Keep the code to 30 characters or fewer.');
    else if (!/^[A-Z0-9_-]+$/.test(input.code))
      issue('code', 'Use only letters, digits, - and _ in a code (no spaces).');
    let valueNumber = 0;
    if (input.type === 'percentage') {
      if (!/^\d+(\.\d+)?$/.test(input.value)) issue('value', 'Give the percent off as a number, e.g. 10.');
      else {
        const percent = Number(input.value);
        if (!Number.isInteger(percent)) issue('value', 'Give the percent off as a whole number, e.g. 10.');
        else if (percent <= 0) issue('value', 'The percent off must be more than 0.');
        else if (percent > 100)
          issue('value', `A discount cannot take off more than 100% (you typed ${percent}%).`);
        else valueNumber = percent;
      }
    } else {
      const kobo = parseNairaInput(input.value);
      if (kobo === null) issue('value', 'Give the naira off as an amount, e.g. 5,000 or 2500.50.');
      else if (kobo <= 0) issue('value', 'The naira off must be more than ₦0.');
      else valueNumber = kobo;
    }
    const minSubtotalKobo = parseNairaInput(input.minOrder);
    if (minSubtotalKobo === null)
      issue('minOrder', 'Give the minimum order as an amount, e.g. 20,000 (or 0).');
    else if (
      input.type === 'fixed' &&
      valueNumber > 0 &&
      minSubtotalKobo > 0 &&
      valueNumber > minSubtotalKobo
    )
      issue(
        'value',
        `A fixed discount cannot be more than the minimum order (${formatPrice(minSubtotalKobo)}): raise the minimum or lower the amount.`,
      );
    if (input.scope === 'category' && input.categories.length === 0)
      issue('categories', 'Choose at least one category, or apply the code to the whole shop.');
    if (input.scope === 'product' && input.productIds.length === 0)
      issue('productIds', 'Choose at least one product, or apply the code to the whole shop.');
    if (input.startsAt && input.expiresAt && input.expiresAt <= input.startsAt)
      issue('expiresAt', 'The expiry must be after the start.');
    return {
      code: input.code,
      type: input.type,
      value: valueNumber,
      scope: input.scope,
      categorySlugs: input.scope === 'category' ? [...new Set(input.categories)].sort() : [],
      productIds: input.scope === 'product' ? [...new Set(input.productIds)].sort((a, b) => a - b) : [],
      usageLimit: input.usageLimit,
      perCustomerLimit: input.perCustomerLimit,
      firstOrderOnly: input.firstOrderOnly,
      minSubtotalKobo: minSubtotalKobo ?? 0,
      startsAt: input.startsAt,
      expiresAt: input.expiresAt,
      isActive: input.active,
    };
  });
export type DiscountInput = z.infer<typeof DiscountInput>;

/** Turning one code on or off from the list. */
export const ToggleDiscountInput = z.object({
  active: z
    .enum(['true', 'false'], { error: 'Say whether the code should be on or off.' })
    .transform((v) => v === 'true'),
});

/** One code as the admin screen shows it (dates as ISO instants). */
export interface AdminDiscountRow {
  id: number;
  code: string;
  type: DiscountType;
  /** Percent, or kobo for a fixed code. */
  value: number;
  scope: DiscountScope;
  categorySlugs: string[];
  productIds: number[];
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  minSubtotalKobo: number;
  firstOrderOnly: boolean;
  startsAt: string | null;
  expiresAt: string | null;
  isActive: boolean;
  /** What a shopper would meet now: active, inactive, expired, scheduled or used up. */
  state: DiscountState | 'used-up';
}

export interface AdminDiscountsPage {
  items: AdminDiscountRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** A product the picker offers (active products only). */
export interface DiscountProductChoice {
  id: number;
  name: string;
  category: string;
}
