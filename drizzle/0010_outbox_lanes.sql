ALTER TABLE "email_outbox" RENAME TO "outbox";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "email_outbox_user_id_user_id_fk";
--> statement-breakpoint
DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("channel","next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'failed';
--> statement-breakpoint
ALTER TABLE "outbox" RENAME CONSTRAINT "email_outbox_pkey" TO "outbox_pkey";