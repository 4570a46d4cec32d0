CREATE TABLE "job_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "job_series_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 101 CACHE 1),
	"customer_id" text,
	"landscaper_id" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"address" text NOT NULL,
	"zip_code" text NOT NULL,
	"selected_services" text[] NOT NULL,
	"service_type" text NOT NULL,
	"additional_notes" text,
	"frequency" text NOT NULL,
	"weekday" smallint,
	"price_per_visit_cents" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"start_date" date NOT NULL,
	"paused_until" date,
	"generated_through" date,
	"offered_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_series_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "series_date" date;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "moved_from" date;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "move_reason" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "move_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_series_customer_idx" ON "job_series" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "job_series_landscaper_idx" ON "job_series" USING btree ("landscaper_id","status");--> statement-breakpoint
CREATE INDEX "job_series_active_idx" ON "job_series" USING btree ("generated_through") WHERE "job_series"."status" = 'active';--> statement-breakpoint
ALTER TABLE "job" ADD CONSTRAINT "job_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_series_date_idx" ON "job" USING btree ("series_id","series_date") WHERE "job"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "job_landscaper_date_idx" ON "job" USING btree ("landscaper_id","scheduled_date") WHERE "job"."status" = 'scheduled';