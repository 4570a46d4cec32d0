CREATE TABLE "user_totals" (
	"role" text PRIMARY KEY NOT NULL,
	"users" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));