CREATE TABLE "job_price_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"series_id" uuid,
	"landscaper_id" text,
	"agreed_cents" integer NOT NULL,
	"asked_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_photo" ADD COLUMN "price_change_id" uuid;--> statement-breakpoint
ALTER TABLE "job_price_change" ADD CONSTRAINT "job_price_change_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_change" ADD CONSTRAINT "job_price_change_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_change" ADD CONSTRAINT "job_price_change_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_price_change_job_idx" ON "job_price_change" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_price_change_series_idx" ON "job_price_change" USING btree ("series_id","created_at") WHERE "job_price_change"."series_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_price_change_open_job_idx" ON "job_price_change" USING btree ("job_id") WHERE "job_price_change"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "job_price_change_open_series_idx" ON "job_price_change" USING btree ("series_id") WHERE "job_price_change"."status" = 'open' and "job_price_change"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "job_photo" ADD CONSTRAINT "job_photo_price_change_id_job_price_change_id_fk" FOREIGN KEY ("price_change_id") REFERENCES "public"."job_price_change"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_photo_price_change_idx" ON "job_photo" USING btree ("price_change_id") WHERE "job_photo"."price_change_id" is not null;