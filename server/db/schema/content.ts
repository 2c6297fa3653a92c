import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { media } from './media.ts';

export const heroSlides = pgTable('hero_slides', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  ctaText: text('cta_text').notNull(),
  ctaLink: text('cta_link').notNull(),
  mediaId: text('media_id')
    .notNull()
    .references(() => media.id),
  position: integer('position').notNull().default(0),
  /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
  sample: boolean('sample').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  /** Shown from this instant (null: at once) until `endsAt` (null: for good); owners type Lagos time. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The storefront's popup: the first active one (by position) is shown after the page (ADR 031). */
export const popupBanners = pgTable('popup_banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  message: text('message').notNull().default(''),
  /** Optional picture (600 × 400 recommended). */
  mediaId: text('media_id').references(() => media.id),
  /** Where the popup's button leads: a path on the site or an https address; '' for none. */
  link: text('link').notNull().default(''),
  linkText: text('link_text').notNull().default(''),
  position: integer('position').notNull().default(0),
  /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
  sample: boolean('sample').notNull().default(false),
  isActive: boolean('is_active').notNull().default(false),
  /** Shown once per browser session (sessionStorage), else on every page until closed. */
  oncePerSession: boolean('once_per_session').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Display currencies. Rates are units of the currency per naira; prices are charged in naira. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  rate: numeric('rate', { precision: 14, scale: 8, mode: 'number' }).notNull(),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  source: text('source').notNull().default('footer'),
  /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
  sample: boolean('sample').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /** Double opt-in: only an address confirmed from its inbox (and not unsubscribed) is a subscriber. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** SHA-256 of the single-use confirmation link's token (cleared when used); only the newest works. */
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  /**
   * The token in every mailing's unsubscribe link (kept in the clear: each mailing needs it, and it
   * can do nothing but unsubscribe this address).
   */
  unsubscribeToken: text('unsubscribe_token').unique(),
});

/** Key/value settings the shop owner can edit (sample-data flag, contact details, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
