CREATE TABLE "visit_weather" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone,
	"forecast_date" date,
	"percent" integer,
	"read_at" timestamp with time zone,
	"flagged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_grid" (
	"grid_id" text NOT NULL,
	"grid_x" integer NOT NULL,
	"grid_y" integer NOT NULL,
	"days" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "weather_grid_grid_id_grid_x_grid_y_pk" PRIMARY KEY("grid_id","grid_x","grid_y")
);
--> statement-breakpoint
CREATE TABLE "weather_point" (
	"point_key" text PRIMARY KEY NOT NULL,
	"grid_id" text NOT NULL,
	"grid_x" integer NOT NULL,
	"grid_y" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_weather" ADD CONSTRAINT "visit_weather_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;