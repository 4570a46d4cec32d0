ALTER TYPE "public"."notification_type" ADD VALUE 'message';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'arrival';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'dispute';--> statement-breakpoint
CREATE TABLE "conversation_member" (
	"job_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_emailed_at" timestamp with time zone,
	CONSTRAINT "conversation_member_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"sender_id" text,
	"sender_role" text NOT NULL,
	"sender_name" text NOT NULL,
	"body" text NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"image_key" text,
	"image_thumb_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_message_report" (
	"message_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_message_report_message_id_reporter_id_pk" PRIMARY KEY("message_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "job_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visit" smallint NOT NULL,
	"uploader_id" text,
	"key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "message_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "arrival_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "visit" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "eta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "work_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "problem_reason" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "dispute_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "redo_date" date;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "redo_note" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "redo_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "redo_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "dispute_resolution" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "dispute_resolution_note" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "dispute_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_message" ADD CONSTRAINT "job_message_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_message" ADD CONSTRAINT "job_message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_message_report" ADD CONSTRAINT "job_message_report_message_id_job_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."job_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_message_report" ADD CONSTRAINT "job_message_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photo" ADD CONSTRAINT "job_photo_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photo" ADD CONSTRAINT "job_photo_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_message_job_idx" ON "job_message" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_message_created_idx" ON "job_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_photo_job_idx" ON "job_photo" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_dispute_idx" ON "job" USING btree ("dispute_reported_at") WHERE "job"."dispute_reported_at" is not null;