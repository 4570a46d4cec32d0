-- Recurring requests sent before the customer had an account (issue 33): the series kept no owner after the
-- address was confirmed, so the visits generated later had none either. Each such series now belongs to the
-- customer who owns one of its visits, or else to the confirmed customer account of its email; then every
-- visit of a series takes the series' owner.
UPDATE "job_series" s SET "customer_id" = (
  SELECT j."customer_id" FROM "job" j
  WHERE j."series_id" = s."id" AND j."customer_id" IS NOT NULL
  ORDER BY j."created_at" LIMIT 1)
WHERE s."customer_id" IS NULL
  AND EXISTS (SELECT 1 FROM "job" j WHERE j."series_id" = s."id" AND j."customer_id" IS NOT NULL);--> statement-breakpoint
UPDATE "job_series" s SET "customer_id" = u."id"
FROM "user" u
WHERE s."customer_id" IS NULL AND u."email" = s."customer_email"
  AND u."email_verified" AND u."role" = 'customer';--> statement-breakpoint
UPDATE "job" j SET "customer_id" = s."customer_id"
FROM "job_series" s
WHERE j."series_id" = s."id" AND j."customer_id" IS NULL AND s."customer_id" IS NOT NULL;
