-- The claims' epoch (schema.ts tspEpoch): UNLOGGED, so a crash of the database (or a standby's promotion) empties
-- it, which is how the sign-in check learns that claims of the crash's last moments may be lost (their commits do
-- not wait for the WAL flush). drizzle-kit writes tables as logged: UNLOGGED is written here by hand.
CREATE UNLOGGED TABLE "tsp_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"since_ms" bigint NOT NULL,
	CONSTRAINT "tsp_epoch_one_row" CHECK ("tsp_epoch"."id" = 1)
);--> statement-breakpoint
INSERT INTO "tsp_epoch" ("id", "since_ms") VALUES (1, 0);
