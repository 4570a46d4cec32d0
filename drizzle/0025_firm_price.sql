CREATE TABLE "rate_card" (
	"version" integer PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"card" jsonb NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "size_tier" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "grass_height" text;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "rate_card_version" integer;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "firm_price_cents" integer;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "first_visit_surcharge_cents" integer;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "price_held_until" date;--> statement-breakpoint
ALTER TABLE "rate_card" ADD CONSTRAINT "rate_card_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Version 1 of the rate card (src/shared/pricing.ts defaultRateCard); admins publish later versions.
INSERT INTO "rate_card" ("version", "effective_from", "card", "note") VALUES (1, '2026-01-01', '{"baseCents":{"lawn-mowing":{"xs":3200,"s":3700,"m":4200,"l":5200,"xl":6500},"edging-trimming":{"xs":2000,"s":2400,"m":2800,"l":3400,"xl":4200},"mulch-installation":{"xs":12000,"s":14500,"m":17000,"l":21000,"xl":26000},"bush-shrub-trimming":{"xs":7500,"s":8500,"m":9500,"l":11000,"xl":13000},"leaf-removal":{"xs":9000,"s":11000,"m":13500,"l":17000,"xl":22000},"flower-bed-maintenance":{"xs":6000,"s":7000,"m":8000,"l":9500,"xl":11500},"seasonal-cleanup":{"xs":18000,"s":21000,"m":25000,"l":31000,"xl":39000}},"frequencyBp":{"weekly":10000,"biweekly":11000,"monthly":12500,"one_time":13500},"heightSurchargeBp":{"normal":0,"tall":5000,"overgrown":10000},"minimumPerVisitCents":3500}'::jsonb, 'Launch rate card');
