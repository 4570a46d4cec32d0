DROP INDEX "job_zip_pending_idx";--> statement-breakpoint
CREATE INDEX "job_pending_zip_date_idx" ON "job" USING btree ("zip_code","preferred_date","id","selected_services") WHERE "job"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "job_decline_landscaper_idx" ON "job_decline" USING btree ("landscaper_id","job_id");