ALTER TABLE "users" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "popup_banners" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A shop seeded before this migration has its sample rows marked by what the seed provably wrote
-- (ADR 070), and only when the seed ran: the settings key store.usesSampleData is 'true' (only
-- the seed writes it). T is that row's updated_at: the seed's transaction instant (now() is one
-- value per transaction, and the seed wrote the setting, the hero slides and the media rows in it).
-- Customers: the fixed password hash no sign-up can produce (SAMPLE_PASSWORD_HASH).
UPDATE "users" SET "sample" = true
WHERE "password_hash" = '!sample-customer:no-password'
  AND EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'store.usesSampleData' AND "value" = 'true');
--> statement-breakpoint
-- Orders: the seed's idempotency keys (sample-order-N), placed by a sample customer or a guest.
UPDATE "orders" SET "sample" = true
WHERE "idempotency_key" ~ '^sample-order-[0-9]+$'
  AND ("user_id" IS NULL OR "user_id" IN (SELECT "id" FROM "users" WHERE "sample"))
  AND EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'store.usesSampleData' AND "value" = 'true');
--> statement-breakpoint
-- Reviews: written by a sample customer (they cannot sign in, so every one of theirs is the seed's).
UPDATE "reviews" SET "sample" = true WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "sample");
--> statement-breakpoint
-- Tickets: the seed's references (T-SAMPLn), each about a sample order.
UPDATE "support_tickets" SET "sample" = true
WHERE "reference" ~ '^T-SAMPL[0-9]+$' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "sample");
--> statement-breakpoint
-- Subscribers: the sample customers' own addresses (the seed subscribed those who chose promotions).
UPDATE "newsletter_subscribers" SET "sample" = true
WHERE "email" IN (SELECT "email" FROM "users" WHERE "sample");
--> statement-breakpoint
-- The catalogue: the seed runs only into an empty one and dates its products back, so every product
-- created no later than T is the seed's (one made in admin is dated when it was made, after T).
UPDATE "products" SET "sample" = true
WHERE "created_at" <= (SELECT "updated_at" FROM "settings" WHERE "key" = 'store.usesSampleData' AND "value" = 'true');
--> statement-breakpoint
-- Hero slides and pictures: written in the seed's transaction, so created at exactly T.
UPDATE "hero_slides" SET "sample" = true
WHERE "created_at" = (SELECT "updated_at" FROM "settings" WHERE "key" = 'store.usesSampleData' AND "value" = 'true');
--> statement-breakpoint
UPDATE "media" SET "sample" = true
WHERE "created_at" = (SELECT "updated_at" FROM "settings" WHERE "key" = 'store.usesSampleData' AND "value" = 'true');
