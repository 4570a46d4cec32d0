ALTER TABLE "job" ADD COLUMN "requested_price_cents" integer;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "requested_price_reason" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "price_increase_approved_at" timestamp with time zone;