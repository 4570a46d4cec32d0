CREATE TABLE "area_change" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landscaper_id" text NOT NULL,
	"service_zip_codes" text[] NOT NULL,
	"travel_radius" integer NOT NULL,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "application_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "area_change" ADD CONSTRAINT "area_change_landscaper_id_landscaper_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."landscaper"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_change" ADD CONSTRAINT "area_change_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "area_change_one_pending_idx" ON "area_change" USING btree ("landscaper_id") WHERE "area_change"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "area_change_status_idx" ON "area_change" USING btree ("status","created_at");