// Delivery fees and pay on delivery per state (the checkout module).
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Delivery fee and pay-on-delivery per state (free everywhere by default, as the spec says). */
export const deliveryRates = pgTable('delivery_rates', {
  state: text('state').primaryKey(),
  feeKobo: integer('fee_kobo').notNull().default(0),
  payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
  /** Working days, for the shopper's estimate. */
  etaDaysMin: integer('eta_days_min').notNull().default(2),
  etaDaysMax: integer('eta_days_max').notNull().default(5),
});
