// Accounts as the forms and the server see them: one schema validates a form in the action and
// types the form that sends it.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_ROLES } from '../account.ts';
import { MAX_ROW_ID } from '../ids.ts';
import { isNigerianState, normalizeNigerianPhone } from '../nigeria.ts';

/** A checkbox sends "on" when ticked and nothing otherwise. */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

export const EmailField = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((email) => email.toLowerCase());

/** Length only: the server also refuses common passwords (the list lives on the server). */
export const NewPasswordField = z
  .string({ error: 'Please choose a password.' })
  .min(1, 'Please choose a password.')
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

const PasswordField = z
  .string({ error: 'Please enter your password.' })
  .min(1, 'Please enter your password.')
  .max(1024, 'That password is too long.');

const NameField = z
  .string({ error: 'Please enter your full name.' })
  .trim()
  .min(2, 'Please enter your full name.')
  .max(100, 'Please keep your name under 100 characters.');

export const SignInInput = z.object({
  email: EmailField,
  password: PasswordField,
  remember: checkbox,
});
export type SignInInput = z.infer<typeof SignInInput>;

export const SignUpInput = z
  .object({
    name: NameField,
    email: EmailField,
    password: NewPasswordField,
    confirmPassword: z.string({ error: 'Please type your password again.' }),
    acceptTerms: checkbox.refine((v) => v, 'Please accept the terms and privacy policy.'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type SignUpInput = z.infer<typeof SignUpInput>;

export const ForgotPasswordInput = z.object({ email: EmailField });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({
    token: z.string().min(1, 'This link is incomplete.').max(200),
    password: NewPasswordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const ChangePasswordInput = z
  .object({
    currentPassword: PasswordField,
    newPassword: NewPasswordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one.',
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** An optional text field: blank becomes null. */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `Please keep the ${label} under ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));
}

function yearsBetween(from: Date, to: Date): number {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  const beforeBirthday =
    to.getUTCMonth() < from.getUTCMonth() ||
    (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

export const UpdateProfileInput = z.object({
  name: NameField,
  phone: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const e164 = normalizeNigerianPhone(v);
      if (!e164) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter a Nigerian phone number, e.g. 0803 123 4567 or +234 803 123 4567.',
        });
        return z.NEVER;
      }
      return e164;
    }),
  dateOfBirth: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      const date = match ? new Date(`${v}T00:00:00Z`) : null;
      if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) {
        ctx.addIssue({ code: 'custom', message: 'Enter a real date, e.g. 1995-06-21.' });
        return z.NEVER;
      }
      const age = yearsBetween(date, new Date());
      if (age < 13 || age > 120) {
        ctx.addIssue({ code: 'custom', message: 'Enter your date of birth (you must be 13 or older).' });
        return z.NEVER;
      }
      return v;
    }),
  addressStreet: optionalText(200, 'street address'),
  addressCity: optionalText(100, 'city or LGA'),
  addressState: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!isNigerianState(v)) {
        ctx.addIssue({ code: 'custom', message: 'Choose a state from the list.' });
        return z.NEVER;
      }
      return v;
    }),
  addressLandmark: optionalText(200, 'landmark'),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const NotificationSettingsInput = z.object({
  notifyOrderUpdates: checkbox,
  notifyPromotions: checkbox,
  notifyBackInStock: checkbox,
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

export const WishlistInput = z.object({
  productIds: z
    .array(z.coerce.number().int().positive().max(MAX_ROW_ID))
    .max(200, 'That is more than a wishlist can hold.'),
});

/** What every page knows about the signed-in shopper. */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The shopper's own details (GET /api/v1/account, the dashboard's Profile and Settings). */
export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(USER_ROLES),
  phone: z.string().nullable().describe('E.164, e.g. +2348031234567'),
  dateOfBirth: z.string().nullable().describe('YYYY-MM-DD'),
  addressStreet: z.string().nullable(),
  addressCity: z.string().nullable(),
  addressState: z.string().nullable(),
  addressLandmark: z.string().nullable(),
  notifyOrderUpdates: z.boolean(),
  notifyPromotions: z.boolean(),
  notifyBackInStock: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const WishlistSchema = z.object({ productIds: z.array(z.number().int()) });

/** Field errors from a failed parse, keyed by field name (the form shows the first of each). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/**
 * Pressing "Confirm my email": the link's token and the password chosen at sign-up, so a
 * confirmation never makes usable a password the confirmer did not choose.
 */
export const ConfirmEmailInput = z.object({
  token: z
    .string({ error: 'This confirmation link has expired or has already been used.' })
    .min(1, 'This confirmation link has expired or has already been used.')
    .max(200, 'This confirmation link has expired or has already been used.'),
  password: z
    .string({ error: 'Please enter the password you chose when you signed up.' })
    .min(1, 'Please enter the password you chose when you signed up.')
    .max(1024, 'That password is too long.'),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInput>;
