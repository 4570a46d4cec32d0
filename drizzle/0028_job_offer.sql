CREATE TABLE "job_offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"landscaper_id" text NOT NULL,
	"scheduled_date" date NOT NULL,
	"first_visit_cents" integer NOT NULL,
	"per_visit_cents" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "job_offer_status" CHECK ("job_offer"."status" in ('waiting', 'chosen', 'closed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "job_offer" ADD CONSTRAINT "job_offer_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_offer" ADD CONSTRAINT "job_offer_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_offer_waiting_idx" ON "job_offer" USING btree ("job_id","landscaper_id") WHERE "job_offer"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "job_offer_landscaper_idx" ON "job_offer" USING btree ("landscaper_id","job_id") WHERE "job_offer"."status" = 'waiting';