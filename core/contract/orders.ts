// Checkout, orders and tracking as the pages, the emails and the JSON API see them.
import { z } from 'zod';
import { NIGERIAN_STATES, normalizeNigerianPhone } from '../nigeria.ts';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../order-status.ts';
import { EmailField } from './account.ts';
import { ImageRefSchema } from './catalog.ts';

const phone = (label: string) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .transform((v, ctx) => {
      const e164 = normalizeNigerianPhone(v);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: 'Enter a Nigerian phone number, e.g. 0803 123 4567.' });
        return z.NEVER;
      }
      return e164;
    });

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `Please keep ${label} under ${max} characters.`);

export const CheckoutInput = z
  .object({
    /** A fresh value per checkout page: sending the same form twice places one order. */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9-]{16,64}$/, 'This form has expired: please reload the page.'),
    email: EmailField,
    phone: phone('your phone number'),
    shipName: text("the recipient's name", 100),
    shipPhone: phone("the recipient's phone number"),
    shipState: z.enum(NIGERIAN_STATES, { error: 'Choose a state from the list.' }),
    shipCity: text('the city or LGA', 100),
    shipStreet: text('the street address', 200),
    shipLandmark: z
      .string()
      .trim()
      .max(200, 'Please keep the landmark under 200 characters.')
      .optional()
      .transform((v) => v || null),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose how you will pay.' }),
    /** Pay small-small (ADR 099): how the deposit is paid, and the shopper's "I agree". */
    depositMethod: z.enum(['online', 'bank_transfer']).optional().catch(undefined),
    layawayAgree: z.string().optional(),
    /** "Use my store credit" (a checkbox: "on" when ticked; ADR 100). Signed-in shoppers only. */
    useStoreCredit: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.paymentMethod !== 'layaway') return;
    if (!form.depositMethod) {
      ctx.addIssue({
        code: 'custom',
        path: ['depositMethod'],
        message: 'Choose how you will pay the deposit.',
      });
    }
    if (form.layawayAgree !== 'on') {
      ctx.addIssue({
        code: 'custom',
        path: ['layawayAgree'],
        message: 'Tick “I agree” to buy on Pay small-small, or choose another way to pay.',
      });
    }
  });
export type CheckoutInput = z.infer<typeof CheckoutInput>;

export const OrderLineSchema = z.object({
  productId: z.number().int().nullable(),
  productName: z.string(),
  variantLabel: z.string(),
  sku: z.string(),
  image: ImageRefSchema.nullable(),
  unitPriceKobo: z.number().int(),
  quantity: z.number().int(),
  discountKobo: z.number().int(),
  totalKobo: z.number().int(),
});

export const OrderSummarySchema = z.object({
  trackingNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  createdAt: z.string(),
  estimatedDelivery: z.string(),
  totalKobo: z.number().int(),
  itemNames: z.array(z.string()),
  itemCount: z.number().int(),
  /** Paid: the order has a receipt (ADR 098). */
  paid: z.boolean(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const TimelineStepSchema = z.object({
  step: z.string(),
  title: z.string(),
  description: z.string(),
  completed: z.boolean(),
  at: z.string().nullable(),
});

/** What anyone with the tracking number may see (and what both views share). */
const trackedOrderShared = {
  ...OrderSummarySchema.shape,
  subtotalKobo: z.number().int(),
  discountKobo: z.number().int(),
  deliveryFeeKobo: z.number().int(),
  /** Store credit spent on it (ADR 100): subtotal − discount + delivery − store credit = total. */
  storeCreditKobo: z.number().int(),
  promoCode: z.string().nullable(),
  paidAt: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  /** The five public steps with their public descriptions and when each was reached. */
  timeline: z.array(TimelineStepSchema),
};

/**
 * A stranger with the tracking number: a first name, a masked email ("ad•••@gmail.com"), the
 * city and state, and the public timeline. Strict: the full name, the street and the staff's
 * notes cannot be carried in this shape.
 */
export const PublicTrackedOrderSchema = z.strictObject({
  ...trackedOrderShared,
  masked: z.literal(true),
  customerFirstName: z.string(),
  email: z.string(),
  address: z.string(),
});
export type PublicTrackedOrder = z.infer<typeof PublicTrackedOrderSchema>;

/** The signed-in owner (or staff): everything, including the status history with its notes. */
export const OwnerTrackedOrderSchema = z.strictObject({
  ...trackedOrderShared,
  masked: z.literal(false),
  customerFirstName: z.string(),
  customerName: z.string(),
  email: z.string(),
  address: z.string(),
  history: z.array(z.object({ status: z.enum(ORDER_STATUSES), note: z.string(), at: z.string() })),
});

export const TrackedOrderSchema = z.discriminatedUnion('masked', [
  PublicTrackedOrderSchema,
  OwnerTrackedOrderSchema,
]);
export type TrackedOrder = z.infer<typeof TrackedOrderSchema>;

/** Tracking numbers look like "CH" and digits; the lookup ignores case and spaces. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Staff set an order's status (any status, as the spec says), with an optional note. */
export const SetOrderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Choose one of the order statuses.' }),
  note: z.string().trim().max(500, 'Please keep the note under 500 characters.').optional().default(''),
  /**
   * An admin correcting a mistake outside the allowed transitions (core/order-status.ts); the
   * note is then the reason, and required.
   */
  correction: z
    .union([z.boolean(), z.enum(['true', 'false', 'on'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on'),
});
export type SetOrderStatusInput = z.infer<typeof SetOrderStatusInput>;
