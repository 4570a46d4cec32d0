CREATE TYPE "public"."payment_kind" AS ENUM('job', 'extra', 'tip', 'fee');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'held', 'captured', 'released', 'failed', 'expired');--> statement-breakpoint
CREATE TABLE "ledger_balance" (
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"slot" smallint NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balance_account_kind_slot_pk" PRIMARY KEY("account","kind","slot")
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"user_id" text,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"job_id" uuid,
	"payment_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transaction_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"customer_id" text,
	"method_id" uuid,
	"kind" "payment_kind" NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"pending_action" text,
	"pending_amount_cents" integer,
	"pending_key" text,
	"pending_since" timestamp with time zone,
	"failure_code" text,
	"failure_message" text,
	"expires_at" timestamp with time zone,
	"held_at" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_customer" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_processor_key" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_processor_object" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "work_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "problem_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job" ADD COLUMN "problem_note" text;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_method_id_payment_method_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_method"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entry_transaction_idx" ON "ledger_entry" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account","user_id");--> statement-breakpoint
CREATE INDEX "payment_job_idx" ON "payment" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_pending_idx" ON "payment" USING btree ("pending_since") WHERE "payment"."pending_action" is not null;--> statement-breakpoint
CREATE INDEX "payment_held_idx" ON "payment" USING btree ("expires_at") WHERE "payment"."status" = 'held';--> statement-breakpoint
CREATE INDEX "payment_method_user_idx" ON "payment_method" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_provider_idx" ON "payment_method" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE INDEX "test_processor_object_type_idx" ON "test_processor_object" USING btree ("type");--> statement-breakpoint
-- Ledger entries are written once and never changed: an entry's amount is added to its account's balance for
-- its transaction's kind, in the posting's own transaction, one statement at a time.
CREATE FUNCTION ledger_balance_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_balance AS b (account, kind, slot, amount_cents)
  SELECT e.account, t.kind, pg_backend_pid() % 16, sum(e.amount_cents)
    FROM new_rows e JOIN ledger_transaction t ON t.id = e.transaction_id
   GROUP BY e.account, t.kind
  ON CONFLICT (account, kind, slot) DO UPDATE SET amount_cents = b.amount_cents + excluded.amount_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_balance_insert AFTER INSERT ON ledger_entry REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balance_apply();
--> statement-breakpoint
-- The ledger is append-only: a correction is a new, reversing transaction. Only the person an entry names may
-- be cleared (their account deleted); the amounts, the accounts and the rows themselves stay.
CREATE FUNCTION ledger_entry_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.amount_cents <> OLD.amount_cents OR NEW.account <> OLD.account
     OR NEW.transaction_id <> OLD.transaction_id THEN
    RAISE EXCEPTION 'ledger entries are never changed or deleted; post a reversing transaction';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_refuse_change();
