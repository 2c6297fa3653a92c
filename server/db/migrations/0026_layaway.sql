CREATE TABLE "layaway_instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "layaway_instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_kobo" integer NOT NULL,
	"paid_kobo" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"reminded" text,
	"extended_by" integer,
	"extended_reason" text,
	CONSTRAINT "layaway_instalments_paid_within_amount" CHECK ("layaway_instalments"."amount_kobo" >= 0 AND "layaway_instalments"."paid_kobo" >= 0 AND "layaway_instalments"."paid_kobo" <= "layaway_instalments"."amount_kobo")
);
--> statement-breakpoint
CREATE TABLE "layaway_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "layaway_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"total_kobo" integer NOT NULL,
	"deposit_kobo" integer NOT NULL,
	"paid_kobo" integer DEFAULT 0 NOT NULL,
	"deposit_method" text NOT NULL,
	"rule" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"agreed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layaway_plans_status_valid" CHECK ("layaway_plans"."status" IN ('active', 'completed', 'defaulted', 'cancelled')),
	CONSTRAINT "layaway_plans_paid_within_total" CHECK ("layaway_plans"."paid_kobo" >= 0 AND "layaway_plans"."paid_kobo" <= "layaway_plans"."total_kobo"),
	CONSTRAINT "layaway_plans_deposit_method_valid" CHECK ("layaway_plans"."deposit_method" IN ('online', 'bank_transfer'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";--> statement-breakpoint
ALTER TABLE "layaway_instalments" ADD CONSTRAINT "layaway_instalments_plan_id_layaway_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."layaway_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layaway_instalments" ADD CONSTRAINT "layaway_instalments_extended_by_users_id_fk" FOREIGN KEY ("extended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layaway_plans" ADD CONSTRAINT "layaway_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layaway_plans" ADD CONSTRAINT "layaway_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "layaway_instalments_plan_seq_idx" ON "layaway_instalments" USING btree ("plan_id","sequence");--> statement-breakpoint
CREATE INDEX "layaway_instalments_due_idx" ON "layaway_instalments" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "layaway_plans_order_idx" ON "layaway_plans" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "layaway_plans_user_idx" ON "layaway_plans" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "layaway_plans_tracking_idx" ON "layaway_plans" USING btree ("tracking_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" IN ('pending_payment', 'awaiting_transfer', 'placed', 'confirmed', 'packaged', 'shipped', 'delivered', 'cancelled', 'payment_failed', 'on_layaway'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" IN ('online', 'bank_transfer', 'pay_on_delivery', 'layaway'));