CREATE TABLE "job_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"zip_code" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_alert_read" (
	"user_id" text NOT NULL,
	"alert_id" uuid NOT NULL,
	CONSTRAINT "job_alert_read_user_id_alert_id_pk" PRIMARY KEY("user_id","alert_id")
);
--> statement-breakpoint
CREATE TABLE "job_alert_state" (
	"user_id" text PRIMARY KEY NOT NULL,
	"read_before" timestamp with time zone,
	"cleared_before" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_alert" ADD CONSTRAINT "job_alert_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_read" ADD CONSTRAINT "job_alert_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_read" ADD CONSTRAINT "job_alert_read_alert_id_job_alert_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alert"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_state" ADD CONSTRAINT "job_alert_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alert_zip_created_idx" ON "job_alert" USING btree ("zip_code","created_at","id");--> statement-breakpoint
CREATE INDEX "job_alert_job_idx" ON "job_alert" USING btree ("job_id");