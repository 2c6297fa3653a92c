// Pay small-small (ADR 099): the settings form's section, the Pay now form, and the plan as the
// dashboard, tracking page and checkout show it. Browser code imports only types from here.
import { z } from 'zod';
import { LAYAWAY_DEFAULT_RULES, type LayawaySettings, planFitsWindow } from '../layaway.ts';
import { parseNairaInput } from '../money-input.ts';

const whole = (label: string, min: number, max: number) =>
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

const nairaAmount = (what: string) =>
  z.string({ error: `Enter ${what}.` }).transform((text, ctx) => {
    const kobo = parseNairaInput(text);
    if (kobo === null) {
      ctx.addIssue({ code: 'custom', message: `Enter ${what} in naira, like 50,000.` });
      return z.NEVER;
    }
    return kobo;
  });

/** The settings screen's "Pay small-small" section (flat form fields). */
export const LayawaySettingsInput = z
  .object({
    layawayEnabled: z.string().optional(),
    layawayCategories: z.string().max(500, 'Keep the list under 500 characters.').default(''),
    layawayMinTotal: nairaAmount('the minimum order total'),
    layawayDepositPercent: whole('The deposit (%)', 1, 90),
    layawayInstalments: whole('The number of instalments', 1, 12),
    layawaySpacingDays: whole('The days between instalments', 1, 84),
    layawayGraceDays: whole('The grace days', 0, 30),
    layawayDefaultRule: z.enum(LAYAWAY_DEFAULT_RULES, {
      error: 'Choose what happens when a plan is not paid.',
    }),
    layawayFeeKind: z
      .enum(['amount', 'percent'], { error: 'Choose how the fee is stated.' })
      .default('percent'),
    layawayFee: z.string().trim().default('0'),
  })
  .superRefine((form, ctx) => {
    if (!planFitsWindow(form.layawayInstalments, form.layawaySpacingDays)) {
      ctx.addIssue({
        code: 'custom',
        path: ['layawaySpacingDays'],
        message: `${form.layawayInstalments} instalments every ${form.layawaySpacingDays} days end after 12 weeks: choose fewer or closer instalments.`,
      });
    }
    if (form.layawayFeeKind === 'percent' && !/^\d{1,2}$|^100$/.test(form.layawayFee)) {
      ctx.addIssue({
        code: 'custom',
        path: ['layawayFee'],
        message: 'Enter the fee as a whole percentage, 0 to 100.',
      });
    }
    if (form.layawayFeeKind === 'amount' && parseNairaInput(form.layawayFee) === null) {
      ctx.addIssue({ code: 'custom', path: ['layawayFee'], message: 'Enter the fee in naira, like 5,000.' });
    }
  })
  .transform(
    (form): LayawaySettings => ({
      enabled: form.layawayEnabled === 'on',
      categorySlugs: [
        ...new Set(
          form.layawayCategories
            .split(/[\s,]+/)
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ],
      minTotalKobo: form.layawayMinTotal,
      depositPercent: form.layawayDepositPercent,
      instalments: form.layawayInstalments,
      spacingDays: form.layawaySpacingDays,
      graceDays: form.layawayGraceDays,
      defaultRule: form.layawayDefaultRule,
      feeKind: form.layawayFeeKind,
      feeValue:
        form.layawayFeeKind === 'percent' ? Number(form.layawayFee) : (parseNairaInput(form.layawayFee) ?? 0),
    }),
  );

export interface LayawayInstalmentView {
  sequence: number;
  /** "Deposit", "Instalment 1", … */
  label: string;
  dueDate: string;
  amountKobo: number;
  paidKobo: number;
  paidAt: string | null;
  overdue: boolean;
}

export interface LayawayPlanView {
  status: 'active' | 'completed' | 'defaulted' | 'cancelled';
  totalKobo: number;
  depositKobo: number;
  paidKobo: number;
  balanceKobo: number;
  /** What is owed on the next instalment not fully paid (0 when none). */
  nextDueKobo: number;
  nextDueDate: string | null;
  ruleText: string;
  instalments: LayawayInstalmentView[];
}

/** What checkout shows for an eligible cart: the plan and the default rule. */
export interface LayawayOffer {
  eligible: boolean;
  /** Why not, when not eligible (null when eligible or the shop has it off). */
  refusal: string | null;
  ruleText: string;
  instalments: { sequence: number; label: string; dueDate: string; amountKobo: number }[];
}
