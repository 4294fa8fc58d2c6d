CREATE TABLE "b2c_configs" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_upload_id" uuid,
	"theme" text DEFAULT 'blue' NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"hours" text,
	"flight_markup" integer DEFAULT 0 NOT NULL,
	"tour_markup" integer DEFAULT 0 NOT NULL,
	"products" text[] DEFAULT '{tours,flights}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2c_departures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_departures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tour_id" integer NOT NULL,
	"date" text NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"price_adult" bigint NOT NULL,
	"price_child" bigint NOT NULL,
	"price_infant" bigint NOT NULL,
	CONSTRAINT "b2c_departures_seats_check" CHECK ("b2c_departures"."seats_taken" >= 0 and "b2c_departures"."seats_taken" <= "b2c_departures"."seats_total")
);
--> statement-breakpoint
CREATE TABLE "b2c_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "b2c_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"note" text,
	"pax_adult" smallint NOT NULL,
	"pax_child" smallint DEFAULT 0 NOT NULL,
	"pax_infant" smallint DEFAULT 0 NOT NULL,
	"departure_id" integer,
	"flight" jsonb,
	"total" bigint,
	"assignee_id" integer,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2c_orders_code_unique" UNIQUE("code"),
	CONSTRAINT "b2c_orders_status_check" CHECK ("b2c_orders"."status" in ('new', 'contacted', 'confirmed', 'paid', 'cancelled')),
	CONSTRAINT "b2c_orders_kind_check" CHECK ("b2c_orders"."kind" in ('tour', 'flight'))
);
--> statement-breakpoint
CREATE TABLE "b2c_tours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "b2c_tours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"destination" text,
	"days" smallint NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclusions" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_upload_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "b2c_tours_status_check" CHECK ("b2c_tours"."status" in ('draft', 'published', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "b2c_configs" ADD CONSTRAINT "b2c_configs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_configs" ADD CONSTRAINT "b2c_configs_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_departures" ADD CONSTRAINT "b2c_departures_tour_id_b2c_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."b2c_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_order_events" ADD CONSTRAINT "b2c_order_events_order_id_b2c_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."b2c_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_order_events" ADD CONSTRAINT "b2c_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_orders" ADD CONSTRAINT "b2c_orders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_orders" ADD CONSTRAINT "b2c_orders_departure_id_b2c_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."b2c_departures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_orders" ADD CONSTRAINT "b2c_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "b2c_tours" ADD CONSTRAINT "b2c_tours_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "b2c_configs_slug_idx" ON "b2c_configs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "b2c_departures_tour_idx" ON "b2c_departures" USING btree ("tour_id","date");--> statement-breakpoint
CREATE INDEX "b2c_order_events_order_idx" ON "b2c_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "b2c_orders_agency_idx" ON "b2c_orders" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "b2c_orders_ip_idx" ON "b2c_orders" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "b2c_tours_agency_idx" ON "b2c_tours" USING btree ("agency_id","status");