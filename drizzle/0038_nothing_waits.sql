CREATE TABLE "job_assignment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"landscaper_id" text NOT NULL,
	"admin_id" text,
	"scheduled_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "job_assignment_status" CHECK ("job_assignment"."status" in ('open', 'confirmed', 'declined', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "job_reach" (
	"job_id" uuid NOT NULL,
	"landscaper_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_reach_job_id_landscaper_id_pk" PRIMARY KEY("job_id","landscaper_id")
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "reannounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "needs_pro_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "reoffer_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "customer_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_assignment" ADD CONSTRAINT "job_assignment_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reach" ADD CONSTRAINT "job_reach_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reach" ADD CONSTRAINT "job_reach_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_assignment_open_idx" ON "job_assignment" USING btree ("job_id") WHERE "job_assignment"."status" = 'open';--> statement-breakpoint
CREATE INDEX "job_assignment_landscaper_idx" ON "job_assignment" USING btree ("landscaper_id") WHERE "job_assignment"."status" = 'open';--> statement-breakpoint
CREATE INDEX "job_reach_landscaper_idx" ON "job_reach" USING btree ("landscaper_id","job_id");--> statement-breakpoint
CREATE INDEX "job_waiting_idx" ON "job" USING btree (coalesce("waiting_since", "created_at")) WHERE "job"."status" = 'pending' and "job"."needs_pro_at" is null;--> statement-breakpoint
CREATE INDEX "job_reoffer_idx" ON "job" USING btree ("reoffer_due_at") WHERE "job"."reoffer_due_at" is not null;