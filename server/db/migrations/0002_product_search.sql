ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_min_price_idx" ON "products" USING btree ("min_price_kobo");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);