CREATE TABLE "customer_rating" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"landscaper_id" text NOT NULL,
	"customer_id" text,
	"stars" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_rating_stars" CHECK ("customer_rating"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"series_id" uuid,
	"series_month" text,
	"landscaper_id" text NOT NULL,
	"customer_id" text,
	"author_name" text NOT NULL,
	"quality" smallint NOT NULL,
	"punctuality" smallint,
	"communication" smallint,
	"body" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"visible_from" timestamp with time zone NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"removed_reason" text,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	CONSTRAINT "review_quality_stars" CHECK ("review"."quality" between 1 and 5),
	CONSTRAINT "review_punctuality_stars" CHECK ("review"."punctuality" between 1 and 5),
	CONSTRAINT "review_communication_stars" CHECK ("review"."communication" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "photos_public_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "photo_content_type" text;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "years_in_business" smallint;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "profile_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "insurance_expires_on" date;--> statement-breakpoint
ALTER TABLE "landscaper" ADD COLUMN "insurance_warned_for" date;--> statement-breakpoint
ALTER TABLE "customer_rating" ADD CONSTRAINT "customer_rating_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rating" ADD CONSTRAINT "customer_rating_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_rating" ADD CONSTRAINT "customer_rating_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_landscaper_id_user_id_fk" FOREIGN KEY ("landscaper_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_removed_by_user_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_rating_job_idx" ON "customer_rating" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "customer_rating_customer_idx" ON "customer_rating" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_job_idx" ON "review" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_series_month_idx" ON "review" USING btree ("series_id","series_month") WHERE "review"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "review_landscaper_idx" ON "review" USING btree ("landscaper_id","visible_from");--> statement-breakpoint
CREATE INDEX "review_report_open_idx" ON "review_report" USING btree ("review_id") WHERE "review_report"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "landscaper" ADD CONSTRAINT "landscaper_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- Every landscaper gets a profile address from the business name (or their name); a second of the same
-- name gets -2, -3 … (src/server/features/profiles keeps the same rule for new ones).
UPDATE "landscaper" AS l SET "slug" = s.slug FROM (
  SELECT "user_id", CASE WHEN n > 1 THEN base || '-' || n ELSE base END AS slug FROM (
    SELECT "user_id", base, row_number() OVER (PARTITION BY base ORDER BY "created_at", "user_id") AS n FROM (
      SELECT "user_id", "created_at",
        coalesce(nullif(left(trim(both '-' from regexp_replace(lower(coalesce(nullif(trim("business_name"), ''), "full_name")), '[^a-z0-9]+', '-', 'g')), 60), ''), 'pro') AS base
      FROM "landscaper"
    ) b
  ) r
) s WHERE l."user_id" = s."user_id";
--> statement-breakpoint
-- The single per-job rating becomes the quality stars of a review, released at once (it was given before
-- reviews were double-blind). Punctuality and communication stay unknown (null).
INSERT INTO "review" ("job_id", "landscaper_id", "customer_id", "author_name", "quality", "body", "submitted_at", "visible_from")
SELECT j."id", j."landscaper_id", j."customer_id",
  CASE WHEN position(' ' in trim(j."customer_name")) > 0
    THEN split_part(trim(j."customer_name"), ' ', 1) || ' ' || upper(left(regexp_replace(trim(j."customer_name"), '^.*\s', ''), 1)) || '.'
    ELSE trim(j."customer_name") END,
  j."rating", coalesce(j."rating_comment", ''),
  coalesce(j."rated_at", j."completed_at", j."created_at"), coalesce(j."rated_at", j."completed_at", j."created_at")
FROM "job" j
WHERE j."rating" BETWEEN 1 AND 5 AND j."landscaper_id" IS NOT NULL;
