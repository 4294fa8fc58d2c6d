CREATE TABLE "shop_reserve_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_reserve_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reserve_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"customer_name" text,
	"customer_phone" text,
	"passengers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_reserve_moves_kind_check" CHECK ("shop_reserve_moves"."kind" in ('create', 'sale', 'release', 'expire')),
	CONSTRAINT "shop_reserve_moves_quantity_check" CHECK ("shop_reserve_moves"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_reserves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_reserves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"created_by" integer,
	"source" text NOT NULL,
	"airline" text NOT NULL,
	"flight_no" text NOT NULL,
	"from_code" char(3) NOT NULL,
	"to_code" char(3) NOT NULL,
	"depart_date" text NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"seat_key" text NOT NULL,
	"class" char(1) NOT NULL,
	"quantity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"released" integer DEFAULT 0 NOT NULL,
	"net_price" bigint NOT NULL,
	"sell_price" bigint NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_reserves_counts_check" CHECK ("shop_reserves"."quantity" > 0 and "shop_reserves"."sold" >= 0 and "shop_reserves"."released" >= 0 and "shop_reserves"."sold" + "shop_reserves"."released" <= "shop_reserves"."quantity"),
	CONSTRAINT "shop_reserves_price_check" CHECK ("shop_reserves"."net_price" >= 0 and "shop_reserves"."sell_price" >= "shop_reserves"."net_price")
);
--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD CONSTRAINT "shop_reserve_moves_reserve_id_shop_reserves_id_fk" FOREIGN KEY ("reserve_id") REFERENCES "public"."shop_reserves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reserve_moves" ADD CONSTRAINT "shop_reserve_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reserves" ADD CONSTRAINT "shop_reserves_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reserves" ADD CONSTRAINT "shop_reserves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_reserve_moves_reserve_idx" ON "shop_reserve_moves" USING btree ("reserve_id","id");--> statement-breakpoint
CREATE INDEX "shop_reserves_agency_idx" ON "shop_reserves" USING btree ("agency_id","depart_at");--> statement-breakpoint
CREATE INDEX "shop_reserves_release_idx" ON "shop_reserves" USING btree ("release_at");