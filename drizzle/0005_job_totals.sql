CREATE TABLE "job_totals" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"jobs" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"tips_cents" bigint DEFAULT 0 NOT NULL
);
