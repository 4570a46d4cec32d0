CREATE TABLE "field_action_key" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"job_id" uuid NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_action_key_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "field_action_key" ADD CONSTRAINT "field_action_key_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_action_key" ADD CONSTRAINT "field_action_key_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_action_key_created_idx" ON "field_action_key" USING btree ("created_at");