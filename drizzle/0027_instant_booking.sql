CREATE TABLE "landscaper_availability" (
	"landscaper_id" text PRIMARY KEY NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"visits_per_day" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"instant_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_adjust_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landscaper_availability_visits" CHECK ("landscaper_availability"."visits_per_day" between 1 and 20),
	CONSTRAINT "landscaper_availability_notice" CHECK ("landscaper_availability"."notice_hours" between 0 and 168),
	CONSTRAINT "landscaper_availability_price" CHECK ("landscaper_availability"."price_adjust_percent" between -30 and 30)
);
--> statement-breakpoint
DROP INDEX "job_event_actor_lost_idx";--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "booked_instantly_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "booking_token_hash" text;--> statement-breakpoint
ALTER TABLE "landscaper_availability" ADD CONSTRAINT "landscaper_availability_landscaper_id_landscaper_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."landscaper"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_event_actor_lost_idx" ON "job_event" USING btree ("actor_id") WHERE "job_event"."to_status" in ('pending', 'missed', 'released');