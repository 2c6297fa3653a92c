CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_positive" CHECK ("receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"refund_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_year_number_unique" UNIQUE("year","number"),
	CONSTRAINT "receipts_kind_valid" CHECK ("receipts"."kind" IN ('order', 'refund')),
	CONSTRAINT "receipts_refund_named" CHECK (("receipts"."kind" = 'refund') = ("receipts"."refund_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_once" ON "receipts" USING btree ("order_id") WHERE "receipts"."kind" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_refund_once" ON "receipts" USING btree ("refund_id") WHERE "receipts"."refund_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id");