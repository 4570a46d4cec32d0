CREATE TABLE "scheduled_pass" (
	"name" text PRIMARY KEY NOT NULL,
	"last_completed_at" timestamp with time zone NOT NULL,
	"last_run_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "request_id" text;