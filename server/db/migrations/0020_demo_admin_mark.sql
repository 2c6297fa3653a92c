ALTER TABLE "users" ADD COLUMN "demo_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_demo_admin_idx" ON "users" USING btree ("demo_admin") WHERE "users"."demo_admin";--> statement-breakpoint
-- The demo admin is the account demo mode made, marked, not an address (ADR 062). An account a
-- database already holds at admin@crownhair.ng is marked only when it can be nothing else: an
-- admin, on a shop still on the sample data whose demo mode has not ended (taking the shop over
-- deletes the demo admin and writes demo.endedAt, so an account at that address on a taken-over
-- shop is someone's own), and never given a second factor (the demo admin is exempt; a real admin
-- enrols to use the portal). A sign-up with the address is a customer and stays unmarked.
UPDATE "users" SET "demo_admin" = true
WHERE "email" = 'admin@crownhair.ng'
  AND "role" = 'admin'
  AND EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'store.usesSampleData' AND "value" = 'true')
  AND NOT EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'demo.endedAt')
  AND NOT EXISTS (SELECT 1 FROM "two_factor_secrets" WHERE "user_id" = "users"."id");
