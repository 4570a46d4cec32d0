DROP INDEX "job_created_idx";--> statement-breakpoint
CREATE INDEX "job_created_id_idx" ON "job" USING btree ("created_at","id");