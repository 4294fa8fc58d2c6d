-- Search sessions live minutes and are rebuilt by searching again: no write-ahead log for the megabyte written per
-- search (an unlogged table is emptied after a server crash), and the snapshot stored as it is, uncompressed.
ALTER TABLE "search_sessions" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "search_sessions" ALTER COLUMN "data" SET STORAGE EXTERNAL;
