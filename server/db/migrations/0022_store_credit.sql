CREATE TABLE "store_credit_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_kobo" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_balance_not_negative" CHECK ("store_credit_balances"."balance_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_credit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount_kobo" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_kind_valid" CHECK ("store_credit_entries"."kind" IN ('grant', 'spend', 'restore', 'adjust')),
	CONSTRAINT "store_credit_amount_not_zero" CHECK ("store_credit_entries"."amount_kobo" <> 0),
	CONSTRAINT "store_credit_sign_fits_kind" CHECK (("store_credit_entries"."kind" IN ('grant', 'restore') AND "store_credit_entries"."amount_kobo" > 0) OR ("store_credit_entries"."kind" = 'spend' AND "store_credit_entries"."amount_kobo" < 0) OR "store_credit_entries"."kind" = 'adjust')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_add_up";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_kobo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_balances" ADD CONSTRAINT "store_credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_idx" ON "store_credit_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_add_up" CHECK ("orders"."total_kobo" = "orders"."subtotal_kobo" - "orders"."discount_kobo" + "orders"."delivery_fee_kobo" - "orders"."store_credit_kobo" AND "orders"."total_kobo" >= 0 AND "orders"."store_credit_kobo" >= 0);