import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** customer | staff | admin (core/contract/account.ts). Never derived from the email address. */
    role: text('role').notNull().default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** E.164, e.g. +2348031234567. */
    phone: text('phone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressLandmark: text('address_landmark'),
    notifyOrderUpdates: boolean('notify_order_updates').notNull().default(true),
    notifyPromotions: boolean('notify_promotions').notNull().default(true),
    notifyBackInStock: boolean('notify_back_in_stock').notNull().default(false),
    /** A banned account cannot sign in (the admin issue toggles it). */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The demo admin (ADR 016, 062): the one account demo mode made, whose password is published.
     * Marked, never recognised by its address; at most one.
     */
    demoAdmin: boolean('demo_admin').notNull().default(false),
    /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
    sample: boolean('sample').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_valid', sql`${t.role} IN ('customer', 'staff', 'admin')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('users_role_idx').on(t.role),
    uniqueIndex('users_one_demo_admin_idx').on(t.demoAdmin).where(sql`${t.demoAdmin}`),
    // The admin users list: newest first by default, and a name or email search that matches any
    // substring (ILIKE '%…%', answered by trigram indexes; ADR 028). fastupdate off: PGlite runs
    // no autovacuum, so a GIN pending list would grow with every sign-up and be read in full by
    // every search.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a leaked
 * table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** "Remember me": the cookie outlives the browser and the lifetimes are longer. */
    remember: boolean('remember').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Slides forward with use; the session ends when it passes (idle lifetime). */
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    /** Never moves (absolute lifetime). */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * When the second factor was given in this session (staff and admins, ADR 019). Until then a
     * staff account's session opens nothing a customer's would not.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_idle_expiry_idx').on(t.idleExpiresAt)],
);

/** Single-use tokens sent by email (verify the address, reset the password). Only hashes are kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('auth_tokens_purpose_valid', sql`${t.purpose} IN ('verify_email', 'reset_password')`),
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Fixed-window counters for rate limits, shared by every process through the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
