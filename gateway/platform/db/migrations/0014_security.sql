CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"refused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_tsps" (
	"user_id" integer NOT NULL,
	"tsp" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "used_tsps_user_id_tsp_pk" PRIMARY KEY("user_id","tsp")
);
--> statement-breakpoint
CREATE INDEX "rate_limits_updated_idx" ON "rate_limits" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "used_tsps_expires_idx" ON "used_tsps" USING btree ("expires_at");