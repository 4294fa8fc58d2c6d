CREATE TABLE "qr_accounts" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"owner_agency_id" integer NOT NULL,
	"bank_bin" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_topups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_topups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"agency_id" integer NOT NULL,
	"owner_agency_id" integer NOT NULL,
	"topup_request_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bank_bin" text NOT NULL,
	"account_no" text NOT NULL,
	"payload" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_agency_id" integer NOT NULL,
	"account_no" text NOT NULL,
	"bank_ref" text NOT NULL,
	"txn_date" text NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"balance" bigint,
	"description" text NOT NULL,
	"file_name" text NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"topup_request_id" integer,
	"matched_by" integer,
	"matched_at" timestamp with time zone,
	CONSTRAINT "statement_lines_amount_check" CHECK ("statement_lines"."debit" >= 0 and "statement_lines"."credit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "qr_accounts" ADD CONSTRAINT "qr_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_accounts" ADD CONSTRAINT "qr_accounts_owner_agency_id_agencies_id_fk" FOREIGN KEY ("owner_agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_accounts" ADD CONSTRAINT "qr_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_topups" ADD CONSTRAINT "qr_topups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_topups" ADD CONSTRAINT "qr_topups_owner_agency_id_agencies_id_fk" FOREIGN KEY ("owner_agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_topups" ADD CONSTRAINT "qr_topups_topup_request_id_topup_requests_id_fk" FOREIGN KEY ("topup_request_id") REFERENCES "public"."topup_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_topups" ADD CONSTRAINT "qr_topups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_owner_agency_id_agencies_id_fk" FOREIGN KEY ("owner_agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_topup_request_id_topup_requests_id_fk" FOREIGN KEY ("topup_request_id") REFERENCES "public"."topup_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_topups_reference_idx" ON "qr_topups" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_topups_request_idx" ON "qr_topups" USING btree ("topup_request_id");--> statement-breakpoint
CREATE INDEX "qr_topups_owner_idx" ON "qr_topups" USING btree ("owner_agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_ref_idx" ON "statement_lines" USING btree ("owner_agency_id","account_no","bank_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_topup_idx" ON "statement_lines" USING btree ("topup_request_id");