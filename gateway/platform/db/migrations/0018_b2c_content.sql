CREATE TABLE "b2c_fare_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_fare_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"airline" text NOT NULL,
	"fare_family" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2c_fare_rules_status_check" CHECK ("b2c_fare_rules"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "b2c_news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"summary" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_upload_id" uuid,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2c_news_status_check" CHECK ("b2c_news"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "b2c_fare_rules" ADD CONSTRAINT "b2c_fare_rules_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_news" ADD CONSTRAINT "b2c_news_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_news" ADD CONSTRAINT "b2c_news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_news" ADD CONSTRAINT "b2c_news_cover_upload_id_uploads_id_fk" FOREIGN KEY ("cover_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2c_fare_rules_key_idx" ON "b2c_fare_rules" USING btree ("agency_id","airline",lower("fare_family"));--> statement-breakpoint
CREATE INDEX "b2c_news_agency_idx" ON "b2c_news" USING btree ("agency_id","status");