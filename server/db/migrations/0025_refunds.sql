CREATE TABLE "refund_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"amount_kobo" integer NOT NULL,
	CONSTRAINT "refund_lines_quantity_positive" CHECK ("refund_lines"."quantity" > 0),
	CONSTRAINT "refund_lines_amount_not_negative" CHECK ("refund_lines"."amount_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"includes_delivery_fee" boolean DEFAULT false NOT NULL,
	"reason_code" text NOT NULL,
	"reason_text" text,
	"note" text,
	"requested_by" integer,
	"approved_by" integer,
	"provider_refund_id" text,
	"failure_message" text,
	"bank_name" text,
	"account_number" text,
	"account_name" text,
	"transfer_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_status_valid" CHECK ("refunds"."status" IN ('requested', 'pending', 'processed', 'failed', 'rejected')),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kobo" > 0),
	CONSTRAINT "refunds_provider_valid" CHECK ("refunds"."provider" IN ('paystack', 'sandbox', 'bank_transfer')),
	CONSTRAINT "refunds_transfer_recorded" CHECK ("refunds"."provider" <> 'bank_transfer' OR "refunds"."status" IN ('requested', 'rejected') OR ("refunds"."account_number" ~ '^[0-9]{10}$' AND "refunds"."transfer_reference" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_reference" text NOT NULL,
	"amount_kobo" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_line_idx" ON "refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_provider_refund_idx" ON "refunds" USING btree ("provider_refund_id");