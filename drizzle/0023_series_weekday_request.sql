ALTER TABLE "job_series" ADD COLUMN "requested_weekday" smallint;--> statement-breakpoint
ALTER TABLE "job_series" ADD COLUMN "weekday_requested_at" timestamp with time zone;