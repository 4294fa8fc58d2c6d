CREATE TABLE "seat_inventory" (
	"seat_key" text NOT NULL,
	"class" char(1) NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_inventory_seat_key_class_pk" PRIMARY KEY("seat_key","class"),
	CONSTRAINT "seat_inventory_taken_check" CHECK ("seat_inventory"."taken" >= 0)
);
