CREATE TABLE "paid_call_claims" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"body_hash" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "paid_call_claims_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "paid_call_claims_state_check" CHECK ("paid_call_claims"."state" in ('verifying', 'verified'))
);
--> statement-breakpoint
ALTER TABLE "supplier_outbox" DROP CONSTRAINT "supplier_outbox_status_check";--> statement-breakpoint
CREATE INDEX "paid_call_claims_created_idx" ON "paid_call_claims" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "supplier_outbox" ADD CONSTRAINT "supplier_outbox_status_check" CHECK ("supplier_outbox"."status" in ('pending', 'done', 'abandoned'));