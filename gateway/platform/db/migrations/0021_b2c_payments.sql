CREATE TABLE "b2c_order_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_order_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2c_order_payments_kind_check" CHECK ("b2c_order_payments"."kind" in ('payment', 'refund')),
	CONSTRAINT "b2c_order_payments_method_check" CHECK ("b2c_order_payments"."method" in ('cash', 'transfer', 'card')),
	CONSTRAINT "b2c_order_payments_amount_check" CHECK (("b2c_order_payments"."kind" = 'payment' and "b2c_order_payments"."amount" > 0) or ("b2c_order_payments"."kind" = 'refund' and "b2c_order_payments"."amount" >= 0))
);
--> statement-breakpoint
ALTER TABLE "b2c_orders" DROP CONSTRAINT "b2c_orders_kind_check";--> statement-breakpoint
ALTER TABLE "b2c_order_events" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "b2c_orders" ADD COLUMN "train" jsonb;--> statement-breakpoint
ALTER TABLE "b2c_order_payments" ADD CONSTRAINT "b2c_order_payments_order_id_b2c_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."b2c_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_order_payments" ADD CONSTRAINT "b2c_order_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_order_payments" ADD CONSTRAINT "b2c_order_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2c_order_payments_key_idx" ON "b2c_order_payments" USING btree ("agency_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "b2c_order_payments_once_idx" ON "b2c_order_payments" USING btree ("order_id","kind");--> statement-breakpoint
ALTER TABLE "b2c_order_events" ADD CONSTRAINT "b2c_order_events_payment_id_b2c_order_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."b2c_order_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_orders" ADD CONSTRAINT "b2c_orders_kind_check" CHECK ("b2c_orders"."kind" in ('tour', 'flight', 'train'));