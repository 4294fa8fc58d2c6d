CREATE TABLE "gateway_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sagas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sagas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"owner" text,
	"status" text DEFAULT 'running' NOT NULL,
	"step" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sagas_status_check" CHECK ("sagas"."status" in ('running', 'done', 'compensated'))
);
--> statement-breakpoint
CREATE TABLE "search_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "supplier_outbox_status_check" CHECK ("supplier_outbox"."status" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sagas_key_idx" ON "sagas" USING btree ("key");--> statement-breakpoint
CREATE INDEX "sagas_running_idx" ON "sagas" USING btree ("status");--> statement-breakpoint
CREATE INDEX "search_sessions_expires_idx" ON "search_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_outbox_key_idx" ON "supplier_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "supplier_outbox_pending_idx" ON "supplier_outbox" USING btree ("status","next_attempt_at");