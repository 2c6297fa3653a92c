-- Products get a status (draft, active, archived); is_active is derived from it (ADR 030).
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "alt" text;--> statement-breakpoint
UPDATE "products" SET "status" = CASE WHEN "is_active" THEN 'active' ELSE 'archived' END;--> statement-breakpoint
ALTER TABLE "products" drop column "is_active";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status = 'active') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" IN ('draft', 'active', 'archived'));
