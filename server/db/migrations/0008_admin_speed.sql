CREATE TABLE "order_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"revenue_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"pending_orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_daily_sales" (
	"day" date NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_sales_key" UNIQUE NULLS NOT DISTINCT("day","product_id","product_name")
);
--> statement-breakpoint
CREATE TABLE "product_monthly_sales" (
	"month" date NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_monthly_sales_key" UNIQUE NULLS NOT DISTINCT("month","product_id","product_name")
);
--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);